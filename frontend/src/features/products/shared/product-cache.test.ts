import type { InMemoryCache } from '@apollo/client';
import {
  ProductCategoriesDocument,
  ProductDetailsDocument,
  ProductListDocument,
  ProductRecordFragmentDoc,
  ProductStatsDocument,
  ProductStockHistoryDocument,
  ProductStockLevelsDocument,
  type ProductListInput,
  type ProductListQuery,
  type ProductStockHistoryQuery,
} from '@stockroom/schema/generated/graphql';
import { createCache } from '../../../lib/apollo';
import {
  applyProductCreated,
  applyProductDeleted,
  applyProductUpdated,
  applyStockHistoryChanged,
  applyStockLevelsChanged,
  listKeyOf,
  readCachedProduct,
  statsAfterChange,
  withCategory,
  type ProductRecord,
} from './product-cache';
import { DEFAULT_LIST_PARAMS, toListQuery } from './product-list-params';
import { productRecord, typedProduct } from './product-record.fixture';

/* The transitions run on a real InMemoryCache with the app's own type policies. */

const product = productRecord;
const typed = typedProduct;

const NEWEST: ProductListInput = toListQuery(DEFAULT_LIST_PARAMS);
const query = (changes: Partial<typeof DEFAULT_LIST_PARAMS>): ProductListInput => toListQuery({ ...DEFAULT_LIST_PARAMS, ...changes });

function writeList(cache: InMemoryCache, input: ProductListInput, products: ProductRecord[], total = products.length, totalIsEstimate = false) {
  const limit = input.limit ?? 10;
  const page = input.page ?? 1;
  const totalPages = Math.ceil(total / limit);
  cache.writeQuery({
    query: ProductListDocument,
    variables: { query: input },
    data: {
      products: {
        __typename: 'ProductPage',
        products: products.map(typed),
        pagination: { __typename: 'Pagination', page, limit, total, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1, totalIsEstimate },
      },
    } as ProductListQuery,
  });
}

const readList = (cache: InMemoryCache, input: ProductListInput) =>
  cache.readQuery({ query: ProductListDocument, variables: { query: input } })?.products ?? null;

const names = (cache: InMemoryCache, input: ProductListInput) => readList(cache, input)?.products.map((p) => p.name) ?? null;

function writeStats(cache: InMemoryCache, stats: { totalProducts: number; inStock: number; outOfStock: number; inventoryValue: number }) {
  cache.writeQuery({ query: ProductStatsDocument, data: { productStats: { __typename: 'ProductStats', ...stats } } as never });
}

const readStats = (cache: InMemoryCache) => {
  const stats = cache.readQuery({ query: ProductStatsDocument })?.productStats;
  if (!stats) return null;
  const { totalProducts, inStock, outOfStock, inventoryValue } = stats;
  return { totalProducts, inStock, outOfStock, inventoryValue };
};

const writeCategories = (cache: InMemoryCache, categories: string[]) =>
  cache.writeQuery({ query: ProductCategoriesDocument, data: { categories } });
const readCategories = (cache: InMemoryCache) => cache.readQuery({ query: ProductCategoriesDocument })?.categories ?? null;

/** What a mutation does before its `update` runs: the result is written to the normalised Product. */
const writeResult = (cache: InMemoryCache, p: ProductRecord) =>
  cache.writeFragment({
    id: cache.identify({ __typename: 'Product', id: p.id }),
    fragment: ProductRecordFragmentDoc,
    data: typed(p),
  });

