import type { MeQuery } from '@stockroom/schema/generated/graphql';
import { offlineDb } from './offline-db';

/**
 * The signed-in account as the server last described it (its profile and workspaces, the session's
 * Me answer), kept on the device so that the app opens signed in as that account with no network.
 */
export async function saveAccount(accountId: string, me: MeQuery): Promise<void> {
  const db = await offlineDb();
  await db.put('accounts', { accountId, me, savedAt: Date.now() });
}

/** The account's last Me answer, if one was kept. */
export async function savedAccount(accountId: string): Promise<MeQuery | null> {
  const db = await offlineDb();
  return (await db.get('accounts', accountId))?.me ?? null;
}
