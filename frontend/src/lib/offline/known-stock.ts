import { offlineDb, type KnownLevel, type KnownStock } from './offline-db';
import { isNewerRead } from './known-stock-model';
import { currentCopyKey } from './product-copy';

/**
 * What this device last read of a product's stock (each place's quantity and ledger position), per
 * account and workspace, whichever screen read it (a count's, or the product's own page), kept for
 * counting and for the product's page with no network (known-stock-model.ts has the rules).
 */

/**
 * Keeps a read of a product's stock (`askedAt`: when the read was sent), unless the device already
 * knows a newer one (a read sent later, or one that saw newer movements). Resolves to the read kept.
 */
export async function rememberStock(productId: string, levels: readonly KnownLevel[], askedAt: number): Promise<KnownStock | null> {
  const [newest] = await rememberStocks([{ productId, levels }], askedAt, null);
  return newest ?? null;
}

/**
 * Keeps the reads of several products' stock sent together at `askedAt` (a count's scope, covering
 * `places`; null: every place), each under the same rule as rememberStock, in one transaction.
 */
export async function rememberStocks(reads: ReadonlyArray<{ productId: string; levels: readonly KnownLevel[] }>, askedAt: number, places: readonly string[] | null): Promise<KnownStock[]> {
  const workspace = currentCopyKey();
  if (!workspace) return [];
  const db = await offlineDb();
  const tx = db.transaction('knownStock', 'readwrite');
  const kept = await Promise.all(
    reads.map(async ({ productId, levels }) => {
      const key = `${workspace}:${productId}`;
      const known = await tx.store.get(key);
      const read: KnownStock = {
        key,
        workspace,
        productId,
        levels: levels.map(({ locationId, quantity, ledgerPosition, path }) => ({ locationId, quantity, ledgerPosition, ...(path === undefined ? {} : { path }) })),
        places: places ? [...places] : null,
        askedAt,
      };
      if (!isNewerRead(known, read)) return known!;
      await tx.store.put(read);
      return read;
    }),
  );
  await tx.done;
  return kept;
}

/** The product's stock as this device last read it in the chosen workspace; null when it never did. */
export async function knownStock(productId: string): Promise<KnownStock | null> {
  const workspace = currentCopyKey();
  if (!workspace) return null;
  return (await (await offlineDb()).get('knownStock', `${workspace}:${productId}`)) ?? null;
}
