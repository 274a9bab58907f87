import { countOf, ProductMessages, ValidationMessages } from './messages';
import { formatCount } from './numbers';
import { BulkChangeFields } from './product-fields';
import { ProductListFields, Rules, validateFields, validatePresentFields, type FieldErrors, type NumberRule } from './validation';

/** What one bulk request may do to the products it selects. */
export const BULK_ACTIONS = ['delete', 'update', 'adjustStock'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** A selection by ids names at most this many; a larger one is a filter (the list's), decided on the server. */
export const BULK_MAX_IDS = 1000;

export const BulkMessages = {
  unknownAction: `Action must be one of ${BULK_ACTIONS.join(', ')}`,
  selectionRequired: 'Select products by ids or by filter',
  selectionOneKind: 'Select products by ids or by filter, not both',
  idsRequired: 'Select at least one product',
  tooManyIds: `Select at most ${formatCount(BULK_MAX_IDS)} products by id, or select by filter`,
  idsInvalid: 'Product ids must be a list of product ids',
  noChanges: 'Choose a change: category, price, price change in %, reorder level or featured',
  /** A price and a percentage change at once would say two prices. */
  pricePercentZero: 'Price change (%) cannot be 0',
  priceOneKind: 'Set a price or change it by a percentage, not both',
  /** Some of the selected products are not the caller's (or no longer exist): nothing was changed. */
  notFound: `${ProductMessages.notFound}: nothing was changed`,
  /** A sale of the same amount from each would take at least one of them below 0: nothing was changed. */
  /** What each action says once done, with how many products the server changed. */
  categorySet: (count: number) => `Category set on ${countOf(count, 'product')}`,
  reorderLevelSet: (count: number) => `Reorder level set on ${countOf(count, 'product')}`,
  featured: (count: number) => `${countOf(count, 'product')} featured`,
  unfeatured: (count: number) => `${countOf(count, 'product')} no longer featured`,
  priceSet: (count: number) => `Price set on ${countOf(count, 'product')}`,
  priceChanged: (count: number) => `Price changed on ${countOf(count, 'product')}`,
  stockAdjusted: (count: number) => `Stock adjusted on ${countOf(count, 'product')}`,
  /** An Undo of a bulk update: how many got their values back, and how many had changed again since and were left. */
  undone: (restored: number, skipped: number) =>
    `Change undone on ${countOf(restored, 'product')}${skipped > 0 ? `; ${formatCount(skipped)} changed since ${skipped === 1 ? 'was' : 'were'} left as ${skipped === 1 ? 'it was' : 'they were'}` : ''}`,
  undoFailed: 'Could not undo the change',
  badUndoBatch: 'Batch must be the undoBatch a bulk update answered',
  insufficientStock: (short: number) => `${ProductMessages.insufficientStock} for ${formatCount(short)} of the selected products: nothing was changed`,
} as const;


/** The list's filters that a selection by filter may use (its page, limit and sort mean nothing here). */
export const BulkFilterFields = {
  search: ProductListFields.search,
  category: ProductListFields.category,
  inStock: ProductListFields.inStock,
  stockStatus: ProductListFields.stockStatus,
};

/**
 * A change of every selected product's price by a percentage (10 raises it by
 * a tenth, -5 lowers it by a twentieth), each new price rounded to the cent
 * half away from zero. -100 would make every price 0, which the price's rule
 * refuses, so the lowest useful change is just above it.
 */
export const PricePercentRule: NumberRule = { kind: 'number', label: 'Price change (%)', required: false, min: -100, max: 1000, decimals: 2 };

/** The changes of an update that are not a product field: `pricePercent` moves each price by a percentage. */
export const BulkDerivedChangeFields = { pricePercent: PricePercentRule };

/** The price a percentage change gives: to the cent, half away from zero (as PostgreSQL's round of a numeric does). */
export function priceAfterPercent(price: number, percent: number): number {
  // In whole cents and hundredths of a percent, so the product is exact and only the last step rounds.
  const scaled = Math.round(price * 100) * (10000 + Math.round(percent * 100));
  return (Math.sign(scaled) * Math.floor((Math.abs(scaled) + 5000) / 10000)) / 100;
}

/** What a price out of its limits after a percentage change is refused with: the price rule's own messages. */
export function pricePercentResultMessage(tooLow: boolean): string {
  return tooLow ? ValidationMessages.minValue(Rules.price.label, String(Rules.price.min)) : ValidationMessages.maxValue(Rules.price.label, String(Rules.price.max));
}

/** The changes of an update: at least one, each by its rule, and a price set or moved by a percentage, not both. */
export function validateBulkChanges(changes: Record<string, unknown>): FieldErrors {
  const given = [...Object.keys(BulkChangeFields), ...Object.keys(BulkDerivedChangeFields)].filter((key) => changes[key] !== undefined);
  if (given.length === 0) return { changes: BulkMessages.noChanges };
  if (changes.price !== undefined && changes.pricePercent !== undefined) return { pricePercent: BulkMessages.priceOneKind };
  const errors = validatePresentFields({ ...BulkChangeFields, ...BulkDerivedChangeFields }, changes);
  if (!errors.pricePercent && changes.pricePercent === 0) errors.pricePercent = BulkMessages.pricePercentZero;
  return errors;
}

/** A selection by filter, checked as the list checks its filters. */
export function validateBulkFilter(filter: Record<string, unknown>): FieldErrors {
  return validateFields(BulkFilterFields, filter);
}
