import type { StockCountListQuery } from '@stockroom/schema/generated/graphql';
import { countListOnDevice } from './kept-count-list-model';
import type { KeptStockCount, KeptStockCountList } from './offline-db';

type Count = StockCountListQuery['stockCounts']['stockCounts'][number];

const count = (id: string, createdAt: string, status: Count['status'] = 'OPEN'): Count => ({
  id,
  status,
  blind: false,
  locationId: null,
  locationPath: null,
  category: null,
  createdAt,
  createdBy: null,
  submittedAt: null,
  closedAt: null,
  closedBy: null,
  lineCount: 0,
});

const keptCount = (record: Count, savedAt: number): KeptStockCount => ({
  key: `a:w:${record.id}`,
  workspace: 'a:w',
  details: { stockCount: { stockCount: record, lines: [] } },
  locations: null,
  savedAt,
});

const pagination = { page: 1, limit: 20, total: 2, totalPages: 1, hasNextPage: false, hasPrevPage: false, totalIsEstimate: false };
const keptList = (savedAt: number, ...stockCounts: Count[]): KeptStockCountList => ({ key: 'a:w:1', workspace: 'a:w', page: 1, list: { stockCounts, pagination }, savedAt });

describe('the stock counts list on this device', () => {
  it("shows the list's kept answer, each count as the newer of the list and the count's own kept answer", () => {
    const older = count('c1', '2026-11-01T00:00:00Z');
    const newer = count('c2', '2026-11-02T00:00:00Z');
    const shown = countListOnDevice(keptList(100, newer, older), [keptCount({ ...newer, status: 'IN_REVIEW' }, 200), keptCount({ ...older, status: 'APPROVED' }, 50)], 1, 20);
    expect(shown?.list.stockCounts.map((c) => [c.id, c.status])).toEqual([
      ['c2', 'IN_REVIEW'],
      ['c1', 'OPEN'],
    ]);
    expect(shown?.list.pagination).toEqual(pagination);
    expect(shown?.savedAt).toBe(100);
  });

  it('with no kept answer for the page, lists the counts kept one by one, newest first, a page at a time', () => {
    const kept = ['01', '03', '02'].map((day, i) => keptCount(count(`c${day}`, `2026-11-${day}T00:00:00Z`), 10 + i));
    const first = countListOnDevice(null, kept, 1, 2);
    expect(first?.list.stockCounts.map((c) => c.id)).toEqual(['c03', 'c02']);
    expect(first?.list.pagination).toMatchObject({ page: 1, total: 3, totalPages: 2, hasNextPage: true, hasPrevPage: false });
    expect(first?.savedAt).toBe(12);
    expect(countListOnDevice(null, kept, 2, 2)?.list.stockCounts.map((c) => c.id)).toEqual(['c01']);
  });

  it('is nothing when the device kept neither', () => {
    expect(countListOnDevice(null, [], 1, 20)).toBeNull();
  });
});
