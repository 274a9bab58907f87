import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { AuthMessages, GeneralMessages } from '@stockroom/schema';
import { extractErrorMessage } from '../../lib/errors';

/** Messages lib/errors makes up when the server said nothing usable. */
const NOT_FROM_SERVER: ReadonlySet<string> = new Set([GeneralMessages.somethingWentWrong, GeneralMessages.network, AuthMessages.invalidCredentials]);

/** Section 8: the server's message if there is one, otherwise the call's fallback. */
export function adminErrorMessage(error: unknown, fallback: string): string {
  const message = extractErrorMessage(error);
  return NOT_FROM_SERVER.has(message) ? fallback : message;
}

/**
 * The server refused an admin call to this user (FORBIDDEN): the page's
 * access-denied state. The server decides; the role the client holds may be
 * stale (demoted in another tab) and is never trusted for this.
 */
export function isAccessDenied(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'FORBIDDEN');
}
