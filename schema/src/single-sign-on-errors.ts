/**
 * Why a single sign-on or a link through the provider was refused: the server
 * names the reason by its code in the address it sends the browser back to,
 * and the client shows the message, so no text of the address's own reaches
 * the page. A file of its own, so the sign-in page
 * loads these texts only when a refusal brings someone there.
 */
export const SingleSignOnErrors = {
  unverified_email: 'Your email address at the provider is not verified, so it cannot sign you in. Verify it there, or sign in with your password and link the account from your profile.',
  no_email: 'The provider did not share an email address, so no account could be found for you.',
  linked_elsewhere: 'This provider account is already linked to another Stockroom account.',
  already_linked: 'Your account is already linked to another account at this provider. Unlink it first.',
  account_inactive: 'Account is inactive. Please contact support',
  expired: 'The sign-in took too long or was started in another browser. Please try again.',
  session_ended: 'Your session ended before the link was made. Sign in and try again.',
  denied: 'The provider did not sign you in.',
  failed: 'Single sign-on failed. Please try again.',
  unavailable: 'The sign-in provider cannot be reached right now. Please try again later.',
} as const;
export type SingleSignOnErrorCode = keyof typeof SingleSignOnErrors;

/** The message for a code from the address; an unknown code reads as a plain failure. */
export const singleSignOnErrorMessage = (code: string): string =>
  Object.hasOwn(SingleSignOnErrors, code) ? SingleSignOnErrors[code as SingleSignOnErrorCode] : SingleSignOnErrors.failed;