describe('type policies', () => {
  it('keys each list by its whole query, so two filters never share an entry', () => {
    const cache = createCache();
    writeList(cache, NEWEST, [product({ name: 'All' })]);
    writeList(cache, query({ inStock: false }), [product({ name: 'Empty', quantity: 0 })]);
    expect(names(cache, NEWEST)).toEqual(['All']);
    expect(names(cache, query({ inStock: false }))).toEqual(['Empty']);
    expect(names(cache, query({ page: 2 }))).toBeNull();
  });

  it('normalises Product by id: one write shows in every list and in the detail view', () => {
    const cache = createCache();
    const p = product({ name: 'Old name' });
    writeList(cache, NEWEST, [p]);
    writeList(cache, query({ sortBy: 'name', sortOrder: 'asc' }), [p]);
    writeResult(cache, { ...p, name: 'New name', version: 2 });
    expect(names(cache, NEWEST)).toEqual(['New name']);
    expect(names(cache, query({ sortBy: 'name', sortOrder: 'asc' }))).toEqual(['New name']);
    // product(id) finds the listed product without a request of its own.
    expect(cache.readQuery({ query: ProductDetailsDocument, variables: { id: p.id } })?.product).toMatchObject({ name: 'New name', version: 2 });
  });

  it('reads the key of a cached list back', () => {
    expect(listKeyOf('products')).toEqual({ page: 1, limit: 10, sortBy: 'DATE', sortOrder: 'DESC' });
    expect(listKeyOf('products:{"query":{"page":2,"limit":25,"search":" lamp ","inStock":false,"sortBy":"NAME","sortOrder":"ASC"}}')).toEqual({
      page: 2,
      limit: 25,
      search: 'lamp',
      inStock: false,
      sortBy: 'NAME',
      sortOrder: 'ASC',
    });
    expect(listKeyOf('products:{"query":null}')).toMatchObject({ page: 1, sortBy: 'DATE' });
    expect(listKeyOf('products:not json')).toBeNull();
  });

  it('cannot read a list filtered by a location: what it holds follows stock levels the cache does not keep', () => {
    expect(listKeyOf('products:{"query":{"locationId":"back-room","page":1}}')).toBeNull();
  });
});

describe('a list filtered by a location', () => {
  it('is dropped by any product change (a new product is not put in it), and other lists are not', () => {
    const cache = createCache();
    const here = query({});
    const atBackRoom = { ...here, locationId: 'back-room' };
    const p = product({ name: 'Lamp', quantity: 4 });
    writeList(cache, NEWEST, [p]);
    writeList(cache, atBackRoom, [p]);
    const after = { ...p, quantity: 3, version: 2 };
    writeResult(cache, after);
    applyProductUpdated(cache, p, after);
    expect(names(cache, atBackRoom)).toBeNull();
    expect(names(cache, NEWEST)).toEqual(['Lamp']);

    writeList(cache, atBackRoom, [after]);
    const created = product({ name: 'New lamp' });
    writeResult(cache, created);
    applyProductCreated(cache, created);
    expect(names(cache, atBackRoom)).toBeNull();
  });
});

describe('applyStockLevelsChanged', () => {
  it('drops where the product’s stock is, and only that product’s', () => {
    const cache = createCache();
    const levels = (total: number) => ({ productStock: { __typename: 'ProductStock' as const, total, levels: [] } });
    cache.writeQuery({ query: ProductStockLevelsDocument, variables: { id: 'a' }, data: levels(4) });
    cache.writeQuery({ query: ProductStockLevelsDocument, variables: { id: 'b' }, data: levels(7) });
    applyStockLevelsChanged(cache, 'a');
    expect(cache.readQuery({ query: ProductStockLevelsDocument, variables: { id: 'a' } })).toBeNull();
    expect(cache.readQuery({ query: ProductStockLevelsDocument, variables: { id: 'b' } })?.productStock.total).toBe(7);
  });
});

