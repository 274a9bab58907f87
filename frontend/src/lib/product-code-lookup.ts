import type { ApolloClient } from '@apollo/client';
import { Rules } from '@stockroom/schema';
import type { ProductRecordFragment } from '@stockroom/schema/generated/graphql';
import { ProductDetailsDocument, ProductListDocument } from '@stockroom/schema/generated/hooks';
import { isMissingById } from './errors';
import { labelledProductId, productCodeMatch, type ProductCodeMatch } from './scanned-code';

/** Exact SKU and barcode matches come first, so two are enough to tell "exactly this product" from "several match". */
const LOOKUP_LIMIT = 2;

/** What a lookup searched for, and what it found; `failed` when the search itself did not answer. */
export type ProductCodeLookup = { term: string } & (ProductCodeMatch<ProductRecordFragment> | { kind: 'failed'; error: unknown });

/** A code as the list's search takes it: trimmed, and cut when longer than a search may be. */
export const searchTermOf = (code: string): string => code.trim().slice(0, Rules.search.max);

/** The product one of this app's own labels links to (its QR code), read by id; none when it is not the workspace's. */
async function labelledProduct(client: ApolloClient, id: string, term: string): Promise<ProductCodeLookup> {
  try {
    const result = await client.query({ query: ProductDetailsDocument, variables: { id }, fetchPolicy: 'network-only' });
    return result.data?.product ? { term, kind: 'one', product: result.data.product } : { term, kind: 'none' };
  } catch (error) {
    // A label of a product since deleted, or printed in another workspace: no product here has that code.
    return isMissingById(error) ? { term, kind: 'none' } : { term, kind: 'failed', error };
  }
}

/**
 * The product a scanned or typed code means: the product a QR code of this app's own product label links to, or
 * the list's own search for it
 * (always asked again, since a product may have been given the code since),
 * read by `productCodeMatch`. A one-off query from the client, not a lazy-query
 * hook: the hook would set up its watcher with the page's first render, for a
 * code that may never come.
 */
export async function lookUpProductCode(client: ApolloClient, code: string, origin = window.location.origin): Promise<ProductCodeLookup> {
  const term = searchTermOf(code);
  const labelled = labelledProductId(code.trim(), origin);
  if (labelled) return labelledProduct(client, labelled, term);
  try {
    const result = await client.query({ query: ProductListDocument, variables: { query: { search: term, limit: LOOKUP_LIMIT } }, fetchPolicy: 'network-only' });
    return { term, ...productCodeMatch(result.data?.products.products ?? [], term) };
  } catch (error) {
    return { term, kind: 'failed', error };
  }
}
