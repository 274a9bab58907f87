import { formatCompactCurrency, formatCount, formatCurrency, formatDate, formatDateTime, formatLongDate } from './format';

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
