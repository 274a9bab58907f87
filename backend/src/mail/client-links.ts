import { invitationPath, profilePath } from '@stockroom/schema';

/**
 * Links from a mail to the client's pages, built on APP_URL (never on a
 * request's Host). The paths come from the schema package, which the client's
 * router reads too.
 */

/** A client page at `path` of the app at `appUrl`. */
export const clientLink = (appUrl: string, path: string) => new URL(path, appUrl + '/').toString();

/** The profile page, where its owner revokes API tokens and deletes webhooks. */
export const profileLink = (appUrl: string) => clientLink(appUrl, profilePath);

/** An invitation's page, where its holder signs in or up and accepts it. */
export const invitationLink = (appUrl: string, token: string) => clientLink(appUrl, invitationPath(token));
