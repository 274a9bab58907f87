import type { StockCountDetailsQuery, StockCountScopeOptionsQuery } from '@stockroom/schema/generated/graphql';
import { useEffect, useState } from 'react';
import { keepStockCount, keptStockCount } from '../../lib/offline/kept-stock-counts';
import type { KeptStockCount } from '../../lib/offline/offline-db';

/**
 * A count's page with no network: each answer of the server for the count (and the workspace's
 * locations, its places) is kept on the device, and when the server cannot be asked (offline, or
 * the question failed) the page shows the kept one. `kept` is undefined while it is being read,
 * null when this device never had the count.
 */
export function useKeptCount(
  countId: string,
  answered: StockCountDetailsQuery | undefined,
  locations: StockCountScopeOptionsQuery['locations'] | undefined,
  needed: boolean,
): KeptStockCount | null | undefined {
  const [kept, setKept] = useState<{ countId: string; copy: KeptStockCount | null } | undefined>(undefined);

  useEffect(() => {
    if (answered?.stockCount.stockCount.id === countId) void keepStockCount(countId, answered, locations).catch(() => undefined);
  }, [countId, answered, locations]);

  useEffect(() => {
    if (!needed) return;
    let live = true;
    keptStockCount(countId).then(
      (copy) => live && setKept({ countId, copy }),
      () => live && setKept({ countId, copy: null }),
    );
    return () => {
      live = false;
    };
  }, [countId, needed]);

  return kept?.countId === countId ? kept.copy : undefined;
}
