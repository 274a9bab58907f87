import type { ApolloCache, Reference } from '@apollo/client';
import { isReference } from '@apollo/client/utilities';
import { DEFAULT_PRODUCT_SORT, PAGINATION, PRODUCT_SORT_FIELDS, SORT_ORDERS, STOCK_STATUSES, stockStatus } from '@stockroom/schema';
import type { PaginationDetailsFragment, ProductListInput, ProductRecordFragment } from '@stockroom/schema/generated/graphql';
import { ProductRecordFragmentDoc } from '@stockroom/schema/generated/hooks';
import { toGraphQLEnum } from './product-list-params';

/**
 * The product client state (lists, selected product, stats), kept in the Apollo cache. Each
 * function is one transition, applied after the server confirmed it, and
 * none refetches: the lists, the stats, the categories and the detail view
 * are brought up to date from what is known (the product before and after).
 *
 * A cached list (`products(query)`, one entry per query, see lib/apollo.ts)
 * is changed in place only where the result is certain; a list whose
 * contents would shift in a way the client cannot know (another page of the
 * same filter, another sort order) is dropped and is fetched again the next
 * time it is shown.
 */
export type ProductRecord = ProductRecordFragment;

interface StoredProductPage {
  products: readonly Reference[];
  pagination: PaginationDetailsFragment;
}

interface StoredStats {
  totalProducts: number;
  inStock: number;
  outOfStock: number;
  lowStock: number;
  inventoryValue: number;
}

/** A list query with the server's defaults filled in for whatever it left out. */
export interface ListKey {
  page: number;
  limit: number;
  search?: string;
  category?: string;
  inStock?: boolean;
  stockStatus?: NonNullable<ProductListInput['stockStatus']>;
  sortBy: NonNullable<ProductListInput['sortBy']>;
  sortOrder: NonNullable<ProductListInput['sortOrder']>;
}

const FIELD_PREFIX = 'products:';

/** One of the schema's choices as GraphQL spells it ('DATE'), or the default's when `value` is none of them. */
function graphQLChoice<T extends string>(allowed: readonly T[], value: unknown, fallback: T): Uppercase<T> {
  return toGraphQLEnum(allowed.find((option) => toGraphQLEnum(option) === value) ?? fallback);
}

/**
 * The list query a cached `products` entry answers. The entry's store name is
 * `products` (no query) or `products:{"query":{...}}` (keyArgs ['query']);
 * null for a name this code cannot read, which callers treat as "drop it".
 */
export function listKeyOf(storeFieldName: string): ListKey | null {
  let query: Record<string, unknown> = {};
  if (storeFieldName !== 'products') {
    if (!storeFieldName.startsWith(FIELD_PREFIX)) return null;
    try {
      const args = JSON.parse(storeFieldName.slice(FIELD_PREFIX.length)) as { query?: Record<string, unknown> | null };
      query = args.query ?? {};
    } catch {
      return null;
    }
  }
  // Which products a location's list holds, and its quantities there, follow stock levels the cache does not keep.
  if (typeof query.locationId === 'string' && query.locationId !== '') return null;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  return {
    page: typeof query.page === 'number' ? query.page : PAGINATION.defaultPage,
    limit: typeof query.limit === 'number' ? query.limit : PAGINATION.defaultLimit,
    search: text(query.search),
    category: text(query.category),
    inStock: typeof query.inStock === 'boolean' ? query.inStock : undefined,
    stockStatus: STOCK_STATUSES.find((status) => status === query.stockStatus),
    sortBy: graphQLChoice(PRODUCT_SORT_FIELDS, query.sortBy, DEFAULT_PRODUCT_SORT.sortBy),
    sortOrder: graphQLChoice(SORT_ORDERS, query.sortOrder, DEFAULT_PRODUCT_SORT.sortOrder),
  };
}

/** Where the product's stock stands, by the rule the server's `stock_status` follows. */
const stockStatusOf = (product: ProductRecord) => stockStatus(product.quantity, product.reorderLevel);

/** Whether the search is exactly the product's SKU (any case) or barcode: the server lists such a product before the rest. */
const matchesCodeExactly = (key: ListKey, product: ProductRecord) =>
  !!key.search && ((!!product.sku && product.sku.toLowerCase() === key.search.toLowerCase()) || product.barcode === key.search);

