import type { InMemoryCache } from '@apollo/client';
import {
  ProductCategoriesDocument,
  ProductDetailsDocument,
  ProductListDocument,
  ProductStatsDocument,
  type ProductListQuery,
} from '@stockroom/schema/generated/graphql';
import { createCache } from '../../../lib/apollo';
import { applyBulkChange } from './bulk-cache';
import { DEFAULT_LIST_PARAMS, toListQuery } from './product-list-params';
import { productRecord, typedProduct } from './product-record.fixture';

/* A bulk change runs on a real InMemoryCache with the app's own type policies. */


const LIST = toListQuery(DEFAULT_LIST_PARAMS);
const [one, two, three] = [productRecord(), productRecord(), productRecord()];

function seeded(): InMemoryCache {
  const cache = createCache();
  cache.writeQuery({
    query: ProductListDocument,
    variables: { query: LIST },
    data: {
      products: {
        __typename: 'ProductPage',
        products: [one, two, three].map(typedProduct),
        pagination: { __typename: 'Pagination', page: 1, limit: 10, total: 3, totalPages: 1, hasNextPage: false, hasPrevPage: false, totalIsEstimate: false },
      },
    } as ProductListQuery,
  });
  for (const p of [one, three]) cache.writeQuery({ query: ProductDetailsDocument, variables: { id: p.id }, data: { product: typedProduct(p) } as never });
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
