import type { QueuedChange } from './change-queue-model';
import { countLinesPath, queuedCountLinesOf } from './queued-count-lines';

const change = (seq: number, over: Partial<QueuedChange>): QueuedChange => ({
  seq,
  idempotencyKey: `key-${seq}`,
  kind: 'countLine',
  accountId: 'a',
  workspaceId: null,
  path: countLinesPath('count-1'),
  body: { productId: 'p1', locationId: 'shelf', quantity: 4, ledgerPosition: '7', countedAt: '2026-11-29T10:00:00.000Z' },
  label: 'Count line: 4 · Desk lamp · large',
  productId: 'p1',
  queuedAt: 0,
  state: 'pending',
  ...over,
});

describe('a stock count lines in the offline queue', () => {
  it('lists the count own lines, waiting, refused with the message, and done with the recorded line', () => {
    const changes = [
      change(1, {}),
      change(2, { path: countLinesPath('count-2') }),
      change(3, { kind: 'adjust', path: '/api/products/p1/stock', body: { delta: -1 }, label: 'Sale of 1 · Desk lamp' }),
      change(4, { state: 'refused', status: 409, message: 'This stock count is closed' }),
      change(5, { state: 'done', answer: { line: { id: 'line-5' } } }),
    ];
    expect(queuedCountLinesOf(changes, 'count-1')).toEqual([
      { seq: 1, state: 'pending', productId: 'p1', productName: 'Desk lamp · large', locationId: 'shelf', quantity: 4, countedAt: '2026-11-29T10:00:00.000Z' },
      { seq: 4, state: 'refused', productId: 'p1', productName: 'Desk lamp · large', locationId: 'shelf', quantity: 4, countedAt: '2026-11-29T10:00:00.000Z', message: 'This stock count is closed' },
      { seq: 5, state: 'done', productId: 'p1', productName: 'Desk lamp · large', locationId: 'shelf', quantity: 4, countedAt: '2026-11-29T10:00:00.000Z', recorded: { id: 'line-5' } },
    ]);
  });

  it('finds the lines of a count whose id needs escaping in the path', () => {
    expect(queuedCountLinesOf([change(1, { path: countLinesPath('a/b') })], 'a/b')).toHaveLength(1);
  });
});
