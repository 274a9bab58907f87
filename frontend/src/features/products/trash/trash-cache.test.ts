import {
  ProductCategoriesDocument,
  ProductListDocument,
  ProductStatsDocument,
  ProductTrashDocument,
  type ProductListQuery,
  type ProductStatsQuery,
  type ProductTrashQuery,
} from '@stockroom/schema/generated/graphql';
import type { InMemoryCache } from '@apollo/client';
import { createCache } from '../../../lib/apollo';
import type { ProductRecord } from '../shared/product-cache';
import { DEFAULT_LIST_PARAMS, toListQuery } from '../shared/product-list-params';
import { productRecord } from '../shared/product-record.fixture';
import { applyProductRestored, applyTrashChanged } from './trash-cache';

/* The trash's transitions on a real InMemoryCache with the app's own type policies. */

const LIST = toListQuery(DEFAULT_LIST_PARAMS);
const PAGE = { __typename: 'Pagination' as const, page: 1, limit: 10, total: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false, totalIsEstimate: false };

const lamp: ProductRecord = productRecord({ name: 'Desk Lamp', description: 'A lamp for the desk', category: 'Lighting', quantity: 3, sku: 'LAMP-1' });
const chair: ProductRecord = productRecord({ name: 'Chair', category: 'Furniture', price: 50, quantity: 2 });

/** A cache as it is after the lamp was deleted: the chair listed and counted, the lamp in the trash. */
function afterDelete(): InMemoryCache {
  const cache = createCache();
  cache.writeQuery({
    query: ProductListDocument,
    variables: { query: LIST },
    data: { products: { __typename: 'ProductPage', products: [{ __typename: 'Product', ...chair }], pagination: PAGE } } as unknown as ProductListQuery,
  });
  cache.writeQuery({
    query: ProductStatsDocument,
    data: { productStats: { __typename: 'ProductStats', totalProducts: 1, inStock: 1, outOfStock: 0, lowStock: 0, inventoryValue: 100 } } as unknown as ProductStatsQuery,
  });
  cache.writeQuery({ query: ProductCategoriesDocument, data: { categories: ['Furniture'] } });
  cache.writeQuery({
    query: ProductTrashDocument,
    variables: { page: 1, limit: 10 },
    data: {
      trashedProducts: {
        __typename: 'TrashedProductPage',
        products: [{ __typename: 'TrashedProduct', id: lamp.id, name: lamp.name, sku: lamp.sku, barcode: null, category: lamp.category, price: 10, quantity: 3, imageUrl: null, deletedAt: '2025-02-01T00:00:00.000Z', purgeAt: '2025-03-03T00:00:00.000Z' }],
        pagination: PAGE,
      },
    } as unknown as ProductTrashQuery,
  });
  return cache;
}

const list = (cache: InMemoryCache) => cache.readQuery({ query: ProductListDocument, variables: { query: LIST } });
const trash = (cache: InMemoryCache) => cache.readQuery({ query: ProductTrashDocument, variables: { page: 1, limit: 10 } });

describe('applyProductRestored', () => {
  it('counts the product again and adds its category; the lists and the trash are read again, since where it goes is the server’s to say', () => {
    const cache = afterDelete();
    applyProductRestored(cache, lamp);
    expect(cache.readQuery({ query: ProductStatsDocument })?.productStats).toMatchObject({ totalProducts: 2, inStock: 2, outOfStock: 0, inventoryValue: 130 });
    expect(cache.readQuery({ query: ProductCategoriesDocument })?.categories).toEqual(['Furniture', 'Lighting']);
    expect(list(cache)).toBeNull();
    expect(trash(cache)).toBeNull();
  });
});

describe('applyTrashChanged', () => {
  it('after a purge or emptying the trash: only the trash is read again', () => {
    const cache = afterDelete();
    applyTrashChanged(cache, { catalogue: false });
    expect(trash(cache)).toBeNull();
    expect(list(cache)?.products.products.map((p) => p.name)).toEqual(['Chair']);
    expect(cache.readQuery({ query: ProductStatsDocument })?.productStats.totalProducts).toBe(1);
  });

  it('after many were restored: the lists, the stats, the categories and the trash are read again', () => {
    const cache = afterDelete();
    applyTrashChanged(cache, { catalogue: true });
    expect(trash(cache)).toBeNull();
    expect(list(cache)).toBeNull();
    expect(cache.readQuery({ query: ProductStatsDocument })).toBeNull();
    expect(cache.readQuery({ query: ProductCategoriesDocument })).toBeNull();
  });
});