describe('applyProductCreated', () => {
  it('leaves an estimated total as the server said it ("about 60,000", not "about 60,001")', () => {
    const cache = createCache();
    const search = query({ search: 'lamp' });
    const existing = Array.from({ length: 10 }, (_, i) => product({ name: `Lamp ${i}` }));
    writeList(cache, search, existing, 60_000, true);
    const created = product({ name: 'Lamp new' });
    writeResult(cache, created);
    applyProductCreated(cache, created);
    expect(readList(cache, search)?.pagination).toMatchObject({ total: 60_000, totalIsEstimate: true, hasNextPage: true });
    expect(names(cache, search)?.[0]).toBe('Lamp new');

    applyProductDeleted(cache, created.id, created);
    expect(readList(cache, search)?.pagination).toMatchObject({ total: 60_000, totalIsEstimate: true });
  });

  it('puts the new product at the front of newest-first page 1 and counts it, without touching the rest', () => {
    const cache = createCache();
    const existing = Array.from({ length: 10 }, (_, i) => product({ name: `Old ${i}` }));
    writeList(cache, NEWEST, existing, 12);
    const created = product({ name: 'Brand new' });
    writeResult(cache, created);

    applyProductCreated(cache, created);

    const list = readList(cache, NEWEST)!;
    expect(list.products.map((p) => p.name)).toEqual(['Brand new', ...existing.slice(0, 9).map((p) => p.name)]);
    expect(list.pagination).toMatchObject({ page: 1, limit: 10, total: 13, totalPages: 2, hasNextPage: true, hasPrevPage: false });
  });

  it('prepends to a filtered newest-first list it matches, leaves lists it does not match, drops the ones whose pages shift', () => {
    const cache = createCache();
    const a = product({ name: 'Alpha lamp' });
    const outOfStock = product({ name: 'Gone', quantity: 0 });
    writeList(cache, query({ search: 'lamp' }), [a]);
    writeList(cache, query({ search: 'chair' }), []);
    writeList(cache, query({ inStock: false }), [outOfStock]);
    writeList(cache, query({ sortBy: 'name', sortOrder: 'asc' }), [a, outOfStock]);
    writeList(cache, query({ page: 2 }), [a], 11);
    const created = product({ name: 'Desk lamp', quantity: 3 });
    writeResult(cache, created);

    applyProductCreated(cache, created);

    expect(names(cache, query({ search: 'lamp' }))).toEqual(['Desk lamp', 'Alpha lamp']);
    expect(readList(cache, query({ search: 'lamp' }))!.pagination.total).toBe(2);
    expect(names(cache, query({ search: 'chair' }))).toEqual([]);
    expect(names(cache, query({ inStock: false }))).toEqual(['Gone']);
    expect(names(cache, query({ sortBy: 'name', sortOrder: 'asc' }))).toBeNull();
    expect(names(cache, query({ page: 2 }))).toBeNull();
  });

  it('finds a product whose SKU (any case) or barcode is exactly the search, and drops the page it now leads', () => {
    const cache = createCache();
    writeList(cache, query({ search: 'lmp-01' }), []);
    writeList(cache, query({ search: '96385074' }), []);
    writeList(cache, query({ search: 'lmp' }), []);
    const created = product({ name: 'Lamp', sku: 'LMP-01', barcode: '96385074' });
    writeResult(cache, created);
    applyProductCreated(cache, created);
    // Matched: the page is read again, where the server puts it first.
    expect(names(cache, query({ search: 'lmp-01' }))).toBeNull();
    expect(names(cache, query({ search: '96385074' }))).toBeNull();
    // Part of a SKU matches too: the newest-first page takes it at the front.
    expect(names(cache, query({ search: 'lmp' }))).toEqual(['Lamp']);
    // Part of a barcode does not.
    writeList(cache, query({ search: '9638' }), []);
    applyProductCreated(cache, created);
    expect(names(cache, query({ search: '9638' }))).toEqual([]);
  });

  it('matches the search case-insensitively on the description too', () => {
    const cache = createCache();
    writeList(cache, query({ search: 'OAK' }), []);
    const created = product({ name: 'Table', description: 'Solid oak, seats six' });
    writeResult(cache, created);
    applyProductCreated(cache, created);
    expect(names(cache, query({ search: 'OAK' }))).toEqual(['Table']);
  });

  it('matches the search on the category, as the server does', () => {
    const cache = createCache();
    writeList(cache, query({ search: 'garden' }), []);
    const created = product({ name: 'Trowel', description: 'Forged steel blade', category: 'Garden tools' });
    writeResult(cache, created);
    applyProductCreated(cache, created);
    expect(names(cache, query({ search: 'garden' }))).toEqual(['Trowel']);
  });

  it('is applied once even if it runs twice', () => {
    const cache = createCache();
    writeList(cache, NEWEST, []);
    const created = product();
    writeResult(cache, created);
    applyProductCreated(cache, created);
    applyProductCreated(cache, created);
    expect(readList(cache, NEWEST)!.products).toHaveLength(1);
    expect(readList(cache, NEWEST)!.pagination.total).toBe(1);
  });

  it('updates the stats from the new product and adds its category in order', () => {
    const cache = createCache();
    writeStats(cache, { totalProducts: 2, inStock: 1, outOfStock: 1, inventoryValue: 100.1 });
    writeCategories(cache, ['Garden', 'Tools']);
    const created = product({ price: 19.99, quantity: 3, category: 'Kitchen' });
    writeResult(cache, created);

    applyProductCreated(cache, created);

    expect(readStats(cache)).toEqual({ totalProducts: 3, inStock: 2, outOfStock: 1, inventoryValue: 160.07 });
    expect(readCategories(cache)).toEqual(['Garden', 'Kitchen', 'Tools']);
  });

  it('counts a product created with no stock as out of stock', () => {
    const cache = createCache();
    writeStats(cache, { totalProducts: 0, inStock: 0, outOfStock: 0, inventoryValue: 0 });
    const created = product({ quantity: 0, price: 5 });
    writeResult(cache, created);
    applyProductCreated(cache, created);
    expect(readStats(cache)).toEqual({ totalProducts: 1, inStock: 0, outOfStock: 1, inventoryValue: 0 });
  });
});

