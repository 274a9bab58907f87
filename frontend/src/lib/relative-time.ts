import { formatCount } from './format';

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long ago an
 * activity happened, in the app's one locale. Pure, so `now` is a parameter
 * and the tests need no fake clock.
 */

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** What Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }) says for one unit back or ahead. */
const ONE_AWAY: Partial<Record<Unit, [back: string, ahead: string]>> = {
  day: ['yesterday', 'tomorrow'],
  week: ['last week', 'next week'],
  month: ['last month', 'next month'],
  year: ['last year', 'next year'],
};

/**
 * Intl.RelativeTimeFormat's en-US phrases for a whole, non-zero count, written out (see format.ts
 * for why not Intl itself; the tests compare the two).
 */
function relativePhrase(count: number, unit: Unit): string {
  const oneAway = ONE_AWAY[unit];
  if (oneAway && Math.abs(count) === 1) return count < 0 ? oneAway[0] : oneAway[1];
  const amount = `${formatCount(Math.abs(count))} ${unit}${Math.abs(count) === 1 ? '' : 's'}`;
  return count < 0 ? `${amount} ago` : `in ${amount}`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole calendar days between two dates in the browser's time zone (DST-safe). */
function calendarDays(from: Date, to: Date): number {
  const start = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const end = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((end - start) / DAY);
}

function calendarMonths(from: Date, to: Date): number {
  let months = (to.getFullYear() - from.getFullYear()) * 12 + (to.getMonth() - from.getMonth());
  // 31 Jan -> 2 Mar is one whole month, not two.
  if (months > 0 && to.getDate() < from.getDate()) months -= 1;
  return months;
}

/**
 * How long before `now` the timestamp was, as a phrase; '' for an unreadable
 * timestamp. Under 45 seconds either way (clock skew included) is "just now";
 * under 22 hours counts minutes or hours; beyond that, calendar days, so last
 * night at 23:00 seen at 09:00 reads "10 hours ago" and the evening before
 * "yesterday". Timestamps in the future read "in 5 minutes".
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const then = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(then.getTime()) || Number.isNaN(now.getTime())) return '';
  const elapsed = now.getTime() - then.getTime();
  const sign = elapsed >= 0 ? -1 : 1;
  const abs = Math.abs(elapsed);

  if (abs < 45 * SECOND) return 'just now';
  if (abs < 45 * MINUTE) return relativePhrase(sign * Math.max(1, Math.round(abs / MINUTE)), 'minute');
  if (abs < 22 * HOUR) return relativePhrase(sign * Math.max(1, Math.round(abs / HOUR)), 'hour');

  const [earlier, later] = elapsed >= 0 ? [then, now] : [now, then];
  const days = Math.max(1, calendarDays(earlier, later));
  if (days < 7) return relativePhrase(sign * days, 'day');
  if (days < 28) return relativePhrase(sign * Math.round(days / 7), 'week');
  const months = calendarMonths(earlier, later);
  if (months < 12) return relativePhrase(sign * Math.max(1, months), 'month');
  return relativePhrase(sign * Math.floor(months / 12), 'year');
}
