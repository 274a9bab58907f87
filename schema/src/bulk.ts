import { countOf, ProductMessages } from './messages';
import { formatCount } from './numbers';
import { BulkChangeFields } from './product-fields';
import { ProductListFields, validateFields, validatePresentFields, type FieldErrors } from './validation';

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
  noChanges: 'Choose a change: category, reorder level or featured',
  /** Some of the selected products are not the caller's (or no longer exist): nothing was changed. */
  notFound: `${ProductMessages.notFound}: nothing was changed`,
  /** A sale of the same amount from each would take at least one of them below 0: nothing was changed. */
  /** What each action says once done, with how many products the server changed. */
  categorySet: (count: number) => `Category set on ${countOf(count, 'product')}`,
  reorderLevelSet: (count: number) => `Reorder level set on ${countOf(count, 'product')}`,
  featured: (count: number) => `${countOf(count, 'product')} featured`,
  unfeatured: (count: number) => `${countOf(count, 'product')} no longer featured`,
  stockAdjusted: (count: number) => `Stock adjusted on ${countOf(count, 'product')}`,
  insufficientStock: (short: number) => `${ProductMessages.insufficientStock} for ${formatCount(short)} of the selected products: nothing was changed`,
} as const;


/** The list's filters that a selection by filter may use (its page, limit and sort mean nothing here). */
export const BulkFilterFields = {
  search: ProductListFields.search,
  category: ProductListFields.category,
  inStock: ProductListFields.inStock,
  stockStatus: ProductListFields.stockStatus,
};

/** The changes of an update: at least one, each by its rule. */
export function validateBulkChanges(changes: Record<string, unknown>): FieldErrors {
  const given = Object.keys(BulkChangeFields).filter((key) => changes[key] !== undefined);
  if (given.length === 0) return { changes: BulkMessages.noChanges };
  return validatePresentFields(BulkChangeFields, changes);
}

/** A selection by filter, checked as the list checks its filters. */
export function validateBulkFilter(filter: Record<string, unknown>): FieldErrors {
  return validateFields(BulkFilterFields, filter);
}
