import { formatCount, groupThousands, minusOf, roundedDigits } from '@stockroom/schema';
import { builtOnFirstUse } from './built-on-first-use';

/**
 * Display formats. One locale (en-US) and one currency (USD) for every user:
 * the product has no per-user setting for either, and prices are stored without a currency.
 *
 * They are written out here rather than asked of Intl: the first Intl formatter a page builds
 * loads the browser's locale data, 30-50 ms of main thread on a desktop and several times that
 * on a phone, in the middle of a page's first render. The unit tests hold each of them to Intl's
 * own output; Intl still answers what they do not cover (numbers JavaScript prints with an
 * exponent, not-a-number and infinities, years outside 1000-9999).
 */
const LOCALE = 'en-US';
const CURRENCY = 'USD';

const intlCurrency = builtOnFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY }));
const intlCompactCount = builtOnFirstUse(() => new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 }));
const intlCompactCurrency = builtOnFirstUse(
  () => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY, notation: 'compact', maximumFractionDigits: 1 }),
);

/** 1234.5 -> '$1,234.50' */
export function formatCurrency(value: number): string {
  const digits = roundedDigits(value, 2);
  if (!digits) return intlCurrency().format(value);
  return `${minusOf(value)}$${groupThousands(digits.whole)}.${digits.fraction}`;
}

const COMPACT_UNITS = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
  { size: 1, suffix: '' },
];

/** |value| in the largest unit its rounding reaches, one decimal at most ('1.2K'); null where JavaScript prints an exponent. */
function compactMagnitude(value: number): string | null {
  const abs = Math.abs(value);
  const inUnit = (unit: number) => roundedDigits(abs / COMPACT_UNITS[unit].size, 1);
  let unit = COMPACT_UNITS.findIndex(({ size }) => abs >= size);
  if (unit === -1) unit = COMPACT_UNITS.length - 1;
  let digits = inUnit(unit);
  if (!digits) return null;
  // 999.95 rounds to 1000.0: that is 1K, not 1000.
  if (unit > 0 && digits.whole === '1000') {
    unit -= 1;
    digits = inUnit(unit)!;
  }
  const fraction = digits.fraction === '0' ? '' : `.${digits.fraction}`;
  // Compact notation groups thousands only from five digits on ('$1500T', '$100,000,000T').
  const whole = digits.whole.length >= 5 ? groupThousands(digits.whole) : digits.whole;
  return `${whole}${fraction}${COMPACT_UNITS[unit].suffix}`;
}

/** 1234 -> '$1.2K', for a chart axis or a card too narrow for the whole figure. */
export function formatCompactCurrency(value: number): string {
  const magnitude = compactMagnitude(value);
  return magnitude === null ? intlCompactCurrency().format(value) : `${minusOf(value)}$${magnitude}`;
}

/** 123456 -> '123.5K', for a card too narrow for the whole count. */
export function formatCompactCount(value: number): string {
  const magnitude = compactMagnitude(value);
  return magnitude === null ? intlCompactCount().format(value) : `${minusOf(value)}${magnitude}`;
}

/** 12345 -> '12,345': the count every message writes too (schema's numbers.ts). */
export { formatCount };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const shortMonth = (d: Date) => MONTHS[d.getMonth()].slice(0, 3);
const twoDigits = (n: number) => String(n).padStart(2, '0');
const meridiem = (d: Date) => (d.getHours() < 12 ? ' AM' : ' PM');
const hour12 = (d: Date) => d.getHours() % 12 || 12;

/** The date, or null for an unreadable value. */
function valid(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}
/** The years whose dates the formats below write as Intl does; others are left to Intl. */
const fourDigitYear = (d: Date) => d.getFullYear() >= 1000 && d.getFullYear() <= 9999;
/** Formats a readable date in the browser's time zone; '' for an unreadable one. */
function dateFormat(write: (d: Date) => string, options: Intl.DateTimeFormatOptions) {
  const intl = builtOnFirstUse(() => new Intl.DateTimeFormat(LOCALE, options));
  return (value: string | Date): string => {
    const d = valid(value);
    if (!d) return '';
    return fourDigitYear(d) ? write(d) : intl().format(d);
  };
}

/** An ISO timestamp as 'Jan 5, 2025'; '' for an unreadable one. */
export const formatDate = dateFormat((d) => `${shortMonth(d)} ${d.getDate()}, ${d.getFullYear()}`, { dateStyle: 'medium' });

/** An ISO timestamp as 'January 5, 2025'; '' for an unreadable one. */
export const formatLongDate = dateFormat((d) => `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`, { dateStyle: 'long' });

/** An ISO timestamp as 'Jan 5, 2025, 3:04 PM' in the browser's time zone; '' for an unreadable one. */
export const formatDateTime = dateFormat(
  (d) => `${shortMonth(d)} ${d.getDate()}, ${d.getFullYear()}, ${hour12(d)}:${twoDigits(d.getMinutes())}${meridiem(d)}`,
  { dateStyle: 'medium', timeStyle: 'short' },
);

/** '3:04 PM' */
export const formatTime = dateFormat((d) => `${hour12(d)}:${twoDigits(d.getMinutes())}${meridiem(d)}`, { timeStyle: 'short' });

/** '3:04:05 PM' */
export const formatTimeWithSeconds = dateFormat(
  (d) => `${hour12(d)}:${twoDigits(d.getMinutes())}:${twoDigits(d.getSeconds())}${meridiem(d)}`,
  { timeStyle: 'medium' },
);

/** 'Mar 5' */
export const formatMonthDay = dateFormat((d) => `${shortMonth(d)} ${d.getDate()}`, { month: 'short', day: 'numeric' });

/** 'Mar 2025' */
export const formatMonthYear = dateFormat((d) => `${shortMonth(d)} ${d.getFullYear()}`, { month: 'short', year: 'numeric' });
