import {
  DEFAULT_PRODUCT_SORT,
  PAGE_SIZES,
  PAGINATION,
  PRODUCT_SORT_FIELDS,
  ProductListFields,
  Rules,
  SORT_ORDERS,
  type PageSize,
  type ProductExportFormat,
  type ProductSortField,
  type SortOrder,
} from '@stockroom/schema';
import type { ProductListInput } from '@stockroom/schema/generated/graphql';

/**
 * The product list's state lives in the URL query string, so a reload, the
 * back button and a shared link all show the same list. The parameter names
 * are the REST API's (`search`, `category`, `inStock`, `sortBy`, `sortOrder`,
 * `page`, `limit`: keys of the schema's ProductListFields) plus `view`; defaults are
 * left out of the URL. The page size is one of the schema's PAGE_SIZES.
 */
type ParamName = keyof typeof ProductListFields | 'view';

const LIST_VIEWS = ['table', 'cards'] as const;
export type ListView = (typeof LIST_VIEWS)[number];

/** null: all products; true: quantity > 0; false: quantity = 0; 'low': in stock at or under the reorder level. */
export type StockFilter = boolean | 'low' | null;

export interface ProductListParams {
  search: string;
  /** One of the user's categories, exactly; '' for all. */
  category: string;
  inStock: StockFilter;
  sortBy: ProductSortField;
  sortOrder: SortOrder;
  page: number;
  limit: PageSize;
  view: ListView;
}

export const DEFAULT_LIST_PARAMS: ProductListParams = {
  search: '',
  category: '',
  inStock: null,
  sortBy: DEFAULT_PRODUCT_SORT.sortBy,
  sortOrder: DEFAULT_PRODUCT_SORT.sortOrder,
  page: PAGINATION.defaultPage,
  limit: PAGINATION.defaultLimit,
  view: 'table',
};

const MAX_PAGE = Rules.page.max;
/** The server refuses longer terms; a pasted link is cut rather than failing. */
const MAX_SEARCH = Rules.search.max;
/** No category is longer than the server accepts, so a longer one in a link matches nothing: it is dropped. */
const MAX_CATEGORY = Rules.categoryFilter.max;

