import { ImportMessages } from '@stockroom/schema';
import type { LocationView } from '../../locations/location.service';

/**
 * Stock levels in an import: the `location` column's cells read as the
 * workspace's locations, and a product's levels as the writes that set them.
 * The product triggers move one product's stock at one location per
 * statement, so a product whose rows set several levels is written once per
 * level: its first level with the product's row, each further one by a
 * statement of its own (a round).
 */

/** The location a `location` cell names, or the row error it is. */
export type LocationFound = { id: string } | { error: string };

/** The workspace's locations as an import's `location` cells name them. */
export interface LocationBook {
  /** The default location's id: where a blank cell, or a file without the column, puts stock. */
  defaultId: string;
  /** The location a non-blank cell names. */
  find(cell: string): LocationFound;
}

const key = (text: string) => text.trim().toLowerCase();

/**
 * A cell names a location by its path (as an export by location writes it,
 * "Shop / Back room") or by its code, both trimmed and in any case. A path
 * comes first, so an export imports back even where a code spells another
 * location's path; a path two sibling locations share names neither, and
 * only their codes tell them apart. Nothing is created: a cell naming no
 * location is the row's error.
 */
export function locationBook(locations: LocationView[]): LocationBook {
  const byPath = new Map<string, string[]>();
  const byCode = new Map<string, string>();
  for (const location of locations) {
    const path = key(location.path);
    byPath.set(path, [...(byPath.get(path) ?? []), location.id]);
    if (location.code) byCode.set(key(location.code), location.id);
  }
  const defaultId = locations.find((location) => location.isDefault)?.id;
  if (!defaultId) throw new Error('The workspace has no default location');
  return {
    defaultId,
    find(cell) {
      const paths = byPath.get(key(cell)) ?? [];
      if (paths.length === 1) return { id: paths[0] };
      const coded = byCode.get(key(cell));
      if (coded) return { id: coded };
      return { error: paths.length > 1 ? ImportMessages.ambiguousLocation(cell.trim()) : ImportMessages.unknownLocation(cell.trim()) };
    },
  };
}

/** One level a row of the file sets: at which location, to what (undefined: a blank cell, the level stays). */
export interface LevelTarget {
  row: number;
  locationId: string;
  quantity: number | undefined;
}

/** A level a round after the first writes: the product's quantity moves by `delta`, at `locationId`, which must end at `counted`. */
export interface LevelWrite {
  round: number;
  productId: string;
  locationId: string;
  delta: number;
  counted: number;
}

/** How a product's rows set its levels: the product's total after them, what its own row writes, and the rounds after it. */
export interface PlannedLevels {
  /** The product's quantity once every level is set: its quantity before, plus what each level gains or loses. */
  total: number;
  /** Whether any level changes. */
  changes: boolean;
  /** Where the product's own row moves its stock, and the level that must result (null: a blank cell, a check of nothing). */
  first: { locationId: string; counted: number | null; quantity: number };
  /** The levels after the first that change, one a round. */
  later: Omit<LevelWrite, 'productId'>[];
}

/**
 * A product's levels as its writes set them, `current` telling what each level
 * holds now (0 where the product has none, and for a new product). The first
 * row's level is written with the product's row, even unchanged, so that its
 * `counted` check refuses the import if the level moved since it was read;
 * the others only when they change.
 */
export function planLevels(quantityBefore: number, targets: LevelTarget[], current: (locationId: string) => number): PlannedLevels {
  let total = quantityBefore;
  let changes = false;
  const steps = targets.map(({ locationId, quantity }) => {
    const now = current(locationId);
    const delta = quantity === undefined ? 0 : quantity - now;
    total += delta;
    if (delta !== 0) changes = true;
    return { locationId, delta, counted: quantity === undefined ? null : quantity };
  });
  const [head, ...rest] = steps;
  const later = rest.filter((step) => step.delta !== 0).map((step, index) => ({ round: index + 2, locationId: step.locationId, delta: step.delta, counted: step.counted! }));
  return { total, changes, first: { locationId: head.locationId, counted: head.counted, quantity: quantityBefore + head.delta }, later };
}