/** Whether the server would list this product under the query's filters (search is ILIKE on name, description, category or SKU, or the exact barcode). */
function matchesListKey(key: ListKey, product: ProductRecord): boolean {
  if (key.search && !matchesCodeExactly(key, product)) {
    const term = key.search.toLowerCase();
    if (![product.name, product.description, product.category, product.sku ?? ''].some((text) => text.toLowerCase().includes(term))) return false;
  }
  if (key.category !== undefined && product.category !== key.category) return false;
  if (key.inStock !== undefined && product.quantity > 0 !== key.inStock) return false;
  if (key.stockStatus !== undefined && stockStatusOf(product) !== key.stockStatus) return false;
  return true;
}

/** What each sort orders by; a sort field the schema gains fails to compile here until it has its value. */
const SORT_VALUE: Record<ListKey['sortBy'], (product: ProductRecord) => string | number> = {
  NAME: (product) => product.name.toLowerCase(),
  PRICE: (product) => product.price,
  DATE: (product) => product.createdAt,
};

const sortValue = (key: ListKey, product: ProductRecord) => SORT_VALUE[key.sortBy](product);

/** Page 1 of newest first: the one place a new product's position is known (the front). */
const isNewestFirstFrontPage = (key: ListKey) => key.page === 1 && key.sortBy === 'DATE' && key.sortOrder === 'DESC';

