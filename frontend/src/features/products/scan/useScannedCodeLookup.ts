import { useApolloClient } from '@apollo/client/react';
import { LocationCodesDocument } from '@stockroom/schema/generated/hooks';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { isOffline } from '../../../lib/offline/network-status';
import { lookUpProductCode } from '../../../lib/product-code-lookup';
import { locationForCode, ownLabelPath } from '../../../lib/scanned-code';
import { locationPath } from '../../../lib/urls';
import { productPath } from '../urls';
import type { ProductNavState } from '../shared/list-location';

/**
 * What a scanned code leads to: the page an own label's QR code links to (a
 * product's or a location's); the product's page when the code is one
 * product's SKU or barcode, or exactly one product matches it; else the
 * location whose code it is; otherwise the list searched for it (none or
 * several to choose from, or the lookup failed and the list shows why).
 */
export function useScannedCodeLookup(navState: ProductNavState, search: (code: string) => void): (code: string) => Promise<void> {
  const navigate = useNavigate();
  const client = useApolloClient();
  return useCallback(
    async (code: string) => {
      const own = ownLabelPath(code.trim(), window.location.origin);
      if (own) return void navigate(own, { state: navState });
      // With no network, the product whose SKU or barcode it is, from the device's copy.
      if (isOffline()) {
        const local = await import('../../../lib/offline/product-copy').then((copy) => copy.findLocalProductByCode(code)).catch(() => null);
        if (local) return void navigate(productPath(local.id), { state: navState });
      }
      // A code longer than a search may be is cut, so the search box still shows what was read.
      const found = await lookUpProductCode(client, code);
      if (found.kind === 'one') return void navigate(productPath(found.product.id), { state: navState });
      // No product: a location label's barcode names its location by code.
      const locations = await client.query({ query: LocationCodesDocument }).catch(() => null);
      const location = locationForCode(locations?.data?.locations ?? [], found.term);
      if (location) navigate(locationPath(location.id));
      else search(found.term);
    },
    [client, navigate, navState, search],
  );
}
