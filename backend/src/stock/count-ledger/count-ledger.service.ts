import { Rules, type StockCountLineStatus } from '@stockroom/schema';
import type { RequestContext } from '../../account/context';
import { requireMember } from '../../account/workspace-access';
import { deletedLocationErrorOf } from '../../locations/location.errors';
import { locationService } from '../../locations/location.service';
import {
  bookCountsStatement,
  lockProductsStatement,
  newestMovementsStatement,
  placesAtPositionsStatement,
  stockedLevelsStatement,
  type PlaceArrays,
} from './count-ledger.queries';

/** A product at a location as a count saw it: up to which movement there (its ledger position). */
export interface CountedPlace {
  productId: string;
  locationId: string;
  /** A movement id; '0' when the counter knew of none. */
  position: string;
}

/** The product a place holds, as a review names and prices it; null once it is purged. */
export interface PlaceProduct {
  name: string;
  sku: string | null;
  price: number;
  /** false while it is in the trash. */
  live: boolean;
}

/** A place read at its position. */
export interface PlaceAtPosition extends CountedPlace {
  /** The level's quantity right after the movement at `position`: what the counter should have found. */
  atPosition: number;
  /** The level's quantity now. */
  level: number;
  /** The id of the newest movement there now ('0' when none). */
  newestPosition: string;
  product: PlaceProduct | null;
}

/** A live product's level holding stock: what a count of its scope should find. */
export interface StockedPlace {
  productId: string;
  locationId: string;
  quantity: number;
  product: Omit<PlaceProduct, 'live'>;
}

/** One count to book: `counted` found at the place, measured against the quantity at `position`. */
export interface CountBooking extends CountedPlace {
  counted: number;
}

/** What became of a booking; `movementId` is the COUNT movement when it was BOOKED. */
export interface BookingOutcome {
  status: Extract<StockCountLineStatus, 'BOOKED' | 'PRODUCT_DELETED' | 'LOCATION_DELETED' | 'BELOW_ZERO' | 'OVER_MAXIMUM'>;
  movementId: string | null;
  /** The level's quantity at the position, and the difference booked (or that would have been). */
  expected: number;
  delta: number;
  /** The id of the newest movement there before the booking ('0' when none). */
  seenPosition: string;
}

type PlaceRow = Omit<PlaceAtPosition, 'product'> & Partial<PlaceProduct> & { exists: boolean; total: number | null };

/** A product at a location as one key, to match bookings, lines and rows. */
export const placeKey = (place: { productId: string; locationId: string }) => `${place.productId}/${place.locationId}`;
const arraysOf = (places: CountedPlace[]): PlaceArrays => ({
  productIds: places.map((p) => p.productId),
  locationIds: places.map((p) => p.locationId),
  positions: places.map((p) => p.position),
});

async function readPlaces(ctx: RequestContext, workspaceId: string, places: CountedPlace[]): Promise<PlaceRow[]> {
  if (places.length === 0) return [];
  return ctx.sql.query<PlaceRow>(placesAtPositionsStatement(workspaceId, arraysOf(places)));
}

/**
 * Rounds of bookings in which each product appears once: one UPDATE writes a
 * product row once, and its context names one location.
 */
function roundsOf<T extends { productId: string }>(bookings: T[]): T[][] {
  const rounds: T[][] = [];
  const seen = new Map<string, number>();
  for (const booking of bookings) {
    const round = seen.get(booking.productId) ?? 0;
    seen.set(booking.productId, round + 1);
    (rounds[round] ??= []).push(booking);
  }
  return rounds;
}

/**
 * The stock ledger as stock counts read and write it: a level's quantity at
 * a ledger position, the stock a scope holds, and counts booked as COUNT
 * movements through the triggers on products, like every stock change.
 */
