import { InMemoryCache } from '@apollo/client';
import type { StockCountDetailsQuery } from '@stockroom/schema/generated/graphql';
import { StockCountDetailsDocument } from '@stockroom/schema/generated/hooks';
import { addLineToCachedCount, lineRecordOf, withRecordedLines } from './count-cache';
import type { RecordedCountLine } from './send-count-line';

const countId = '4f6c1c0e-8d1a-4c55-9a57-3f2f3f1b9a01';
const user = { __typename: 'StockMovementUser', id: 'u1', fullName: 'Ada Counter' };

const details = {
  stockCount: {
    __typename: 'StockCountWithLines',
    stockCount: {
      __typename: 'StockCount',
      id: countId,
      status: 'OPEN',
      blind: false,
      locationId: null,
      locationPath: null,
      category: null,
      createdAt: '2026-11-29T10:00:00.000Z',
      createdBy: user,
      submittedAt: null,
      closedAt: null,
      closedBy: null,
      lineCount: 0,
    },
    lines: [],
  },
} as unknown as StockCountDetailsQuery;

const recorded: RecordedCountLine = {
  id: 'l1',
  productId: 'p1',
  productName: 'Desk lamp',
  productSku: 'LAMP-1',
  locationId: 'loc1',
  locationPath: 'Shelf A',
  quantity: 8,
  ledgerPosition: '42',
  countedAt: '2026-11-29T10:05:00.000Z',
  countedBy: { id: 'u1', fullName: 'Ada Counter' },
  replaces: null,
  status: 'PENDING',
  movementId: null,
  uncounted: false,
};

describe('addLineToCachedCount', () => {
  it('adds the recorded line to the cached count and counts it, once even when the same line comes back again', () => {
    const cache = new InMemoryCache();
    cache.writeQuery({ query: StockCountDetailsDocument, variables: { id: countId }, data: details });
    addLineToCachedCount(cache, countId, recorded);
    addLineToCachedCount(cache, countId, recorded);
    const read = cache.readQuery({ query: StockCountDetailsDocument, variables: { id: countId } });
    expect(read?.stockCount.stockCount.lineCount).toBe(1);
    expect(read?.stockCount.lines).toEqual([
      expect.objectContaining({ id: 'l1', productName: 'Desk lamp', quantity: 8, ledgerPosition: '42', countedBy: expect.objectContaining({ fullName: 'Ada Counter' }), status: 'PENDING' }),
    ]);
  });

  it('leaves a count that is not in the cache alone', () => {
    const cache = new InMemoryCache();
    addLineToCachedCount(cache, countId, recorded);
    expect(cache.readQuery({ query: StockCountDetailsDocument, variables: { id: countId } })).toBeNull();
  });
});

describe('withRecordedLines', () => {
  it('keeps a line recorded here that a stale answer lacks, and lists one the answer holds once', () => {
    const mine = lineRecordOf(recorded);
    const other = lineRecordOf({ ...recorded, id: 'l0', quantity: 2 });
    expect(withRecordedLines([other], [mine]).map((line) => line.id)).toEqual(['l0', 'l1']);
    expect(withRecordedLines([other, mine], [mine]).map((line) => line.id)).toEqual(['l0', 'l1']);
  });

  it('lists a line known both from the screen and from the queue once', () => {
    const mine = lineRecordOf(recorded);
    expect(withRecordedLines([], [mine, lineRecordOf(recorded)]).map((line) => line.id)).toEqual(['l1']);
  });
});
