import type { ApolloCache } from '@apollo/client';
import { dropCatalogueViews } from '../shared/bulk-cache';
import { statsAfterChange, withCategory, type ProductRecord } from '../shared/product-cache';

/**
 * The cache transitions of the trash, beside those of product-cache.ts. A
 * restored product keeps its creation date, name and price, so its place in
 * a cached list is wherever those put it: rather than guess, every cached
 * list is dropped and the one shown is fetched again. Restores are rare; a
 * list that is wrong is not.
 */

/** restoreProduct succeeded: the product (normalised again from the answer) is counted and listed again; the dashboard is read again. */
export function applyProductRestored(cache: ApolloCache, product: ProductRecord): void {
  cache.modify({
    fields: {
      products: (_value, { DELETE }) => DELETE,
      productStats: (value) => statsAfterChange(value as Parameters<typeof statsAfterChange>[0], null, product),
      categories: (value) => withCategory(value as readonly string[], product.category),
      featuredProducts: (value, { DELETE }) => (product.featured ? DELETE : value),
      dashboard: (_value, { DELETE }) => DELETE,
      trashedProducts: (_value, { DELETE }) => DELETE,
    },
  });
}

/**
 * Many products were restored (Undo of a bulk delete), or the trash itself
 * changed (a purge, emptying it): what they touch is not known here, so the
 * trash and, when the catalogue changed, every list, the stats, the
 * categories, the featured products and the dashboard are dropped and what is
 * shown is fetched again.
 */
export function applyTrashChanged(cache: ApolloCache, { catalogue }: { catalogue: boolean }): void {
  if (catalogue) dropCatalogueViews(cache);
  else cache.modify({ fields: { trashedProducts: (_value, { DELETE }) => DELETE } });
}
