import { formatRelativeTime } from './relative-time';

/** A local date-time, so calendar-day rules do not depend on the machine's time zone. */
const at = (y: number, m: number, d: number, h = 12, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s);
const now = at(2025, 3, 15, 14, 30);
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('formatRelativeTime', () => {
  it('says "just now" for under 45 seconds, either way', () => {
    expect(formatRelativeTime(now, now)).toBe('just now');
    expect(formatRelativeTime(ago(44_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(-30_000), now)).toBe('just now');
  });

  it('counts minutes, then hours', () => {
    expect(formatRelativeTime(ago(45_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * MIN), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(44 * MIN), now)).toBe('44 minutes ago');
    expect(formatRelativeTime(ago(45 * MIN), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(3 * HOUR + 10 * MIN), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(21 * HOUR), now)).toBe('21 hours ago');
  });

  it('says "yesterday" by the calendar, then days and weeks', () => {
    const morning = at(2025, 3, 15, 9, 0);
    expect(formatRelativeTime(at(2025, 3, 14, 23, 0), morning)).toBe('10 hours ago');
    expect(formatRelativeTime(at(2025, 3, 14, 8, 0), morning)).toBe('yesterday');
    expect(formatRelativeTime(at(2025, 3, 14, 10, 0), now)).toBe('yesterday');
    expect(formatRelativeTime(at(2025, 3, 13, 20, 0), now)).toBe('2 days ago');
    expect(formatRelativeTime(at(2025, 3, 9), now)).toBe('6 days ago');
    expect(formatRelativeTime(at(2025, 3, 8), now)).toBe('last week');
    expect(formatRelativeTime(at(2025, 3, 1), now)).toBe('2 weeks ago');
  });

  it('counts months and years', () => {
    expect(formatRelativeTime(at(2025, 2, 10), now)).toBe('last month');
    expect(formatRelativeTime(at(2024, 11, 20), now)).toBe('3 months ago');
    expect(formatRelativeTime(at(2024, 3, 20), now)).toBe('11 months ago');
    expect(formatRelativeTime(at(2024, 3, 15), now)).toBe('last year');
    expect(formatRelativeTime(at(2022, 1, 1), now)).toBe('3 years ago');
  });

  it('reads ISO strings and says "in …" for the future', () => {
    expect(formatRelativeTime(ago(2 * HOUR).toISOString(), now)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(-5 * MIN), now)).toBe('in 5 minutes');
    expect(formatRelativeTime(at(2025, 3, 16, 18, 0), now)).toBe('tomorrow');
  });

  it('gives an empty string for an unreadable timestamp', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
    expect(formatRelativeTime('', now)).toBe('');
  });
});

describe('formatRelativeTime against Intl.RelativeTimeFormat (en-US, numeric: auto)', () => {
  it('says what Intl says for every count and unit it can produce, back and ahead', () => {
    const intl = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
    const base = at(2025, 6, 15, 12, 0);
    const cases: [number, Intl.RelativeTimeFormatUnit][] = [];
    for (let minutes = 1; minutes < 45; minutes += 1) cases.push([minutes, 'minute']);
    for (let hours = 1; hours < 22; hours += 1) cases.push([hours, 'hour']);
    const shifted = (ms: number) => [new Date(base.getTime() - ms), new Date(base.getTime() + ms)] as const;
    const differing: string[] = [];
    for (const [count, unit] of cases) {
      const [back, ahead] = shifted(count * (unit === 'minute' ? MIN : HOUR));
      if (formatRelativeTime(back, base) !== intl.format(-count, unit)) differing.push(`-${count} ${unit}: ${formatRelativeTime(back, base)}`);
      if (formatRelativeTime(ahead, base) !== intl.format(count, unit)) differing.push(`+${count} ${unit}: ${formatRelativeTime(ahead, base)}`);
    }
    // Whole calendar days, weeks, months and years, back and ahead.
    for (const days of [1, 2, 6, 7, 10, 13, 20, 27, 40, 90, 200, 364, 400, 800, 3000, 400_000]) {
      const back = new Date(base);
      back.setDate(back.getDate() - days);
      const ahead = new Date(base);
      ahead.setDate(ahead.getDate() + days);
      for (const [when, direction] of [[back, -1], [ahead, 1]] as const) {
        const text = formatRelativeTime(when, base);
        const [count, unit] = days < 7 ? [days, 'day'] : days < 28 ? [Math.round(days / 7), 'week'] : [null, null];
        if (count !== null && text !== intl.format(direction * count, unit as Intl.RelativeTimeFormatUnit)) differing.push(`${direction * days} days: ${text}`);
        const phrases = (['month', 'year'] as const).flatMap((u) => Array.from({ length: 1200 }, (_, n) => intl.format(direction * (n + 1), u)));
        if (count === null && !phrases.includes(text)) differing.push(`${direction * days} days: ${text}`);
      }
    }
    expect(differing).toEqual([]);
  });
});
