import type { ApolloClient } from '@apollo/client';
import { Rules } from '@stockroom/schema';
import type { ProductRecordFragment } from '@stockroom/schema/generated/graphql';
import { ProductListDocument } from '@stockroom/schema/generated/hooks';
import { productCodeMatch, type ProductCodeMatch } from './scanned-code';

/** Exact SKU and barcode matches come first, so two are enough to tell "exactly this product" from "several match". */
const LOOKUP_LIMIT = 2;

/** What a lookup searched for, and what it found; `failed` when the search itself did not answer. */
export type ProductCodeLookup = { term: string } & (ProductCodeMatch<ProductRecordFragment> | { kind: 'failed'; error: unknown });

/** A code as the list's search takes it: trimmed, and cut when longer than a search may be. */
export const searchTermOf = (code: string): string => code.trim().slice(0, Rules.search.max);

/**
 * The product a scanned or typed code means: the list's own search for it
 * (always asked again, since a product may have been given the code since),
 * read by `productCodeMatch`. A one-off query from the client, not a lazy-query
 * hook: the hook would set up its watcher with the page's first render, for a
 * code that may never come.
 */
export async function lookUpProductCode(client: ApolloClient, code: string): Promise<ProductCodeLookup> {
  const term = searchTermOf(code);
  try {
    const result = await client.query({ query: ProductListDocument, variables: { query: { search: term, limit: LOOKUP_LIMIT } }, fetchPolicy: 'network-only' });
    return { term, ...productCodeMatch(result.data?.products.products ?? [], term) };
  } catch (error) {
    return { term, kind: 'failed', error };
  }
}