function oneOf<T extends string | number>(allowed: readonly T[], value: unknown, fallback: T): T {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

function parsePage(raw: string | null): number {
  if (raw === null || !/^\d+$/.test(raw)) return DEFAULT_LIST_PARAMS.page;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : DEFAULT_LIST_PARAMS.page;
}

function parseCategory(raw: string | null): string {
  const category = (raw ?? '').trim();
  return [...category].length <= MAX_CATEGORY ? category : DEFAULT_LIST_PARAMS.category;
}

function parseStock(raw: string | null, status: string | null): StockFilter {
  if (status === 'low') return 'low';
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return null;
}

/** Reads the list state from a query string; anything missing or invalid takes its default. */
export function parseListParams(query: URLSearchParams | string): ProductListParams {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const get = (name: ParamName) => params.get(name);
  const search = [...(get('search') ?? '').trim()].slice(0, MAX_SEARCH).join('').trim();
  const limitText = get('limit');
  return {
    search,
    category: parseCategory(get('category')),
    inStock: parseStock(get('inStock'), get('stockStatus')),
    sortBy: oneOf(PRODUCT_SORT_FIELDS, get('sortBy'), DEFAULT_LIST_PARAMS.sortBy),
    sortOrder: oneOf(SORT_ORDERS, get('sortOrder'), DEFAULT_LIST_PARAMS.sortOrder),
    page: parsePage(get('page')),
    limit: oneOf(PAGE_SIZES, limitText !== null && /^\d+$/.test(limitText) ? Number(limitText) : null, DEFAULT_LIST_PARAMS.limit),
    view: oneOf(LIST_VIEWS, get('view'), DEFAULT_LIST_PARAMS.view),
  };
}

/** The query string for a list state, in a fixed order, without defaults (no leading '?'). */
export function serializeListParams(state: ProductListParams): string {
  const params = new URLSearchParams();
  const set = (name: ParamName, value: string) => params.set(name, value);
  const d = DEFAULT_LIST_PARAMS;
  if (state.search) set('search', state.search);
  if (state.category) set('category', state.category);
  if (state.inStock === 'low') set('stockStatus', 'low');
  else if (state.inStock !== null) set('inStock', String(state.inStock));
  if (state.sortBy !== d.sortBy) set('sortBy', state.sortBy);
  if (state.sortOrder !== d.sortOrder) set('sortOrder', state.sortOrder);
  if (state.page !== d.page) set('page', String(state.page));
  if (state.limit !== d.limit) set('limit', String(state.limit));
  if (state.view !== d.view) set('view', state.view);
  return params.toString();
}

/** Where the list is exported as a file. */
export const PRODUCT_EXPORT_ENDPOINT = '/api/products/export';

/**
 * The export of what the list shows: its filters and sort in the list's own
 * parameter names (every page, so no page, page size or view), and the format.
 */
export function exportUrl(state: ProductListParams, format: ProductExportFormat): string {
  const { page, limit, view } = DEFAULT_LIST_PARAMS;
  const query = new URLSearchParams(serializeListParams({ ...state, page, limit, view }));
  query.set('format', format);
  return `${PRODUCT_EXPORT_ENDPOINT}?${query}`;
}

/**
 * Applies a change to the list state. Anything that changes which products
 * match or their order starts again at page 1; paging and the view do not.
 */
export function changeListParams(state: ProductListParams, changes: Partial<ProductListParams>): ProductListParams {
  const next = { ...state, ...changes };
  const reordered = (['search', 'category', 'inStock', 'sortBy', 'sortOrder', 'limit'] as const).some(
    (key) => key in changes && changes[key] !== state[key],
  );
  if (reordered && !('page' in changes)) next.page = DEFAULT_LIST_PARAMS.page;
  return next;
}

/** Where a column's first click starts: names A to Z, prices low to high, dates newest first. */
const FIRST_SORT_ORDER: Record<ProductSortField, SortOrder> = { name: 'asc', price: 'asc', date: 'desc' };

/**
 * The sort a column header asks for: the column already sorted turns its
 * order round; another column starts at its natural order.
 */
export function sortByColumn(state: ProductListParams, field: ProductSortField): Pick<ProductListParams, 'sortBy' | 'sortOrder'> {
  if (state.sortBy === field) return { sortBy: field, sortOrder: state.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { sortBy: field, sortOrder: FIRST_SORT_ORDER[field] };
}

/** What Clear Filters resets: the search, the category and the stock filter (sort, page size and view stay). */
export function clearListFilters(state: ProductListParams): ProductListParams {
  return changeListParams(state, { search: '', category: '', inStock: null });
}

export const hasListFilters = (state: ProductListParams) => state.search !== '' || state.category !== '' || state.inStock !== null;

/** The GraphQL enums are the REST names in capitals: 'date' -> 'DATE', 'asc' -> 'ASC'. */
export const toGraphQLEnum = <T extends string>(value: T) => value.toUpperCase() as Uppercase<T>;

/**
 * The GraphQL query for a list state. The keys always come in the same order
 * and every one is present but the unset filters, so one list state is always
 * one cache entry (`products` is keyed by the whole query).
 */
export function toListQuery(state: ProductListParams): ProductListInput {
  const query: ProductListInput = { page: state.page, limit: state.limit };
  if (state.search) query.search = state.search;
  if (state.category) query.category = state.category;
  if (state.inStock === 'low') query.stockStatus = 'LOW_STOCK';
  else if (state.inStock !== null) query.inStock = state.inStock;
  query.sortBy = toGraphQLEnum(state.sortBy);
  query.sortOrder = toGraphQLEnum(state.sortOrder);
  return query;
}
