import type { InMemoryCache } from '@apollo/client';
import {
  ProductCategoriesDocument,
  ProductDetailsDocument,
  ProductListDocument,
  ProductStatsDocument,
  type ProductListQuery,
} from '@stockroom/schema/generated/graphql';
import { createCache } from '../../lib/apollo';
import { applyBulkChange } from './bulk-cache';
import type { ProductRecord } from './product-cache';
import { DEFAULT_LIST_PARAMS, toListQuery } from './product-list-params';

/* A bulk change runs on a real InMemoryCache with the app's own type policies. */

const product = (n: number): ProductRecord => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Product ${n}`,
  description: 'A product',
  price: 10,
  category: 'Tools',
  quantity: 5,
  imageUrl: null,
  sku: null,
  barcode: null,
  reorderLevel: null,
  lowStock: false,
  featured: false,
  inStock: true,
  owner: 'owner-1',
  createdAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
  updatedAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
  version: 1,
});

const LIST = toListQuery(DEFAULT_LIST_PARAMS);
const [one, two, three] = [product(1), product(2), product(3)];

function seeded(): InMemoryCache {
  const cache = createCache();
  cache.writeQuery({
    query: ProductListDocument,
    variables: { query: LIST },
    data: {
      products: {
        __typename: 'ProductPage',
        products: [one, two, three].map((p) => ({ __typename: 'Product', ...p })),
        pagination: { __typename: 'Pagination', page: 1, limit: 10, total: 3, totalPages: 1, hasNextPage: false, hasPrevPage: false, totalIsEstimate: false },
      },
    } as ProductListQuery,
  });
  for (const p of [one, three]) cache.writeQuery({ query: ProductDetailsDocument, variables: { id: p.id }, data: { product: { __typename: 'Product', ...p } } as never });
  cache.writeQuery({ query: ProductStatsDocument, data: { productStats: { __typename: 'ProductStats', totalProducts: 3, inStock: 3, outOfStock: 0, lowStock: 0, inventoryValue: 150 } } as never });
  cache.writeQuery({ query: ProductCategoriesDocument, data: { categories: ['Tools'] } });
  return cache;
}

const has = (cache: InMemoryCache) => ({
  list: cache.readQuery({ query: ProductListDocument, variables: { query: LIST } }) !== null,
  stats: cache.readQuery({ query: ProductStatsDocument }) !== null,
  categories: cache.readQuery({ query: ProductCategoriesDocument }) !== null,
  detailOne: cache.readQuery({ query: ProductDetailsDocument, variables: { id: one.id } }) !== null,
  detailThree: cache.readQuery({ query: ProductDetailsDocument, variables: { id: three.id } }) !== null,
});

describe('a bulk change in the cache', () => {
  it('picked products: those products, the lists, the figures and the categories are read again; other products stay', () => {
    const cache = seeded();
    applyBulkChange(cache, [one.id, two.id]);
    expect(has(cache)).toEqual({ list: false, stats: false, categories: false, detailOne: false, detailThree: true });
  });

  it('every matching product: nothing says which, so every product page is read again too', () => {
    const cache = seeded();
    applyBulkChange(cache, null);
    expect(has(cache)).toEqual({ list: false, stats: false, categories: false, detailOne: false, detailThree: false });
  });
});
