/**
 * Single sign-on with an OpenID Connect provider: the paths the browser is
 * sent to, and why a sign-in or a link through the provider was refused. The
 * server names a refusal by its code in the address it sends the browser back
 * to; the client shows the message, so no text of the address's own reaches the page.
 */

/** Where the sign-in button sends the browser (the server redirects it to the provider). */
export const SINGLE_SIGN_ON_START_PATH = '/api/auth/oidc/start';
/** The redirect URI to register at the provider, after APP_URL. */
export const SINGLE_SIGN_ON_CALLBACK_PATH = '/api/auth/oidc/callback';
/** The client page a successful single sign-on lands on, to pick its session up. */
export const singleSignOnLandingPath = '/auth/sso';
/** The query parameter that carries a refusal's code back to the sign-in page or the profile. */
export const SINGLE_SIGN_ON_ERROR_PARAM = 'ssoError';

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

export const SingleSignOnMessages = {
  linked: (provider: string) => `Your account is linked to ${provider}.`,
  unlinked: (provider: string) => `Your account is no longer linked to ${provider}.`,
  notLinked: 'Your account is not linked to a sign-in provider',
  noSession: 'No single sign-on is waiting to be picked up',
} as const;