/** The pagination after one product joined (+1) or left (-1) the list. An estimated total ("about 60,000") stays as it is: one more or less is within its rounding, and "about 60,001" would claim a precision it never had. */
function withTotalMovedBy(pagination: PaginationDetailsFragment, delta: 1 | -1): PaginationDetailsFragment {
  if (pagination.totalIsEstimate) return pagination;
  const total = Math.max(0, pagination.total + delta);
  const totalPages = Math.ceil(total / pagination.limit);
  return { ...pagination, total, totalPages, hasNextPage: pagination.page < totalPages, hasPrevPage: pagination.page > 1 };
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** What one product adds to the catalogue's figures. */
function contribution(product: ProductRecord | null): StoredStats {
  if (!product) return { totalProducts: 0, inStock: 0, outOfStock: 0, lowStock: 0, inventoryValue: 0 };
  const status = stockStatusOf(product);
  const inStock = status !== 'OUT_OF_STOCK';
  return { totalProducts: 1, inStock: inStock ? 1 : 0, outOfStock: inStock ? 0 : 1, lowStock: status === 'LOW_STOCK' ? 1 : 0, inventoryValue: product.price * product.quantity };
}

/** The stats once `before` became `after` (null: did not exist / no longer exists). */
export function statsAfterChange<S extends StoredStats>(stats: S, before: ProductRecord | null, after: ProductRecord | null): S {
  const minus = contribution(before);
  const plus = contribution(after);
  return {
    ...stats,
    totalProducts: stats.totalProducts - minus.totalProducts + plus.totalProducts,
    inStock: stats.inStock - minus.inStock + plus.inStock,
    outOfStock: stats.outOfStock - minus.outOfStock + plus.outOfStock,
    lowStock: stats.lowStock - minus.lowStock + plus.lowStock,
    inventoryValue: cents(stats.inventoryValue - minus.inventoryValue + plus.inventoryValue),
  };
}

/** Sorted as the server sorts them (ORDER BY category), with the new one in its place. */
export function withCategory(categories: readonly string[], category: string): readonly string[] {
  if (categories.includes(category)) return categories;
  return [...categories, category].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const productRef = (cache: ApolloCache, id: string): string | undefined => cache.identify({ __typename: 'Product', id });

const holds = (page: StoredProductPage, ref: string) => page.products.some((item) => isReference(item) && item.__ref === ref);

/** The product as the cache holds it now (read it before a mutation changes it), or null. */
export function readCachedProduct(cache: ApolloCache, id: string): ProductRecord | null {
  const ref = productRef(cache, id);
  if (!ref) return null;
  return cache.readFragment<ProductRecord>({ id: ref, fragment: ProductRecordFragmentDoc }) ?? null;
}

/**
 * createProduct succeeded. The product goes to the front of every cached
 * newest-first page 1 whose filters it matches (the list shown after
 * creating, so the new product shows at once), with the totals one higher; other lists it
 * matches are dropped (their pages shift); lists it does not match are
 * unchanged. Stats count it; its category joins the suggestions.
 */
export function applyProductCreated(cache: ApolloCache, product: ProductRecord): void {
  const ref = productRef(cache, product.id);
  if (!ref) return;
  cache.modify({
    fields: {
      products(value, { storeFieldName, DELETE }) {
        const page = value as StoredProductPage;
        const key = listKeyOf(storeFieldName);
        if (!key) return DELETE;
        if (!matchesListKey(key, product)) return page;
        // An exact code match goes before any other match, not simply first among the newest.
        if (!isNewestFirstFrontPage(key) || matchesCodeExactly(key, product)) return DELETE;
        if (holds(page, ref)) return page;
        return {
          ...page,
          products: [{ __ref: ref }, ...page.products].slice(0, page.pagination.limit),
          pagination: withTotalMovedBy(page.pagination, 1),
        };
      },
      productStats: (value) => statsAfterChange(value as StoredStats, null, product),
      categories: (value) => withCategory(value as readonly string[], product.category),
      featuredProducts: (value, { DELETE }) => (product.featured ? DELETE : value),
    },
  });
}

/**
 * updateProduct or adjustStock succeeded. The normalised Product already
 * shows the new values in every list and the detail view; what is left is
 * where it belongs. A list keeps its entry when the change cannot move the
 * product in or out of it or within its order; otherwise it is dropped.
 * Stats move by the difference. Without `before` nothing can be compared,
 * so every list and the stats are dropped.
 */
export function applyProductUpdated(cache: ApolloCache, before: ProductRecord | null, after: ProductRecord): void {
  const ref = productRef(cache, after.id);
  if (!ref) return;
  const categoryChanged = !before || before.category !== after.category;
  cache.modify({
    fields: {
      products(value, { storeFieldName, DELETE }) {
        const page = value as StoredProductPage;
        const key = listKeyOf(storeFieldName);
        if (!key || !before) return DELETE;
        const wasIn = matchesListKey(key, before);
        const isIn = matchesListKey(key, after);
        if (!wasIn && !isIn && !holds(page, ref)) return page;
        const sameOrder = sortValue(key, before) === sortValue(key, after) && matchesCodeExactly(key, before) === matchesCodeExactly(key, after);
        if (wasIn && isIn && sameOrder) return page;
        return DELETE;
      },
      productStats: (value, { DELETE }) => (before ? statsAfterChange(value as StoredStats, before, after) : DELETE),
      // The old category may now be unused, which only the server knows: the
      // suggestions are read again when a form next needs them.
      categories: (value, { DELETE }) => (categoryChanged ? DELETE : value),
      featuredProducts: (value, { DELETE }) => (before?.featured || after.featured ? DELETE : value),
    },
  });
  // A changed quantity (an edit in the form is a correction) added a movement to the product's history.
  if (!before || before.quantity !== after.quantity) applyStockHistoryChanged(cache, after.id);
}

/**
 * The product's stock history gained a movement: every cached page of it
 * (and the chart's) is dropped, since a new movement shifts them all, and is
 * read again where it is shown. A stocktake that found the expected quantity
 * changes no quantity but still adds a movement, so stock writes call this
 * themselves.
 */
export function applyStockHistoryChanged(cache: ApolloCache, id: string): void {
  const ref = productRef(cache, id);
  if (!ref) return;
  cache.modify({ id: ref, fields: { movements: (_value, { DELETE }) => DELETE } });
}

/**
 * The product's stock moved between its locations (an adjustment, a count or a
 * transfer names one): where its stock is (`productStock(id)`) is dropped and
 * read again where it is shown, since only the server knows each level.
 */
export function applyStockLevelsChanged(cache: ApolloCache, id: string): void {
  cache.evict({ fieldName: 'productStock', args: { id } });
}

/**
 * deleteProduct succeeded. It leaves every cached list that shows it (the
 * totals one lower), lists it matched on other pages are dropped, and the
 * Product itself is evicted with its detail entry, then garbage collected.
 */
export function applyProductDeleted(cache: ApolloCache, id: string, before: ProductRecord | null): void {
  const ref = productRef(cache, id);
  if (!ref) return;
  cache.modify({
    fields: {
      products(value, { storeFieldName, DELETE }) {
        const page = value as StoredProductPage;
        if (holds(page, ref)) {
          return {
            ...page,
            products: page.products.filter((item) => !(isReference(item) && item.__ref === ref)),
            pagination: withTotalMovedBy(page.pagination, -1),
          };
        }
        const key = listKeyOf(storeFieldName);
        if (!key || !before || matchesListKey(key, before)) return DELETE;
        return page;
      },
      productStats: (value, { DELETE }) => (before ? statsAfterChange(value as StoredStats, before, null) : DELETE),
      categories: (_value, { DELETE }) => DELETE,
      featuredProducts: (value, { DELETE }) => (!before || before.featured ? DELETE : value),
    },
  });
  cache.evict({ fieldName: 'product', args: { id } });
  cache.evict({ id: ref });
  cache.gc();
}
