import { offlineDb, type KnownLevel, type KnownStock } from './offline-db';
import { isNewerRead } from './known-stock-model';
import { currentCopyKey } from './product-copy';

/**
 * What this device last read of a product's stock (each place's quantity and ledger position), per
 * account and workspace, kept for counting with no network (known-stock-model.ts has the rules).
 */

/**
 * Keeps a read of a product's stock (`askedAt`: when the read was sent), unless the device already
 * knows a newer one (a read sent later, or one that saw newer movements). Resolves to the read kept.
 */
export async function rememberStock(productId: string, levels: readonly KnownLevel[], askedAt: number): Promise<KnownStock | null> {
  const workspace = currentCopyKey();
  if (!workspace) return null;
  const db = await offlineDb();
  const tx = db.transaction('knownStock', 'readwrite');
  const key = `${workspace}:${productId}`;
  const kept = await tx.store.get(key);
  const read: KnownStock = { key, workspace, productId, levels: levels.map(({ locationId, quantity, ledgerPosition }) => ({ locationId, quantity, ledgerPosition })), askedAt };
  const newest = isNewerRead(kept, read) ? read : kept!;
  if (newest === read) await tx.store.put(read);
  await tx.done;
  return newest;
}

/** The product's stock as this device last read it in the chosen workspace; null when it never did. */
export async function knownStock(productId: string): Promise<KnownStock | null> {
  const workspace = currentCopyKey();
  if (!workspace) return null;
  return (await (await offlineDb()).get('knownStock', `${workspace}:${productId}`)) ?? null;
}
