import { useApolloClient } from '@apollo/client/react';
import { StockCountScopeStockDocument } from '@stockroom/schema/generated/hooks';
import { useEffect, useRef } from 'react';
import { rememberStocks } from '../../lib/offline/known-stock';

/**
 * Reads the stock of an OPEN count's scope once the page has its own answers (`ready`), and keeps
 * each product's levels on the device, so that any product of the scope can be counted with no
 * network, not only those looked up here. A count of a location covers its places only (the read
 * says nothing of the others); a count of everywhere covers every place. Nothing waits for it, and
 * a failure only leaves the device with what it knew.
 */
export function useScopeStock(countId: string, countLocationId: string | null, ready: boolean) {
  const client = useApolloClient();
  const read = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || read.current === countId) return;
    read.current = countId;
    const askedAt = Date.now();
    client
      .query({ query: StockCountScopeStockDocument, variables: { id: countId }, fetchPolicy: 'no-cache' })
      .then(({ data }) => {
        if (!data) return;
        const { locationIds, products } = data.stockCountStock;
        return rememberStocks(products, askedAt, countLocationId ? locationIds : null);
      })
      .catch(() => undefined);
  }, [client, countId, countLocationId, ready]);
}