export const countLedgerService = {
  /** Each place at its position, with its product (members). Places of another workspace read as empty, their product as null. */
  async atPositions(ctx: RequestContext, places: CountedPlace[]): Promise<PlaceAtPosition[]> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const rows = await readPlaces(ctx, workspaceId, places);
    return rows.map(({ exists, total: _total, name, sku, price, live, ...place }) => ({
      ...place,
      product: exists ? { name: name!, sku: sku ?? null, price: price!, live: live! } : null,
    }));
  },

  /** The levels holding stock of live products at `locationIds` (null: anywhere) of `category` (null: any), by product name (members). */
  async stockedIn(ctx: RequestContext, scope: { locationIds: string[] | null; category: string | null }): Promise<StockedPlace[]> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const rows = await ctx.sql.query<Omit<StockedPlace, 'product'> & StockedPlace['product']>(stockedLevelsStatement(workspaceId, scope.locationIds, scope.category));
    return rows.map(({ productId, locationId, quantity, name, sku, price }) => ({ productId, locationId, quantity, product: { name, sku, price } }));
  },

  /**
   * Books counts (admins and above), each place once, in the transaction the
   * caller's context runs on: the products are held first, so every level
   * read stays true until the bookings commit. Each place books
   * `counted - its quantity at the position` as a COUNT movement (movements
   * after the position stand), unless its product is gone or in the trash,
   * its location is gone, its level would fall below 0, or its product's
   * total would pass the quantity maximum: those are answered, not booked.
   */
  async book(ctx: RequestContext, bookings: CountBooking[]): Promise<Map<string, BookingOutcome>> {
    const { user, workspaceId } = await requireMember(ctx, 'manageStockCounts');
    const outcomes = new Map<string, BookingOutcome>();
    if (bookings.length === 0) return outcomes;
    await ctx.sql.query(lockProductsStatement(workspaceId, [...new Set(bookings.map((b) => b.productId))].sort()));
    const rows = await readPlaces(ctx, workspaceId, bookings);
    const known = new Set((await locationService.list(ctx)).map((location) => location.id));
    const counted = new Map(bookings.map((b) => [placeKey(b), b.counted]));
    const refuse = (row: PlaceRow, status: BookingOutcome['status'], delta: number) => outcomes.set(placeKey(row), { status, movementId: null, expected: row.atPosition, delta, seenPosition: row.newestPosition });
    const planned: Array<{ row: PlaceRow; delta: number }> = [];
    for (const row of rows) {
      const delta = counted.get(placeKey(row))! - row.atPosition;
      if (!row.exists || !row.live) refuse(row, 'PRODUCT_DELETED', delta);
      else if (!known.has(row.locationId)) refuse(row, 'LOCATION_DELETED', delta);
      else if (row.level + delta < 0) refuse(row, 'BELOW_ZERO', delta);
      else planned.push({ row, delta });
    }
    // A product's bookings together may not take its total past the quantity rule's maximum.
    const totals = new Map<string, number>();
    for (const { row, delta } of planned) totals.set(row.productId, (totals.get(row.productId) ?? row.total ?? 0) + delta);
    const booked = planned.filter(({ row, delta }) => {
      if (totals.get(row.productId)! <= Rules.quantity.max) return true;
      refuse(row, 'OVER_MAXIMUM', delta);
      return false;
    });
    const writes = booked.map(({ row, delta }) => ({ productId: row.productId, locationId: row.locationId, delta, levelAfter: row.level + delta }));
    try {
      for (const round of roundsOf(writes)) await ctx.sql.query(bookCountsStatement(workspaceId, user.id, round));
    } catch (error) {
      throw deletedLocationErrorOf(error) ?? error;
    }
    if (writes.length === 0) return outcomes;
    const movements = new Map(
      (await ctx.sql.query<{ productId: string; locationId: string; movementId: string }>(newestMovementsStatement(workspaceId, writes))).map((m) => [placeKey(m), m.movementId]),
    );
    for (const { row, delta } of booked) outcomes.set(placeKey(row), { status: 'BOOKED', movementId: movements.get(placeKey(row)) ?? null, expected: row.atPosition, delta, seenPosition: row.newestPosition });
    return outcomes;
  },
};
