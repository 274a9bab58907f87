import { SingleSignOnErrors } from '@stockroom/schema';
import type { AuthUser } from '../../lib/session';

/**
 * The session a finished single sign-on left for the sign-in page: the server keeps
 * it in a one-minute httpOnly cookie and hands it over once, so the token is
 * never part of an address (history, logs, a Referer).
 */
export async function takeSingleSignOnSession(): Promise<{ accessToken: string; user: AuthUser }> {
  const response = await fetch('/api/auth/oidc/session', { method: 'POST', credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as { accessToken?: string; user?: AuthUser } | null;
  // Whatever went wrong (no cookie, an ended session), trying again is the way on.
  if (!response.ok || !body?.accessToken || !body.user) throw new Error(SingleSignOnErrors.expired);
  return { accessToken: body.accessToken, user: body.user };
}
