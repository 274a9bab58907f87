import { formatCompactCount, formatCompactCurrency, formatCount, formatCurrency, formatDate, formatDateTime, formatLongDate, formatMonthDay, formatMonthYear, formatTime, formatTimeWithSeconds } from './format';

describe('formatters', () => {
  it('formats money as US dollars with cents and grouping', () => {
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(999999.99)).toBe('$999,999.99');
    expect(formatCurrency(12_345_678.9)).toBe('$12,345,678.90');
  });

  it('formats money compactly for a chart axis', () => {
    expect(formatCompactCurrency(1234)).toBe('$1.2K');
    expect(formatCompactCurrency(2_500_000)).toBe('$2.5M');
    expect(formatCompactCount(123_456)).toBe('123.5K');
  });

  it('formats counts with grouping', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(100000)).toBe('100,000');
  });

  it('formats dates and survives an unreadable one', () => {
    expect(formatDate('2025-01-05T12:00:00.000Z')).toBe('Jan 5, 2025');
    expect(formatDateTime('2025-01-05T12:00:00.000Z')).toMatch(/^Jan 5, 2025, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatLongDate('2025-01-05T12:00:00.000Z')).toBe('January 5, 2025');
    expect(formatDate('not a date')).toBe('');
    expect(formatLongDate('')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});

/**
 * The formatters are written out rather than built on Intl (a page's first Intl formatter loads
 * the locale data, costly on a phone): here they must say exactly what Intl says, for values
 * picked to sit on every rounding edge and for a spread of ordinary ones.
 */
describe('formatters against Intl (en-US, USD)', () => {
  const intl = {
    currency: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
    compact: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 }),
    compactCount: new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }),
    count: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
  };
  const edges = [
    0, -0, 0.001, -0.001, 0.004, 0.005, 0.0049, 0.05, 0.5, 0.95, 0.995, 1, 1.005, 1.015, 2.675, -2.675, 9.99, 9.995, 12.25, 12.35, 12.345,
    99.95, 99.994, 99.995, 950, 999.4, 999.5, 999.94, 999.95, 999.99, 1000, 1049, 1050, 1149.99, 1150, 9999, 9999.5, 12345, 99950, 999949,
    999950, 999999.995, 1e6, 2.5e6, 72_908_724.66, 999_950_000, 1.25e9, 3e12, 999_950_000_000_000, 1.5e15, 12_345_678_901_234.56, 1e20,
    1e21, 1e-7, -1e-7, Number.MAX_SAFE_INTEGER, 0.1 + 0.2, 1.1 * 3, 4.35 * 100, 1.45, 8.345, 1_234_567.895, NaN, Infinity,
  ];
  // A fixed spread of ordinary values: prices with cents, stock values, counts, both signs.
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  const spread = Array.from({ length: 3000 }, (_, i) => {
    const magnitude = 10 ** Math.floor(next() * 13);
    const value = i % 3 === 0 ? Math.round(next() * magnitude * 100) / 100 : next() * magnitude;
    return i % 7 === 0 ? -value : value;
  });
  const values = [...edges, ...edges.map((v) => -v), ...spread];

  it('formatCurrency says what Intl says', () => {
    expect(values.filter((v) => formatCurrency(v) !== intl.currency.format(v))).toEqual([]);
  });

  it('formatCompactCurrency says what Intl says', () => {
    expect(values.filter((v) => formatCompactCurrency(v) !== intl.compact.format(v))).toEqual([]);
  });

  it('formatCompactCount says what Intl says', () => {
    expect(values.filter((v) => formatCompactCount(v) !== intl.compactCount.format(v))).toEqual([]);
  });

  it('formatCount says what Intl says', () => {
    expect(values.filter((v) => formatCount(v) !== intl.count.format(v))).toEqual([]);
  });

  it('the date and time formats say what Intl says, every 7 hours 13 minutes over five years and on DST changes', () => {
    const formats: [(d: Date) => string, Intl.DateTimeFormatOptions][] = [
      [formatDate, { dateStyle: 'medium' }],
      [formatLongDate, { dateStyle: 'long' }],
      [formatDateTime, { dateStyle: 'medium', timeStyle: 'short' }],
      [formatTime, { timeStyle: 'short' }],
      [formatTimeWithSeconds, { timeStyle: 'medium' }],
      [formatMonthDay, { month: 'short', day: 'numeric' }],
      [formatMonthYear, { month: 'short', year: 'numeric' }],
    ];
    const start = Date.UTC(2022, 0, 1, 0, 0, 7);
    const times = Array.from({ length: 6000 }, (_, i) => new Date(start + i * (7 * 3_600_000 + 13 * 60_000 + 1000)));
    times.push(new Date(2025, 2, 9, 1, 59, 59), new Date(2025, 2, 9, 3, 0, 0), new Date(2025, 10, 2, 1, 30), new Date(2025, 0, 1, 0, 0), new Date(2025, 11, 31, 23, 59, 59), new Date(2025, 5, 1, 12, 0));
    times.push(new Date(999, 5, 1), new Date(10_000, 0, 1));
    for (const [format, options] of formats) {
      const intlFormat = new Intl.DateTimeFormat('en-US', options);
      const differing = times.filter((d) => format(d) !== intlFormat.format(d)).map((d) => `${d.toISOString()}: ${format(d)} vs ${intlFormat.format(d)}`);
      expect({ options, differing: differing.slice(0, 3) }).toEqual({ options, differing: [] });
    }
  });
});
