/**
 * Links from a mail to the client's pages. The client spells its paths in its
 * own urls.ts files, which the server cannot import; the ones mails link to
 * are spelled here, once, and built on APP_URL (never on a request's Host).
 */

const PROFILE_PATH = '/profile';

/** A client page at `path` of the app at `appUrl`. */
export const clientLink = (appUrl: string, path: string) => new URL(path, appUrl + '/').toString();

/** The profile page, where its owner revokes API tokens and deletes webhooks. */
export const profileLink = (appUrl: string) => clientLink(appUrl, PROFILE_PATH);
