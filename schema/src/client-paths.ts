/**
 * Client pages the server links to from its mails. The client's router and
 * links use the same names (its features' urls.ts re-export them), so a page
 * that moves is moved for both in one place.
 */

/** The sign-in page: where a refused single sign-on sends the browser back to. */
export const signInPath = '/auth/login';

/** The profile: where its owner revokes API tokens and deletes webhooks. */
export const profilePath = '/profile';

/** An invitation to a workspace: where its holder signs in or up with the invited address and accepts it. */
export const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;
