import {
  changeListParams,
  clearListFilters,
  DEFAULT_LIST_PARAMS,
  exportUrl,
  hasListFilters,
  parseListParams,
  serializeListParams,
  sortByColumn,
  toListQuery,
  type ProductListParams,
} from './product-list-params';
import { productListPath, productSearchPath } from '../../../lib/urls';

describe('product list URL state', () => {
  it('an empty query string is the default list, and the default list is an empty query string', () => {
    expect(parseListParams('')).toEqual(DEFAULT_LIST_PARAMS);
    expect(serializeListParams(DEFAULT_LIST_PARAMS)).toBe('');
    expect(DEFAULT_LIST_PARAMS).toEqual({
      search: '',
      category: '',
      inStock: null,
      sortBy: 'date',
      sortOrder: 'desc',
      page: 1,
      limit: 10,
      view: 'table',
    });
  });

  it("reads another page's link to the list searched for a code (productSearchPath) as that search", () => {
    const [path, query] = productSearchPath('SCAN & GO #7').split('?');
    expect(path).toBe(productListPath);
    expect(parseListParams(query)).toEqual({ ...DEFAULT_LIST_PARAMS, search: 'SCAN & GO #7' });
  });

  it('round-trips every setting', () => {
    const state: ProductListParams = {
      search: 'desk lamp',
      category: 'Home & Living',
      inStock: false,
      sortBy: 'price',
      sortOrder: 'asc',
      page: 3,
      limit: 50,
      view: 'cards',
    };
    const text = serializeListParams(state);
    expect(text).toBe('search=desk+lamp&category=Home+%26+Living&inStock=false&sortBy=price&sortOrder=asc&page=3&limit=50&view=cards');
    expect(parseListParams(text)).toEqual(state);
    expect(parseListParams(new URLSearchParams(text))).toEqual(state);
  });

  it('keeps the Low Stock filter as stockStatus=low and asks the API for LOW_STOCK', () => {
    const low = { ...DEFAULT_LIST_PARAMS, inStock: 'low' as const };
    expect(serializeListParams(low)).toBe('stockStatus=low');
    expect(parseListParams('stockStatus=low')).toEqual(low);
    expect(parseListParams('stockStatus=nearly').inStock).toBeNull();
    expect(toListQuery(low)).toMatchObject({ stockStatus: 'LOW_STOCK' });
    expect(toListQuery(low)).not.toHaveProperty('inStock');
  });

  it('leaves defaults out, one by one', () => {
    expect(serializeListParams({ ...DEFAULT_LIST_PARAMS, inStock: true })).toBe('inStock=true');
    expect(serializeListParams({ ...DEFAULT_LIST_PARAMS, category: 'Tools' })).toBe('category=Tools');
    expect(serializeListParams({ ...DEFAULT_LIST_PARAMS, sortBy: 'name' })).toBe('sortBy=name');
    expect(serializeListParams({ ...DEFAULT_LIST_PARAMS, sortOrder: 'asc' })).toBe('sortOrder=asc');
    expect(serializeListParams({ ...DEFAULT_LIST_PARAMS, page: 2 })).toBe('page=2');
    expect(serializeListParams({ ...DEFAULT_LIST_PARAMS, limit: 100 })).toBe('limit=100');
  });

  it.each([
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['page=99999999999', { page: 1 }],
    ['limit=7', { limit: 10 }],
    ['limit=1000', { limit: 10 }],
    ['limit=25abc', { limit: 10 }],
    ['sortBy=owner', { sortBy: 'date' }],
    ['sortBy=NAME', { sortBy: 'date' }],
    ['sortOrder=sideways', { sortOrder: 'desc' }],
    ['inStock=yes', { inStock: null }],
    ['view=grid', { view: 'table' }],
    ['search=%20%20', { search: '' }],
    ['category=%20%20', { category: '' }],
    [`category=${'x'.repeat(51)}`, { category: '' }],
  ])('falls back to the default for an invalid %s', (text, expected) => {
    expect(parseListParams(text)).toEqual({ ...DEFAULT_LIST_PARAMS, ...expected });
  });

  it('trims the search and cuts it at the server limit of 100 characters', () => {
    expect(parseListParams('search=%20lamp%20').search).toBe('lamp');
    expect(parseListParams(`search=${'x'.repeat(150)}`).search).toHaveLength(100);
  });

  it('keeps a category as it is but for surrounding spaces, unicode and 50 characters included', () => {
    expect(parseListParams('category=%20Garden%20').category).toBe('Garden');
    expect(parseListParams(`category=${encodeURIComponent('Café & Crème 🍰')}`).category).toBe('Café & Crème 🍰');
    expect(parseListParams(`category=${'é'.repeat(50)}`).category).toBe('é'.repeat(50));
  });

  it('ignores parameters it does not know, so a serialised state is canonical', () => {
    expect(serializeListParams(parseListParams('utm=1&page=2&limit=10'))).toBe('page=2');
  });

  it('starts at page 1 when the filter, search, sort or page size changes, but not when paging or switching view', () => {
    const onPage3 = { ...DEFAULT_LIST_PARAMS, page: 3 };
    expect(changeListParams(onPage3, { search: 'lamp' }).page).toBe(1);
    expect(changeListParams(onPage3, { inStock: true }).page).toBe(1);
    expect(changeListParams(onPage3, { category: 'Tools' }).page).toBe(1);
    expect(changeListParams(onPage3, { sortBy: 'name' }).page).toBe(1);
    expect(changeListParams(onPage3, { sortOrder: 'asc' }).page).toBe(1);
    expect(changeListParams(onPage3, { limit: 25 }).page).toBe(1);
    expect(changeListParams(onPage3, { view: 'cards' }).page).toBe(3);
    expect(changeListParams(onPage3, { page: 4 }).page).toBe(4);
    expect(changeListParams(onPage3, { search: '' }).page).toBe(3);
  });

  it('Clear Filters resets search, category and stock filter only', () => {
    const state: ProductListParams = { search: 'lamp', category: 'Tools', inStock: true, sortBy: 'name', sortOrder: 'asc', page: 2, limit: 25, view: 'cards' };
    expect(hasListFilters(state)).toBe(true);
    const cleared = clearListFilters(state);
    expect(cleared).toEqual({ ...state, search: '', category: '', inStock: null, page: 1 });
    expect(hasListFilters(cleared)).toBe(false);
    expect(hasListFilters({ ...DEFAULT_LIST_PARAMS, category: 'Tools' })).toBe(true);
  });

  it('a column header turns the sorted column round and starts another at its natural order', () => {
    const byDate = DEFAULT_LIST_PARAMS;
    expect(sortByColumn(byDate, 'date')).toEqual({ sortBy: 'date', sortOrder: 'asc' });
    expect(sortByColumn({ ...byDate, sortOrder: 'asc' }, 'date')).toEqual({ sortBy: 'date', sortOrder: 'desc' });
    expect(sortByColumn(byDate, 'name')).toEqual({ sortBy: 'name', sortOrder: 'asc' });
    expect(sortByColumn(byDate, 'price')).toEqual({ sortBy: 'price', sortOrder: 'asc' });
    expect(sortByColumn({ ...byDate, sortBy: 'name', sortOrder: 'asc' }, 'name')).toEqual({ sortBy: 'name', sortOrder: 'desc' });
    expect(sortByColumn({ ...byDate, sortBy: 'price', sortOrder: 'asc' }, 'date')).toEqual({ sortBy: 'date', sortOrder: 'desc' });
    // A new sort starts at page 1, as the sort menus do.
    expect(changeListParams({ ...byDate, page: 3 }, sortByColumn(byDate, 'name')).page).toBe(1);
  });

  it('builds the GraphQL query with fixed keys, the unset filters left out', () => {
    expect(toListQuery(DEFAULT_LIST_PARAMS)).toEqual({ page: 1, limit: 10, sortBy: 'DATE', sortOrder: 'DESC' });
    const query = toListQuery({ ...DEFAULT_LIST_PARAMS, search: 'lamp', category: 'Tools', inStock: false, sortBy: 'name', sortOrder: 'asc' });
    expect(query).toEqual({ page: 1, limit: 10, search: 'lamp', category: 'Tools', inStock: false, sortBy: 'NAME', sortOrder: 'ASC' });
    expect(Object.keys(query)).toEqual(['page', 'limit', 'search', 'category', 'inStock', 'sortBy', 'sortOrder']);
  });
});

describe('the export of the list', () => {
  it('carries the filters and sort, never the page, page size or view, and the format', () => {
    const state: ProductListParams = { search: 'desk lamp', category: 'Home & Living', inStock: 'low', sortBy: 'price', sortOrder: 'asc', page: 3, limit: 50, view: 'cards' };
    expect(exportUrl(state, 'csv')).toBe('/api/products/export?search=desk+lamp&category=Home+%26+Living&stockStatus=low&sortBy=price&sortOrder=asc&format=csv');
    expect(exportUrl(DEFAULT_LIST_PARAMS, 'xlsx')).toBe('/api/products/export?format=xlsx');
    expect(exportUrl({ ...DEFAULT_LIST_PARAMS, inStock: false }, 'csv')).toBe('/api/products/export?inStock=false&format=csv');
  });
});
