import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import type { MeQuery } from '@stockroom/schema/generated/graphql';
import { MeDocument } from '@stockroom/schema/generated/hooks';
import type { AuthUser } from '../session/auth-state';
import { readBrowserToken } from '../session/storage';
import { accountIdOf } from '../workspace/workspace-storage';
import { offlineDb } from './offline-db';

/**
 * The signed-in account as the server last described it (its profile and workspaces, the session's
 * Me answer), kept on the device per account, so that the app opens signed in as that account with
 * no network.
 */
export async function saveAccount(me: MeQuery): Promise<void> {
  const accountId = accountIdOf(readBrowserToken());
  if (accountId !== me.me.id) return;
  const db = await offlineDb();
  await db.put('accounts', { accountId, me, savedAt: Date.now() });
}

/**
 * After the profile's request failed: when the server could not be reached (no answer, as against a
 * refusal), the account's kept Me answer, put in the cache as the server's would have been, and its
 * user; null when it was refused or no answer was kept.
 */
export async function keptProfile(client: ApolloClient, error: unknown): Promise<AuthUser | null> {
  const accountId = accountIdOf(readBrowserToken());
  if (!accountId || CombinedGraphQLErrors.is(error) || ServerError.is(error)) return null;
  const kept = await (await offlineDb()).get('accounts', accountId);
  if (!kept) return null;
  client.writeQuery({ query: MeDocument, data: kept.me });
  return kept.me.me;
}
