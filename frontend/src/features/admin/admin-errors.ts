import { errorCodeOf } from '../../lib/errors';

/**
 * The server refused an admin call to this user (FORBIDDEN): the page's
 * access-denied state. The server decides; the role the client holds may be
 * stale (demoted in another tab) and is never trusted for this.
 */
export function isAccessDenied(error: unknown): boolean {
  return errorCodeOf(error) === 'FORBIDDEN';
}
