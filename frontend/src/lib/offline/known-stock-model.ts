import { quantityAfterChange, type QueuedChange } from './change-queue-model';
import type { KnownLevel, KnownStock } from './offline-db';

/**
 * The rules for what this device knows of a product's stock, free of storage: a count line names
 * the newest movement the device actually knew for the product and place (its ledger position),
 * and approving it books `counted - the quantity there at that position`. A position newer than
 * what the counter saw would wipe out the movements between; so the device keeps each product's
 * stock as one read gave it, whole, and never mixes the positions of two reads.
 */

/**
 * Whether a read of a product's stock is newer knowledge than the one kept: it was sent later, and
 * no place it lists has an older movement than the kept read had there (movement ids only grow, so
 * a lower position at a place can only come from an older state of the server). The newer read is
 * kept whole, in place of the other, also when it covered fewer places (a count's scope, `places`):
 * those outside it become unknown (levelAt), never mixed in from the older read.
 */
export function isNewerRead(kept: Pick<KnownStock, 'levels' | 'askedAt' | 'places'> | null | undefined, read: Pick<KnownStock, 'levels' | 'askedAt' | 'places'>): boolean {
  if (!kept) return true;
  if (read.askedAt < kept.askedAt) return false;
  const keptAt = new Map(kept.levels.map((level) => [level.locationId, BigInt(level.ledgerPosition)]));
  return read.levels.every((level) => BigInt(level.ledgerPosition) >= (keptAt.get(level.locationId) ?? 0n));
}

/** A read of one product's stock that a screen asked the server for, and when it was sent. */
export interface StockAsk {
  productId: string;
  askedAt: number;
}

/**
 * Follows a screen's watched read of a product's stock (a query answered from the client's cache or
 * the server) and tells which answer is a read to keep, with when it was sent. Only an answer that
 * came from the server while the screen watched is one: it was asked when the query was first seen
 * loading; an answer from the cache may be older than any kept read, and its sending time is not
 * known. `asked`: the read in flight, as this returned it last; `answered`: the query holds an
 * answer for `productId` with no error.
 */
export function followStockRead(asked: StockAsk | null, seen: { productId: string; loading: boolean; answered: boolean }, now: number): { asked: StockAsk | null; keep: StockAsk | null } {
  if (seen.loading) return { asked: asked?.productId === seen.productId ? asked : { productId: seen.productId, askedAt: now }, keep: null };
  return { asked: null, keep: asked?.productId === seen.productId && seen.answered ? asked : null };
}

/**
 * A place's quantity and ledger position in one read: a place the read covers but does not list
 * held nothing ('0': quantity 0 there at any position up to the read, so counting it at '0' loses
 * no movement). Null for a place outside the places a scoped read covered (`places`): the read
 * says nothing of it, and claiming none there would wipe out its stock when the line is approved.
 */
export function levelAt(levels: readonly KnownLevel[], locationId: string, places?: readonly string[] | null): Omit<KnownLevel, 'locationId'> | null {
  const level = levels.find((candidate) => candidate.locationId === locationId);
  if (level) return { quantity: level.quantity, ledgerPosition: level.ledgerPosition };
  return places && !places.includes(locationId) ? null : { quantity: 0, ledgerPosition: '0' };
}

/**
 * The path a place of a kept read shows under: the one the read gave with it (a product page's read),
 * else the one in the locations the device kept with a count; null when the device has neither.
 */
export function placePathOf(level: Pick<KnownLevel, 'locationId' | 'path'>, keptPaths: ReadonlyMap<string, string>): string | null {
  return level.path ?? keptPaths.get(level.locationId) ?? null;
}

/**
 * The stock changes this device recorded of the product (adjustments, stocktakes) that a read of its
 * stock asked at `askedAt` may not hold, oldest first: still waiting to be sent, or recorded by the
 * server only after the read was sent. Refused ones never became movements; count lines book nothing
 * until their count is approved.
 */
function ownChangesMissingFromRead(changes: readonly QueuedChange[], accountId: string | null, productId: string, askedAt: number): QueuedChange[] {
  return changes.filter(
    (change) =>
      change.accountId === accountId &&
      change.productId === productId &&
      change.kind !== 'countLine' &&
      (change.state === 'pending' || (change.state === 'done' && (change.settledAt ?? 0) >= askedAt)),
  );
}

/**
 * Whether stock changes this device recorded of the product are missing from a read of its stock
 * asked at `askedAt` (ownChangesMissingFromRead): still waiting to be sent, or recorded by the server
 * only after the read. A count set against that read would count them twice: they become movements
 * after its position, which stand when the count is approved, while the shelf counted already
 * shows them. Null when the read holds every one of them.
 */
export function ownChangesOutsideRead(changes: readonly QueuedChange[], accountId: string | null, productId: string, askedAt: number): 'waiting' | 'sentSinceRead' | null {
  const missing = ownChangesMissingFromRead(changes, accountId, productId, askedAt);
  if (missing.some((change) => change.state === 'pending')) return 'waiting';
  return missing.length > 0 ? 'sentSinceRead' : null;
}

/**
 * The quantity a product's page shows with no network: the newest figure the device has of it, with
 * the changes recorded here that figure does not hold applied on top (quantityAfterChange). The copy
 * of the products (`copy`, refreshed at `copiedAt`; its quantity already moved by every change
 * recorded here since) gives way to the device's read of the product's stock when that read was sent
 * at or after the copy's refresh ended (every answer of the copy had come, so the read saw at least as
 * new a state of the server), or when the refresh's time is not known: then the read's levels summed,
 * and the changes it may not hold applied in the order they were made. A read of a count's places
 * only, or one without quantities (a blind count's), gives no total: the copy's quantity stands.
 */
export function quantityOnDevice(
  copy: { quantity: number; copiedAt: number | null },
  read: Pick<KnownStock, 'levels' | 'askedAt' | 'places'> | null,
  changes: readonly QueuedChange[],
  accountId: string | null,
  productId: string,
): number {
  if (!read || read.places || (copy.copiedAt !== null && read.askedAt < copy.copiedAt)) return copy.quantity;
  let total = 0;
  for (const level of read.levels) {
    if (level.quantity === null) return copy.quantity;
    total += level.quantity;
  }
  return ownChangesMissingFromRead(changes, accountId, productId, read.askedAt).reduce(quantityAfterChange, total);
}
