import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { MeDocument } from '@stockroom/schema/generated/hooks';
import { accountIdOf } from '../workspace/workspace-storage';
import type { AuthUser } from './auth-state';
import { readBrowserToken } from './storage';

/**
 * The stored session's profile, asked for by main.tsx before the app's first render (beside the
 * page's first answers). The provider starts with it when it has come, so the header and a page
 * that shows the user are drawn once, with the user, instead of first with a placeholder; when it
 * has not, the provider's session check waits for this request instead of sending another.
 */
let request: { token: string; profile: Promise<AuthUser> } | null = null;
let answered: { token: string; user: AuthUser } | null = null;

/** How long after the profile's answer it is kept on the device: after the page's own first work. */
const SAVE_ACCOUNT_DELAY_MS = 1000;

/** The account's last Me answer kept on the device, put in the cache as the server's would be; null when none was kept. */
async function savedProfile(client: ApolloClient, accountId: string): Promise<AuthUser | null> {
  const saved = await import('../offline/account-copy').then((module) => module.savedAccount(accountId)).catch(() => null);
  if (!saved) return null;
  client.writeQuery({ query: MeDocument, data: saved });
  return saved.me;
}

/**
 * The signed-in user's profile, from the server (never the cache): reading it also checks that the session still stands.
 * With no network, the account as the server last described it (kept on the device after each answer): the app opens
 * signed in, and checks the session when the network is back.
 */
export async function queryProfile(client: ApolloClient): Promise<AuthUser> {
  const accountId = accountIdOf(readBrowserToken());
  if (accountId && navigator.onLine === false) {
    const saved = await savedProfile(client, accountId);
    if (saved) return saved;
  }
  try {
    const result = await client.query({ query: MeDocument, fetchPolicy: 'network-only' });
    const me = result.data?.me;
    if (!me) throw new Error('Empty response');
    const answer = result.data;
    if (accountId && answer) {
      window.setTimeout(() => void import('../offline/account-copy').then((module) => module.saveAccount(accountId, answer)).catch(() => undefined), SAVE_ACCOUNT_DELAY_MS);
    }
    return me;
  } catch (error) {
    // No answer at all (not a refusal): the server cannot be reached.
    const unreachable = !CombinedGraphQLErrors.is(error) && !ServerError.is(error);
    const saved = unreachable && accountId ? await savedProfile(client, accountId) : null;
    if (saved) return saved;
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
