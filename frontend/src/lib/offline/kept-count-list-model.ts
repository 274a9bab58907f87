import type { StockCountListQuery } from '@stockroom/schema/generated/graphql';
import type { KeptStockCount, KeptStockCountList } from './offline-db';

type CountList = StockCountListQuery['stockCounts'];

/** A page of the stock counts list from what this device kept, and when the device last saw it. */
export interface CountListOnDevice {
  list: CountList;
  savedAt: number;
}

/**
 * The page of the stock counts list this device can show with no network: the list's own answer for
 * the page as last kept, each count in it as the newer of the list's record and the count's own kept
 * answer (a count opened after the list was read); with no kept answer for the page, the counts the
 * device kept one by one, newest first. Null when the device has neither.
 */
export function countListOnDevice(keptList: KeptStockCountList | null, keptCounts: readonly KeptStockCount[], page: number, pageSize: number): CountListOnDevice | null {
  const newer = new Map(keptCounts.map((kept) => [kept.details.stockCount.stockCount.id, kept]));
  if (keptList) {
    const stockCounts = keptList.list.stockCounts.map((count) => {
      const kept = newer.get(count.id);
      return kept && kept.savedAt > keptList.savedAt ? kept.details.stockCount.stockCount : count;
    });
    return { list: { ...keptList.list, stockCounts }, savedAt: keptList.savedAt };
  }
  if (keptCounts.length === 0) return null;
  const all = keptCounts.map((kept) => kept.details.stockCount.stockCount).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  const totalPages = Math.max(1, Math.ceil(all.length / pageSize));
  return {
    list: {
      stockCounts: all.slice((page - 1) * pageSize, page * pageSize),
      pagination: { page, limit: pageSize, total: all.length, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1, totalIsEstimate: false },
    },
    savedAt: Math.max(...keptCounts.map((kept) => kept.savedAt)),
  };
}
