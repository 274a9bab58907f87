import type { StockCountDetailsQuery, StockCountScopeOptionsQuery } from '@stockroom/schema/generated/graphql';
import { offlineDb, type KeptStockCount } from './offline-db';
import { currentCopyKey } from './product-copy';

/**
 * Stock counts as the server last described them to this device (the count, its lines and the
 * workspace's locations), per account and workspace, so that a count opened once online opens again
 * with no network. The Apollo cache lives in memory only; this copy survives a reload.
 */

const keyOf = (workspace: string, countId: string) => `${workspace}:${countId}`;

/** Keeps the count's details, and the locations when given (a later save without them keeps the earlier ones). */
export async function keepStockCount(countId: string, details: StockCountDetailsQuery, locations?: StockCountScopeOptionsQuery['locations']): Promise<void> {
  const workspace = currentCopyKey();
  if (!workspace) return;
  const db = await offlineDb();
  const tx = db.transaction('stockCounts', 'readwrite');
  const key = keyOf(workspace, countId);
  const kept = await tx.store.get(key);
  await tx.store.put({ key, workspace, details, locations: locations ?? kept?.locations ?? null, savedAt: Date.now() });
  await tx.done;
}

/** The count as this device last had it in the chosen workspace; null when it never opened it. */
export async function keptStockCount(countId: string): Promise<KeptStockCount | null> {
  const workspace = currentCopyKey();
  if (!workspace) return null;
  return (await (await offlineDb()).get('stockCounts', keyOf(workspace, countId))) ?? null;
}

/** The workspace's locations as this device last read them (with a count it opened); null when it never did. */
export async function keptLocations(): Promise<NonNullable<KeptStockCount['locations']> | null> {
  const workspace = currentCopyKey();
  if (!workspace) return null;
  const kept = await (await offlineDb()).getAllFromIndex('stockCounts', 'workspace', workspace);
  const newest = kept.filter((count) => count.locations).sort((a, b) => b.savedAt - a.savedAt)[0];
  return newest?.locations ?? null;
}
