/**
 * Numbers as the app writes them (en-US), for the messages here and the client's screens alike.
 * Written out rather than asked of Intl: a page's first Intl formatter loads the browser's locale
 * data, a slice of a phone's first render. Rounding and digit grouping work on the number's
 * shortest decimal form (what `String(n)` prints), as Intl.NumberFormat does: 1.005 rounds to
 * 1.01, though its binary value is a hair under 1.005 and `toFixed(2)` gives 1.00.
 */

/** The decimal digits of |value| rounded half away from zero to `places` decimals; null when the number prints in exponent form (>= 1e21, < 1e-6) or is not finite. */
export function roundedDigits(value: number, places: number): { whole: string; fraction: string } | null {
  const shortest = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(shortest)) return null;
  const [whole, fraction = ''] = shortest.split('.');
  if (fraction.length <= places) return { whole, fraction: fraction.padEnd(places, '0') };
  const kept = whole + fraction.slice(0, places);
  const digits = fraction[places] >= '5' ? plusOne(kept) : kept;
  const cut = digits.length - places;
  return { whole: digits.slice(0, cut).replace(/^0+(?=\d)/, '') || '0', fraction: digits.slice(cut) };
}

/** '0999' -> '1000', '99' -> '100' */
function plusOne(digits: string): string {
  let end = digits.length - 1;
  while (end >= 0 && digits[end] === '9') end -= 1;
  if (end < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, end)}${Number(digits[end]) + 1}${'0'.repeat(digits.length - end - 1)}`;
}

/** '1234567' -> '1,234,567' */
export const groupThousands = (whole: string): string => whole.replace(/\B(?=(\d{3})+$)/g, ',');

/** The minus a written-out number starts with: Intl writes one for every negative number, -0 and those that round to zero included. */
export const minusOf = (value: number): string => (value < 0 || Object.is(value, -0) ? '-' : '');

/**
 * 1250 -> '1,250': a count as every message and screen writes it, rounded to a whole number as
 * Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }) would; numbers JavaScript prints with
 * an exponent, not-a-number and infinities go to Intl itself.
 */
export function formatCount(value: number): string {
  const digits = roundedDigits(value, 0);
  if (!digits) return value.toLocaleString('en-US', { maximumFractionDigits: 0 });
  return `${minusOf(value)}${groupThousands(digits.whole)}`;
}