/** The product's first history page in the cache, or null when it is not there. */
function readHistory(cache: InMemoryCache, id: string): unknown {
  return cache.readQuery({ query: ProductStockHistoryDocument, variables: { id, page: 1, limit: 10 } });
}

function writeHistory(cache: InMemoryCache, p: ProductRecord) {
  // As the server answers it, __typename included (the generated types leave it out).
  const answer = {
      product: {
        __typename: 'Product',
        id: p.id,
        movements: {
          __typename: 'StockMovementPage',
          movements: [
            {
              __typename: 'StockMovement',
              id: `movement-${p.id}`,
              delta: p.quantity,
              quantityAfter: p.quantity,
              reason: 'INITIAL',
              note: null,
              createdAt: p.createdAt,
              user: { __typename: 'StockMovementUser', id: 'owner-1', fullName: 'Ada Owner' },
              location: { __typename: 'StockMovementLocation', id: 'main', name: 'Main' },
            },
          ],
          pagination: { __typename: 'Pagination', page: 1, limit: 10, total: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false, totalIsEstimate: false },
        },
      },
  };
  cache.writeQuery({ query: ProductStockHistoryDocument, variables: { id: p.id, page: 1, limit: 10 }, data: answer as ProductStockHistoryQuery });
}

describe('stock history in the cache', () => {
  it('an update that changes the quantity (a correction in the form) drops the cached history; one that keeps it does not', () => {
    const cache = createCache();
    const p = product({ quantity: 4 });
    writeResult(cache, p);
    writeHistory(cache, p);

    applyProductUpdated(cache, p, { ...p, price: 12, version: 2 });
    expect(readHistory(cache, p.id)).not.toBeNull();

    const after = { ...p, quantity: 9, version: 3 };
    writeResult(cache, after);
    applyProductUpdated(cache, p, after);
    expect(readHistory(cache, p.id)).toBeNull();
  });

  it('a stock write drops the history even when the quantity stayed (a count that matched)', () => {
    const cache = createCache();
    const p = product({ quantity: 4 });
    writeResult(cache, p);
    writeHistory(cache, p);
    applyStockHistoryChanged(cache, p.id);
    expect(readHistory(cache, p.id)).toBeNull();
    // The product itself stays.
    expect(readCachedProduct(cache, p.id)).toMatchObject({ quantity: 4 });
  });
});

