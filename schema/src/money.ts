/**
 * An amount of money as a person types it in the product form or a
 * spreadsheet holds it in an import: one reading for both, so "12,50" is
 * 12.50 whichever way it arrives. Numbers the API receives as JSON or
 * GraphQL numbers never come through here.
 */

/** What a text says as money: its number, or why it has none (`ambiguous`: two readings, `notNumber`: no reading). */
export type MoneyTextReading = { value: number } | { problem: 'ambiguous' | 'notNumber' };

/** The text around the digits: a sign, a currency before or after ("$12.50", "€4,99", "12.50 €", "USD 7", "-$3"). */
const AROUND_DIGITS = /^([+-]?)\s*(?:[$€£]|USD|EUR|GBP)?\s*([+-]?)(.*?)\s*(?:[$€£]|USD|EUR|GBP)?$/i;

/** Each way of writing the digits that has one reading, and how to make it a number JavaScript reads. */
const READINGS: ReadonlyArray<[RegExp, (digits: string) => string]> = [
  /* 12.50, 12., .99, 1.234: a lone point is a decimal point */
  [/^(?:\d+(?:\.\d*)?|\.\d+)$/, (digits) => digits],
  /* 12,50, ,99, 1234,567, ,345: a decimal comma wherever the comma cannot be separating thousands */
  [/^(?:\d{4,},\d+|\d*,(?:\d{1,2}|\d{4,})|,\d{3})$/, (digits) => digits.replace(',', '.')],
  /* 1,234.50 and 1,234,567: thousands by commas, a decimal point */
  [/^(?:\d{1,3}(?:,\d{3})+\.\d+|\d{1,3}(?:,\d{3}){2,})$/, (digits) => digits.replace(/,/g, '')],
  /* 1.234,50 and 1.234.567: thousands by points, a decimal comma */
  [/^(?:\d{1,3}(?:\.\d{3})+,\d+|\d{1,3}(?:\.\d{3}){2,})$/, (digits) => digits.replace(/\./g, '').replace(',', '.')],
];

/** 1,234 and 12,500: a comma before exactly three digits separates thousands in one country and decimals in the next. */
const AMBIGUOUS = /^\d{1,3},\d{3}$/;

/**
 * The amount a text stands for. A currency sign or code may stand before or
 * after it, and a minus before it (the rule's minimum then refuses it with
 * its own message). Exponents ("1e3" is not $1,000.00), hexadecimal and the
 * other things JavaScript's Number reads are no way people write prices, so
 * they have no reading.
 */
export function readMoneyText(text: string): MoneyTextReading {
  const [, outerSign = '', innerSign = '', digits = ''] = AROUND_DIGITS.exec(text.trim()) ?? [];
  if (outerSign && innerSign) return { problem: 'notNumber' };
  if (AMBIGUOUS.test(digits)) return { problem: 'ambiguous' };
  const reading = READINGS.find(([pattern]) => pattern.test(digits));
  if (!reading) return { problem: 'notNumber' };
  const value = Number(reading[1](digits));
  return { value: outerSign === '-' || innerSign === '-' ? -value : value };
}

/** A money value that passed its rule, as a number: text as readMoneyText reads it (NaN when it has no reading), a number as it is. */
export function moneyValue(value: string | number): number {
  if (typeof value === 'number') return value;
  const reading = readMoneyText(value);
  return 'value' in reading ? reading.value : Number.NaN;
}
