import { ActivityMessages } from '@stockroom/schema';
import { formatCount, formatDate } from '../../lib/format';

/**
 * The dashboard's greeting. "Welcome back" only once the user has come back
 * (signed in again since signing up): a brand-new account is welcomed, not
 * welcomed back. Until the dashboard says which (`returning` undefined while
 * it loads), the plain welcome is true either way.
 */
export function greetingFor(firstName: string, returning: boolean | undefined): string {
  return returning ? `Welcome back, ${firstName}.` : `Welcome, ${firstName}.`;
}

/** Whole calendar days from `from` to `to` in the browser's time zone. */
function calendarDaysBetween(from: Date, to: Date): number {
  const start = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const end = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((end - start) / 86_400_000);
}

export interface ActivityTitleInput {
  kind: string;
  title: string;
  /** How many sign-ins in a row the item stands for (1 for every other item). */
  count: number;
  /** When the oldest of them happened. */
  since: string;
}

/**
 * An activity item's title. Sign-ins in a row come as one item with a count;
 * the server's title ("Signed in 3 times") cannot say "today", because the
 * day is the browser's: "Signed in 3 times today", "… since yesterday",
 * "… since Nov 20, 2026". Every other item keeps the server's title.
 */
export function activityTitleOf(item: ActivityTitleInput, now: Date): string {
  if (item.kind !== 'SIGNED_IN' || item.count <= 1) return item.title;
  const since = new Date(item.since);
  if (Number.isNaN(since.getTime())) return item.title;
  const times = ActivityMessages.signedInTimes(item.count);
  const days = calendarDaysBetween(since, now);
  if (days <= 0) return `${times} today`;
  if (days === 1) return `${times} since yesterday`;
  return `${times} since ${formatDate(since)}`;
}

/** A "Needs reordering" line: how many are left against the level, in the words of the activity item ("2 left, reorder level 5"). */
export function reorderLineOf({ quantity, reorderLevel }: { quantity: number; reorderLevel?: number | null }): string {
  const level = reorderLevel == null ? '' : `, reorder level ${formatCount(reorderLevel)}`;
  return quantity === 0 ? `Out of stock${level}` : `${formatCount(quantity)} left${level}`;
}

/** Under a full panel: how many of how many are listed. */
export function reorderSummaryOf(shown: number, total: number): string {
  return `The ${formatCount(shown)} most urgent of ${formatCount(total)} products to reorder`;
}