describe('applyProductUpdated', () => {
  it('keeps lists whose membership and order cannot change; the new values show through normalisation', () => {
    const cache = createCache();
    const p = product({ name: 'Lamp', description: 'A desk lamp for reading', price: 10, quantity: 4 });
    writeList(cache, NEWEST, [p]);
    writeList(cache, query({ sortBy: 'name', sortOrder: 'asc' }), [p]);
    writeList(cache, query({ search: 'chair' }), []);
    const after = { ...p, description: 'A brighter desk lamp', version: 2 };
    writeResult(cache, after);

    applyProductUpdated(cache, p, after);

    expect(readList(cache, NEWEST)!.products[0]).toMatchObject({ description: 'A brighter desk lamp', version: 2 });
    expect(names(cache, query({ sortBy: 'name', sortOrder: 'asc' }))).toEqual(['Lamp']);
    expect(names(cache, query({ search: 'chair' }))).toEqual([]);
  });

  it('drops the lists the product moves into, out of, or within', () => {
    const cache = createCache();
    const p = product({ name: 'Lamp', price: 10, quantity: 4 });
    writeList(cache, NEWEST, [p]);
    writeList(cache, query({ sortBy: 'price' }), [p]);
    writeList(cache, query({ sortBy: 'name' }), [p]);
    writeList(cache, query({ search: 'lamp' }), [p]);
    writeList(cache, query({ search: 'chair' }), []);
    writeList(cache, query({ inStock: false }), []);
    const after = { ...p, name: 'Chair', price: 12, version: 2 };
    writeResult(cache, after);

    applyProductUpdated(cache, p, after);

    expect(names(cache, NEWEST)).toEqual(['Chair']);
    expect(names(cache, query({ sortBy: 'price' }))).toBeNull();
    expect(names(cache, query({ sortBy: 'name' }))).toBeNull();
    expect(names(cache, query({ search: 'lamp' }))).toBeNull();
    expect(names(cache, query({ search: 'chair' }))).toBeNull();
    expect(names(cache, query({ inStock: false }))).toEqual([]);
  });

  it('moves the stats by the difference, e.g. a stock adjustment to zero', () => {
    const cache = createCache();
    const p = product({ price: 2.5, quantity: 4 });
    writeList(cache, query({ inStock: true }), [p]);
    writeList(cache, query({ inStock: false }), []);
    writeStats(cache, { totalProducts: 3, inStock: 2, outOfStock: 1, inventoryValue: 30 });
    const after = { ...p, quantity: 0, inStock: false, version: 2 };
    writeResult(cache, after);

    applyProductUpdated(cache, p, after);

    expect(readStats(cache)).toEqual({ totalProducts: 3, inStock: 1, outOfStock: 2, inventoryValue: 20 });
    expect(names(cache, query({ inStock: true }))).toBeNull();
    expect(names(cache, query({ inStock: false }))).toBeNull();
  });

  it('keeps the category suggestions when the category is the same, reads them again when it changed', () => {
    const cache = createCache();
    const p = product({ category: 'Tools' });
    writeCategories(cache, ['Tools']);
    writeResult(cache, p);
    applyProductUpdated(cache, p, { ...p, price: 11 });
    expect(readCategories(cache)).toEqual(['Tools']);
    applyProductUpdated(cache, p, { ...p, category: 'Garden' });
    expect(readCategories(cache)).toBeNull();
  });

  it('without the old values, drops every list and the stats rather than guess', () => {
    const cache = createCache();
    const p = product();
    writeList(cache, NEWEST, [p]);
    writeStats(cache, { totalProducts: 1, inStock: 1, outOfStock: 0, inventoryValue: 50 });
    writeResult(cache, p);
    applyProductUpdated(cache, null, { ...p, quantity: 0 });
    expect(readList(cache, NEWEST)).toBeNull();
    expect(readStats(cache)).toBeNull();
  });
});

