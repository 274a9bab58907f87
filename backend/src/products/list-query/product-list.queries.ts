import type { ProductSortField, SortOrder, StockStatus } from '@stockroom/schema';
import type { Statement } from '../../db/sql';
import { LIVE } from '../../product-record/product-columns';

/**
 * The product list's filter and order as SQL. The list and its counts, the
 * export and a bulk selection by filter read these, so a filter selects the
 * same products wherever it is used.
 */

export interface ProductFilter {
  workspaceId: string;
  /** A substring, ignoring accents and case, of the name, the description, the category or the SKU, or exactly the barcode; `%` and `_` match themselves. */
  search?: string;
  category?: string;
  inStock?: boolean;
  stockStatus?: StockStatus;
  /**
   * Products with stock at any of these locations: a location of the workspace and every one below it. As ids,
   * not the tree's walk, so the planner knows how many rows they hold and reads them through the location's index.
   */
  locationIds?: readonly string[];
  /** Every product the search matches, when they are few (searchMatchesStatement found them): the search is then these ids. */
  searchMatches?: readonly string[];
}

export interface ProductSort {
  sortBy: ProductSortField;
  sortOrder: SortOrder;
}

/**
 * Each sort uses the owner-led index of the same order; `id` breaks ties so pages never overlap.
 * Columns are qualified: a bare `price` in ORDER BY names the output column `price::float8`,
 * which no index serves, so every price-sorted page sorted the whole catalogue.
 */
const ORDER_BY: Record<ProductSortField, string> = {
  name: 'lower(products.name) {dir}, products.id {dir}',
  price: 'products.price {dir}, products.id {dir}',
  date: 'products.created_at {dir}, products.id {dir}',
};

/** The column of each sort, which the page of a search carries out of its union to order it (its tie-breaker is `id`). */
export const SORT_KEY: Record<ProductSortField, string> = {
  name: 'lower(products.name)',
  price: 'products.price',
  date: 'products.created_at',
};

/**
 * A product whose SKU (ignoring case) or barcode is exactly the search term: what a scanner or a typed code means.
 * The lookup is a function of the database's (db/triggers/workspace-wall.sql) that reads the unique indexes of
 * live codes: behind row-level security `lower(sku) = ...` would read the whole catalogue. It answers ids, and
 * the statement reads those products behind the policy still.
 */
export const EXACT_CODE = 'products.id IN (SELECT products_with_code(?::uuid, ?))';
export const exactCodeValues = (filter: ProductFilter) => [filter.workspaceId, filter.search];

/**
 * A search's text match: the term is a substring of search_text, through the database's search_pattern
 * (db/triggers/search.sql), which the search functions use too. The term is a bound value of an IMMUTABLE function,
 * so PostgreSQL works the pattern out while planning and the trigram index serves it.
 */
const SEARCH_MATCH = `products.search_text LIKE search_pattern(?) ESCAPE '!'`;

/**
 * Up to `most` ids of the products of the request's workspace that `search` matches, as where()'s text match would
 * find them. Through a function of the database's (db/triggers/workspace-wall.sql): behind row-level security LIKE
 * is not leakproof, so in a statement of its own the trigram index would not serve a rare term, and its search would
 * read every product of the workspace. Fewer than `most` is all of them; `most` means a common term, which the
 * statement itself finds best, walking the sort's index until the page is full.
 */
export function searchMatchesStatement(search: string, most: number): Statement {
  return { sql: 'SELECT products_matching_search(?, ?) AS id', values: [search, most] };
}

/**
 * Each status as `stock_status` decides it. Low Stock's clause also names the
 * partial index's own predicate, which the status implies, so the planner
 * reads only that index; In Stock and Out of Stock read the quantity alone,
 * which the sort indexes carry, so the status is spelled as its first branch.
 */
const STOCK_STATUS_CLAUSE: Record<StockStatus, string> = {
  IN_STOCK: 'quantity > 0',
  LOW_STOCK: `stock_status(quantity, reorder_level) = 'LOW_STOCK' AND quantity <= reorder_level`,
  OUT_OF_STOCK: 'quantity = 0',
};

/** A product's stock at a location and below it: the list filtered by a location shows it as `quantityAtLocation`. */
export function quantityAtLocation(filter: ProductFilter): Statement {
  if (!filter.locationIds) return { sql: '', values: [] };
  return {
    sql: `, (SELECT coalesce(sum(s.quantity), 0)::int FROM stock_levels AS s WHERE s.product_id = products.id AND s.location_id = ANY(?::uuid[])) AS "quantityAtLocation"`,
    values: [filter.locationIds],
  };
}

/**
 * A product with stock at one of the given locations. Spelled EXISTS, not IN: inside a count's FILTER (a sample's)
 * an IN would hash every level of the locations, where EXISTS probes the product's own, through the location's index.
 */
const HELD_AT_LOCATIONS = 'EXISTS (SELECT 1 FROM stock_levels AS s WHERE s.product_id = products.id AND s.quantity > 0 AND s.location_id = ANY(?::uuid[]))';

/**
 * The WHERE clause of the list's filter (the owner's live products it matches): the list, its counts, the export and bulk
 * selections share it. `deleted_at IS NULL` is every list index's own predicate, so trashed rows are never read.
 */
export function where(filter: ProductFilter): Statement {
  const clauses = ['workspace_id = ?', LIVE];
  const values: unknown[] = [filter.workspaceId];
  if (filter.searchMatches) {
    clauses.push('products.id = ANY(?::uuid[])');
    values.push(filter.searchMatches);
  } else if (filter.search) {
    // search_text holds the SKU, so an exact SKU is a substring too; a barcode is found whole only, through its owner-led index.
    clauses.push(`(${SEARCH_MATCH} OR (products.barcode = ? AND products.barcode IS NOT NULL))`);
    values.push(filter.search, filter.search);
  }
  if (filter.category) {
    clauses.push('category = ?');
    values.push(filter.category);
  }
  if (filter.inStock !== undefined) clauses.push(filter.inStock ? 'quantity > 0' : 'quantity = 0');
  if (filter.stockStatus) clauses.push(STOCK_STATUS_CLAUSE[filter.stockStatus]);
  if (filter.locationIds) {
    clauses.push(HELD_AT_LOCATIONS);
    values.push(filter.locationIds);
  }
  return { sql: clauses.join(' AND '), values };
}

/** The list's order: a search's exact SKU or barcode match leads, whatever the sort, since it is the product the code names. */
export function orderBy(query: ProductFilter & ProductSort): Statement {
  const sorted = ORDER_BY[query.sortBy].replaceAll('{dir}', query.sortOrder === 'asc' ? 'ASC' : 'DESC');
  if (!query.search) return { sql: sorted, values: [] };
  return { sql: `${EXACT_CODE} DESC, ${sorted}`, values: exactCodeValues(query) };
}
