import { builtOnFirstUse } from './built-on-first-use';

/**
 * Display formats. One locale (en-US) and one currency (USD) for every user:
 * the product has no per-user setting for either, and prices are stored without a currency.
 */
export const LOCALE = 'en-US';
const CURRENCY = 'USD';

// Built on first use: building a formatter loads locale data, and six built at start-up
// cost a phone's first screen a noticeable slice of its script time, though most screens use one or two.
const currency = builtOnFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY }));
const compactCurrency = builtOnFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY, notation: 'compact', maximumFractionDigits: 1 }));
const count = builtOnFirstUse(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));
const date = builtOnFirstUse(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' }));
const longDate = builtOnFirstUse(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long' }));
const dateTime = builtOnFirstUse(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }));

/** 1234.5 -> '$1,234.50' */
export const formatCurrency = (value: number): string => currency().format(value);

/** 1234 -> '$1.2K', for a chart axis. */
export const formatCompactCurrency = (value: number): string => compactCurrency().format(value);

/** 12345 -> '12,345' */
export const formatCount = (value: number): string => count().format(value);

const valid = (value: string | Date) => {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** An ISO timestamp as 'Jan 5, 2025'; '' for an unreadable one. */
export function formatDate(value: string | Date): string {
  const d = valid(value);
  return d ? date().format(d) : '';
}

/** An ISO timestamp as 'January 5, 2025'; '' for an unreadable one. */
export function formatLongDate(value: string | Date): string {
  const d = valid(value);
  return d ? longDate().format(d) : '';
}

/** An ISO timestamp as 'Jan 5, 2025, 3:04 PM' in the browser's time zone; '' for an unreadable one. */
export function formatDateTime(value: string | Date): string {
  const d = valid(value);
  return d ? dateTime().format(d) : '';
}