describe('applyProductDeleted', () => {
  it('removes it from the lists that show it, fixes their totals, evicts it and its detail entry', () => {
    const cache = createCache();
    const keep = product({ name: 'Keep' });
    const gone = product({ name: 'Gone', price: 4, quantity: 5 });
    writeList(cache, NEWEST, [gone, keep], 11);
    writeList(cache, query({ search: 'gone' }), [gone]);
    cache.writeQuery({ query: ProductDetailsDocument, variables: { id: gone.id }, data: { product: typed(gone) } });
    writeStats(cache, { totalProducts: 11, inStock: 11, outOfStock: 0, inventoryValue: 120 });

    const before = readCachedProduct(cache, gone.id);
    expect(before).toMatchObject({ name: 'Gone', price: 4, quantity: 5 });
    applyProductDeleted(cache, gone.id, before);

    expect(readList(cache, NEWEST)).toMatchObject({
      products: [{ name: 'Keep' }],
      pagination: { total: 10, totalPages: 1, hasNextPage: false },
    });
    expect(readList(cache, query({ search: 'gone' }))).toMatchObject({ products: [], pagination: { total: 0, totalPages: 0 } });
    expect(readStats(cache)).toEqual({ totalProducts: 10, inStock: 10, outOfStock: 0, inventoryValue: 100 });
    expect(readCachedProduct(cache, gone.id)).toBeNull();
    expect(cache.extract()[cache.identify({ __typename: 'Product', id: gone.id })!]).toBeUndefined();
    expect(JSON.stringify(cache.extract().ROOT_QUERY)).not.toContain(gone.id);
  });

  it('drops the other pages of lists it matched, keeps lists it did not match', () => {
    const cache = createCache();
    const gone = product({ name: 'Gone', quantity: 2 });
    const other = product({ name: 'Other', quantity: 0 });
    writeList(cache, query({ page: 2 }), [other], 11);
    writeList(cache, query({ inStock: false }), [other]);
    writeCategories(cache, ['Tools']);
    writeResult(cache, gone);

    applyProductDeleted(cache, gone.id, readCachedProduct(cache, gone.id));

    expect(readList(cache, query({ page: 2 }))).toBeNull();
    expect(names(cache, query({ inStock: false }))).toEqual(['Other']);
    expect(readCategories(cache)).toBeNull();
  });
});

describe('pure helpers', () => {
  it('statsAfterChange keeps the value exact to the cent', () => {
    const p = product({ price: 0.1, quantity: 3 });
    expect(statsAfterChange({ totalProducts: 0, inStock: 0, outOfStock: 0, lowStock: 0, inventoryValue: 0.2 }, null, p).inventoryValue).toBe(0.5);
  });

  it('statsAfterChange counts a product into Low Stock and out of it as the server says it is', () => {
    const fine = product({ quantity: 9, reorderLevel: 5, lowStock: false });
    const low = { ...fine, quantity: 4, lowStock: true };
    const empty = { ...fine, quantity: 0, lowStock: false };
    const stats = { totalProducts: 1, inStock: 1, outOfStock: 0, lowStock: 0, inventoryValue: 90 };
    const afterSale = statsAfterChange(stats, fine, low);
    expect(afterSale).toMatchObject({ inStock: 1, lowStock: 1 });
    expect(statsAfterChange(afterSale, low, empty)).toMatchObject({ inStock: 0, outOfStock: 1, lowStock: 0 });
    expect(statsAfterChange(afterSale, low, null)).toMatchObject({ totalProducts: 0, lowStock: 0 });
  });

  it('withCategory keeps the list sorted and unique', () => {
    expect(withCategory(['B', 'D'], 'C')).toEqual(['B', 'C', 'D']);
    expect(withCategory(['B'], 'B')).toEqual(['B']);
  });
});
