import type { ApolloClient } from '@apollo/client';
import { MeDocument } from '@stockroom/schema/generated/hooks';
import type { AuthUser } from './auth-state';

/**
 * The stored session's profile, asked for by main.tsx before the app's first render (beside the
 * page's first answers). The provider starts with it when it has come, so the header and a page
 * that shows the user are drawn once, with the user, instead of first with a placeholder; when it
 * has not, the provider's session check waits for this request instead of sending another.
 */
let request: { token: string; profile: Promise<AuthUser> } | null = null;
let answered: { token: string; user: AuthUser } | null = null;

/** The device's copy of the account (lib/offline/account-copy.ts), loaded when first needed. */
const accountCopy = () => import('../offline/account-copy');

/**
 * The signed-in user's profile, from the server (never the cache): reading it also checks that the session still stands.
 * Each answer is kept on the device a moment later; when the server cannot be reached (no network), the account as it
 * last answered is: the app opens signed in, and checks the session once the network is back.
 */
export async function queryProfile(client: ApolloClient): Promise<AuthUser> {
  try {
    // With no network, straight to the kept account rather than through the retries of a request that cannot go.
    if (navigator.onLine === false) throw new TypeError('offline');
    const result = await client.query({ query: MeDocument, fetchPolicy: 'network-only' });
    const me = result.data?.me;
    if (!me) throw new Error('Empty response');
    setTimeout(() => void accountCopy().then((copy) => copy.saveAccount(result.data!), () => undefined), 1000);
    return me;
  } catch (error) {
    const kept = await accountCopy().then((copy) => copy.keptProfile(client, error), () => null);
    if (kept) return kept;
    throw error;
  }
}

/** Asks the server who holds `token`, before the app's first render; never rejects. */
export function askFirstProfile(client: ApolloClient, token: string): Promise<unknown> {
  const profile = queryProfile(client).then((user) => {
    answered = { token, user };
    return user;
  });
  request = { token, profile };
  return profile.catch(() => undefined);
}

/** The profile of the session stored as `token`, if it has come; its request is then spent (a later check asks the server). */
export function claimAnsweredFirstProfile(token: string): AuthUser | null {
  if (answered?.token !== token) return null;
  request = null;
  return answered.user;
}

/** The first profile's request for `token`, the first time it is asked for; a later check asks the server again. */
export function takeFirstProfileRequest(token: string | null): Promise<AuthUser> | null {
  const taken = request?.token === token ? request.profile : null;
  request = null;
  return taken;
}
