import { useApolloClient } from '@apollo/client/react';
import { Rules } from '@stockroom/schema';
import { LocationCodesDocument, ProductListDocument } from '@stockroom/schema/generated/hooks';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { locationForCode, ownLabelPath, productForCode } from './scanned-code';
import { locationPath } from '../../../lib/urls';
import { productPath } from '../urls';
import type { ProductNavState } from '../shared/list-location';

/** Exact SKU and barcode matches come first, so two are enough to tell "exactly this product" from "several match". */
const LOOKUP_LIMIT = 2;

/**
 * What a scanned code leads to: the page an own label's QR code links to (a
 * product's or a location's); the product's page when the code is one
 * product's SKU or barcode, or exactly one product matches it; else the
 * location whose code it is; otherwise the list searched for it (none or
 * several to choose from, or the lookup failed and the list shows why).
 */
export function useScannedCodeLookup(navState: ProductNavState, search: (code: string) => void): (code: string) => Promise<void> {
  const navigate = useNavigate();
  // A one-off query from the client, not a lazy-query hook: the hook would set up its watcher with the page's first render, for a scan that may never come.
  const client = useApolloClient();
  return useCallback(
    async (code: string) => {
      const own = ownLabelPath(code.trim(), window.location.origin);
      if (own) return void navigate(own, { state: navState });
      // A code longer than a search may be is cut, so the search box still shows what was read.
      const term = code.trim().slice(0, Rules.search.max);
      const result = await client
        .query({ query: ProductListDocument, variables: { query: { search: term, limit: LOOKUP_LIMIT } }, fetchPolicy: 'network-only' })
        .catch(() => null);
      const product = productForCode(result?.data?.products.products ?? [], term);
      if (product) return void navigate(productPath(product.id), { state: navState });
      // No product: a location label's barcode names its location by code.
      const locations = await client.query({ query: LocationCodesDocument }).catch(() => null);
      const location = locationForCode(locations?.data?.locations ?? [], term);
      if (location) navigate(locationPath(location.id));
      else search(term);
    },
    [client, navigate, navState, search],
  );
}
