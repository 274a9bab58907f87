import { LEDGER_POSITION_MAX, type StockCountLineStatus, type StockCountStatus } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { locationService, subtreeOf, type LocationView } from '../locations/location.service';
import { countLedgerService, placeKey, type CountBooking, type StockedPlace } from '../stock/count-ledger/count-ledger.service';
import type { StockCountLineView, StockCountView } from './stock-count.types';

/** Rows as stock-count.queries.ts reads them, and the views both transports send. */

export interface CountState {
  status: StockCountStatus;
  blind: boolean;
  locationId: string | null;
  category: string | null;
}

export interface CountRow extends Omit<StockCountView, 'createdBy' | 'closedBy' | 'locationPath'> {
  createdById: string | null;
  createdByName: string | null;
  closedById: string | null;
  closedByName: string | null;
}

export interface LineRow extends Omit<StockCountLineView, 'countedBy' | 'locationPath'> {
  countedById: string | null;
  countedByName: string | null;
}

/** A line as a review and an approval weigh it. */
export interface CountLine {
  id: string;
  productId: string;
  locationId: string;
  quantity: number;
  ledgerPosition: string;
  status: StockCountLineStatus;
}

/** Each location's path by id, for the views. */
export const pathsOf = (locations: LocationView[]) => new Map(locations.map((location) => [location.id, location.path]));

const person = (id: string | null, fullName: string | null) => (id === null ? null : { id, fullName: fullName ?? '' });
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

export function stockCountFromRow({ createdById, createdByName, closedById, closedByName, ...row }: CountRow, paths: Map<string, string>): StockCountView {
  return {
    ...row,
    locationPath: row.locationId === null ? null : (paths.get(row.locationId) ?? null),
    createdAt: new Date(row.createdAt),
    submittedAt: dateOrNull(row.submittedAt),
    closedAt: dateOrNull(row.closedAt),
    createdBy: person(createdById, createdByName),
    closedBy: person(closedById, closedByName),
  };
}

export function lineFromRow({ countedById, countedByName, ...row }: LineRow, paths: Map<string, string>): StockCountLineView {
  return { ...row, locationPath: paths.get(row.locationId) ?? null, countedAt: new Date(row.countedAt), countedBy: person(countedById, countedByName) };
}

/** The locations a count covers (its location and the ones below it, from the workspace's tree), or null for every location. */
export function scopeLocationsOf(locations: LocationView[], state: Pick<CountState, 'locationId'>): string[] | null {
  return state.locationId === null ? null : [...subtreeOf(locations, state.locationId)];
}

/** A product at a location as a count's lines name it: the lines, their counts summed, measured from the earliest position any of them saw. */
export interface LinesAtPlace extends CountBooking {
  lineIds: string[];
}

/** The lines grouped by product and location: what a review shows and an approval books, one per place. */
export function linesByPlace(lines: CountLine[]): LinesAtPlace[] {
  const byPlace = new Map<string, LinesAtPlace>();
  for (const line of lines) {
    const place = byPlace.get(placeKey(line));
    if (!place) {
      byPlace.set(placeKey(line), { productId: line.productId, locationId: line.locationId, position: line.ledgerPosition, counted: line.quantity, lineIds: [line.id] });
      continue;
    }
    place.counted += line.quantity;
    place.lineIds.push(line.id);
    if (BigInt(line.ledgerPosition) < BigInt(place.position)) place.position = line.ledgerPosition;
  }
  return [...byPlace.values()];
}

/** Stock in the count's scope that no line of the count names: what a review lists as not counted. */
export async function uncountedPlaces(ctx: RequestContext, state: CountState, lines: CountLine[], locations: LocationView[]): Promise<StockedPlace[]> {
  const seen = new Set(lines.map(placeKey));
  const stocked = await countLedgerService.stockedIn(ctx, { locationIds: scopeLocationsOf(locations, state), category: state.category });
  return stocked.filter((place) => !seen.has(placeKey(place)));
}

/** The stock no line names, as bookings of 0 measured from the newest position (the quantity there now). */
export async function uncountedBookings(ctx: RequestContext, state: CountState, lines: CountLine[]): Promise<CountBooking[]> {
  const uncounted = await uncountedPlaces(ctx, state, lines, await locationService.list(ctx));
  return uncounted.map(({ productId, locationId }) => ({ productId, locationId, counted: 0, position: LEDGER_POSITION_MAX }));
}
