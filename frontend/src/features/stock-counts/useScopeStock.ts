import { useApolloClient } from '@apollo/client/react';
import { StockCountScopeStockDocument } from '@stockroom/schema/generated/hooks';
import { useEffect, useRef } from 'react';
import { rememberStocks } from '../../lib/offline/known-stock';
import { retryingRead } from '../../lib/offline/read-retry';

/**
 * Reads the stock of an OPEN count's scope once the page has its own answers (`ready`), and keeps
 * each product's levels on the device, so that any product of the scope can be counted with no
 * network, not only those looked up here. A count of a location covers its places only (the read
 * says nothing of the others); a count of everywhere covers every place. Nothing waits for it; a
 * read that fails (no network, the server failing, no answer in time) is tried again when the
 * network comes back and on a bounded backoff (read-retry.ts), while the page is open.
 */
export function useScopeStock(countId: string, countLocationId: string | null, ready: boolean) {
  const client = useApolloClient();
  // The count whose scope was read on this page: read once, not again on each render that is ready.
  const read = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || read.current === countId) return;
    const reading = retryingRead(async (signal) => {
      const askedAt = Date.now();
      const { data } = await client.query({ query: StockCountScopeStockDocument, variables: { id: countId }, fetchPolicy: 'no-cache', context: { fetchOptions: { signal } } });
      if (!data) return;
      const { locationIds, products } = data.stockCountStock;
      await rememberStocks(products, askedAt, countLocationId ? locationIds : null);
      read.current = countId;
    });
    reading.start();
    return () => reading.stop();
  }, [client, countId, countLocationId, ready]);
}
