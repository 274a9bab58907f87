import { DEFAULT_PRODUCT_SORT, GeneralMessages, ProductListFields, isBlank, isUuid, validateFields, type ProductSortField, type SortOrder, type StockStatus } from '@stockroom/schema';
import { assertValid, ValidationError } from '../../common/errors';
import { pageRequestOf } from '../../common/pagination';

/**
 * The product list's request as the rules read it: page, filters and sort.
 * The list, the export and a bulk selection by filter parse it alike.
 */

/** What a caller may send to list products; each transport hands over what it parsed. */
export interface ProductListRequest {
  page?: unknown;
  limit?: unknown;
  search?: unknown;
  category?: unknown;
  inStock?: unknown;
  stockStatus?: unknown;
  sortBy?: unknown;
  sortOrder?: unknown;
  /** The list only: products with stock at this location or below it. */
  locationId?: unknown;
}

/** A text field as the rules check it: a string trimmed, anything else as it came. */
export const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** A request's list filters with search and category trimmed, ready for the rules. */
export const withTrimmedFilters = <T extends object>(request: T & { search?: unknown; category?: unknown }): Record<string, unknown> => ({
  ...request,
  search: trimmed(request.search),
  category: trimmed(request.category),
});

/** The list filters of input the rules passed: a blank or null one is no filter. The list, the export and a bulk selection read them alike. */
export function listFiltersOf(input: { search?: unknown; category?: unknown; inStock?: unknown; stockStatus?: unknown }) {
  return {
    search: (input.search as string | undefined) || undefined,
    category: (input.category as string | undefined) || undefined,
    inStock: (input.inStock ?? undefined) as boolean | undefined,
    stockStatus: ((input.stockStatus ?? undefined) as StockStatus | undefined) || undefined,
  };
}

/** A list request checked by the list's rules: its page, its filters, and its sort (the default where none is given). */
export function parseListRequest(request: ProductListRequest) {
  const input = withTrimmedFilters(request);
  assertValid(validateFields(ProductListFields, input));
  return {
    ...pageRequestOf(input),
    ...listFiltersOf(input),
    sortBy: isBlank(input.sortBy) ? DEFAULT_PRODUCT_SORT.sortBy : (input.sortBy as ProductSortField),
    sortOrder: isBlank(input.sortOrder) ? DEFAULT_PRODUCT_SORT.sortOrder : (input.sortOrder as SortOrder),
    locationId: locationFilterOf(request.locationId),
  };
}

/** A list's location: left out or null is none; anything else but an id is 'Invalid ID format'. */
function locationFilterOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isUuid(value)) throw new ValidationError({ locationId: GeneralMessages.invalidId });
  return value.toLowerCase();
}

/** `stockStatus=in|low|out` or the GraphQL names in any case (`low_stock`), as REST takes it; any other text is left for the rule to refuse. */
export function stockStatusFilter(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const upper = value.trim().toUpperCase();
  const short = { IN: 'IN_STOCK', LOW: 'LOW_STOCK', OUT: 'OUT_OF_STOCK' }[upper];
  return upper === '' ? undefined : (short ?? upper);
}
