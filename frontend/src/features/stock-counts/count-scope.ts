import type { StockCountRecordFragment } from '@stockroom/schema/generated/graphql';

export interface ScopeLocation {
  id: string;
  parentId: string | null;
  path: string;
  isDefault: boolean;
}

/**
 * The places a count's lines may name, by path: its location and every one
 * below it, or every location when it counts them all.
 */
export function placesInScope<T extends ScopeLocation>(locations: readonly T[], rootId: string | null): T[] {
  const sorted = [...locations].sort((a, b) => a.path.localeCompare(b.path));
  if (!rootId) return sorted;
  const inside = new Set([rootId]);
  // Parents before children is not promised: walk until no more join.
  let grew = true;
  while (grew) {
    grew = false;
    for (const location of locations) {
      if (location.parentId && inside.has(location.parentId) && !inside.has(location.id)) {
        inside.add(location.id);
        grew = true;
      }
    }
  }
  return sorted.filter((location) => inside.has(location.id));
}

/**
 * The place a new line starts at: the first in scope where the product has
 * stock, else the count's own location, else the default one, else the first.
 */
export function startingPlace<T extends ScopeLocation>(places: readonly T[], stockedIds: readonly string[], countLocationId: string | null): T | undefined {
  return (
    places.find((place) => stockedIds.includes(place.id)) ??
    places.find((place) => place.id === countLocationId) ??
    places.find((place) => place.isDefault) ??
    places[0]
  );
}

/** What a count covers, in words: "Back room / Shelf B3 · Tools", "Everything". */
export function scopeText(count: Pick<StockCountRecordFragment, 'locationId' | 'locationPath' | 'category'>): string {
  const place = count.locationId ? (count.locationPath ?? 'A deleted location') : null;
  const parts = [place, count.category && `category ${count.category}`].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Whole workspace';
}

/** Whether the caller sees what the system expects: always, unless the count is blind and the caller only counts. */
export const showsExpected = (count: Pick<StockCountRecordFragment, 'blind'>, mayApprove: boolean) => !count.blind || mayApprove;

/** A status as the screens name it. */
export const STATUS_LABELS: Record<StockCountRecordFragment['status'], string> = {
  OPEN: 'Open',
  IN_REVIEW: 'In review',
  APPROVED: 'Approved',
  CANCELLED: 'Cancelled',
};

export const STATUS_INTENTS: Record<StockCountRecordFragment['status'], 'primary' | 'warning' | 'success' | 'none'> = {
  OPEN: 'primary',
  IN_REVIEW: 'warning',
  APPROVED: 'success',
  CANCELLED: 'none',
};
