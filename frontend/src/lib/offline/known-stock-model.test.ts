import type { QueuedChange } from './change-queue-model';
import { isNewerRead, levelAt, ownChangesOutsideRead } from './known-stock-model';

const read = (askedAt: number, ...levels: Array<[string, number, string]>) => ({ askedAt, levels: levels.map(([locationId, quantity, ledgerPosition]) => ({ locationId, quantity, ledgerPosition })) });

describe('what the device knows of a product stock', () => {
  it('takes the first read, and a read sent later that saw the same or newer movements', () => {
    expect(isNewerRead(null, read(1, ['shelf', 10, '5']))).toBe(true);
    expect(isNewerRead(read(1, ['shelf', 10, '5']), read(2, ['shelf', 8, '7']))).toBe(true);
    expect(isNewerRead(read(1, ['shelf', 10, '5']), read(2, ['shelf', 10, '5'], ['bin', 3, '9']))).toBe(true);
  });

  it('keeps the kept read against one sent earlier (an answer that came back late)', () => {
    expect(isNewerRead(read(5, ['shelf', 8, '7']), read(4, ['shelf', 10, '5']))).toBe(false);
  });

  it('keeps the kept read against one that saw an older movement at a place, whatever the clock says', () => {
    expect(isNewerRead(read(5, ['shelf', 8, '7']), read(9, ['shelf', 10, '5']))).toBe(false);
    // Positions compare as numbers, not text ('10' is newer than '9'), also past 2^53.
    expect(isNewerRead(read(1, ['shelf', 1, '9']), read(2, ['shelf', 1, '10']))).toBe(true);
    expect(isNewerRead(read(1, ['shelf', 1, '9007199254740993']), read(2, ['shelf', 1, '9007199254740992']))).toBe(false);
  });

  it('reads a place the read does not list as none there at position 0', () => {
    const levels = read(1, ['shelf', 10, '5']).levels;
    expect(levelAt(levels, 'shelf')).toEqual({ quantity: 10, ledgerPosition: '5' });
    expect(levelAt(levels, 'bin')).toEqual({ quantity: 0, ledgerPosition: '0' });
  });
});

describe('the device own stock changes beside a read of the stock', () => {
  const change = (over: Partial<QueuedChange>): QueuedChange => ({
    idempotencyKey: 'k',
    kind: 'adjust',
    accountId: 'me',
    workspaceId: null,
    path: '/api/products/p1/stock',
    body: { delta: -1 },
    label: 'Sale of 1 · Lamp',
    productId: 'p1',
    queuedAt: 1,
    state: 'pending',
    ...over,
  });

  it('says when a change of the product waits to be sent, or reached the server after the read', () => {
    expect(ownChangesOutsideRead([change({})], 'me', 'p1', 10)).toBe('waiting');
    expect(ownChangesOutsideRead([change({ kind: 'count', state: 'done', settledAt: 12 })], 'me', 'p1', 10)).toBe('sentSinceRead');
    expect(ownChangesOutsideRead([change({ state: 'done', settledAt: 12 }), change({})], 'me', 'p1', 10)).toBe('waiting');
  });

  it('leaves out what the read holds, what never became a movement, count lines, other products and other accounts', () => {
    const held = [
      change({ state: 'done', settledAt: 9 }),
      change({ state: 'refused', settledAt: 12, message: 'Product not found' }),
      change({ kind: 'countLine', path: '/api/stock-counts/c/lines' }),
      change({ productId: 'p2' }),
      change({ accountId: 'someone else' }),
    ];
    expect(ownChangesOutsideRead(held, 'me', 'p1', 10)).toBeNull();
  });
});
