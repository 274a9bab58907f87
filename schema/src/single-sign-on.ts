/**
 * Single sign-on with an OpenID Connect provider: the paths the browser is
 * sent to and the messages of a link (the refusals are in single-sign-on-errors.ts).
 */

/** Where the sign-in button sends the browser (the server redirects it to the provider). */
export const SINGLE_SIGN_ON_START_PATH = '/api/auth/oidc/start';
/** The redirect URI to register at the provider, after APP_URL. */
export const SINGLE_SIGN_ON_CALLBACK_PATH = '/api/auth/oidc/callback';
/**
 * The query parameter that tells the page the browser comes back to how it went: `signed-in` on the
 * sign-in page (which then picks the session up), `second-factor` there for an account with a second
 * factor (the sign-in's `mfaToken` and `methods` follow in the fragment), `linked` on the profile.
 */
export const SINGLE_SIGN_ON_PARAM = 'sso';
/**
 * The fragment's keys when a single sign-on goes on to the second factor: the fragment never reaches a
 * server, so its logs keep no token.
 */
export const SINGLE_SIGN_ON_MFA_TOKEN_KEY = 'mfaToken';
export const SINGLE_SIGN_ON_METHODS_KEY = 'methods';
/** The query parameter that carries a refusal's code back to the sign-in page or the profile. */
export const SINGLE_SIGN_ON_ERROR_PARAM = 'ssoError';

export const SingleSignOnMessages = {
  linked: (provider: string) => `Your account is linked to ${provider}.`,
  unlinked: (provider: string) => `Your account is no longer linked to ${provider}.`,
  notLinked: 'Your account is not linked to a sign-in provider',
  noSession: 'No single sign-on is waiting to be picked up',
} as const;
