import type { ApolloCache } from '@apollo/client';

/**
 * Drops every cached view that a change to many products may have moved:
 * the lists, the figures, the categories, the featured products, the
 * dashboard and the trash. What is on screen is fetched again at once, one
 * request a query; the rest when next shown.
 */
export function dropCatalogueViews(cache: ApolloCache): void {
  cache.modify({
    fields: {
      products: (_value, { DELETE }) => DELETE,
      productStats: (_value, { DELETE }) => DELETE,
      categories: (_value, { DELETE }) => DELETE,
      featuredProducts: (_value, { DELETE }) => DELETE,
      dashboard: (_value, { DELETE }) => DELETE,
      trashedProducts: (_value, { DELETE }) => DELETE,
    },
  });
}

/**
 * A bulk action (or an import) succeeded. It answers only how many products
 * changed, and a selection by filter does not even say which, so nothing is
 * patched: each changed product (every cached one, for a filter) is dropped
 * with the catalogue's views.
 */
export function applyBulkChange(cache: ApolloCache, ids: readonly string[] | null): void {
  if (ids) {
    for (const id of ids) {
      const ref = cache.identify({ __typename: 'Product', id });
      if (ref) cache.evict({ id: ref });
    }
  } else {
    cache.evict({ fieldName: 'product' });
  }
  dropCatalogueViews(cache);
  cache.gc();
}
