import type { ApolloCache } from '@apollo/client';

/**
 * A bulk action succeeded. It answers only how many products changed, and a
 * selection by filter does not even say which, so nothing is patched: each
 * changed product (every cached one, for a filter) is dropped, and so is
 * every list, figure and chart it may have moved. What is on screen is
 * fetched again at once, one request a query; the rest when next shown.
 */
export function applyBulkChange(cache: ApolloCache, ids: readonly string[] | null): void {
  if (ids) {
    for (const id of ids) {
      const ref = cache.identify({ __typename: 'Product', id });
      if (ref) cache.evict({ id: ref });
    }
  }
  cache.modify({
    fields: {
      products: (_value, { DELETE }) => DELETE,
      product: (value, { DELETE }) => (ids ? value : DELETE),
      productStats: (_value, { DELETE }) => DELETE,
      categories: (_value, { DELETE }) => DELETE,
      featuredProducts: (_value, { DELETE }) => DELETE,
      dashboard: (_value, { DELETE }) => DELETE,
    },
  });
  cache.gc();
}
