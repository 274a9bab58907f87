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

  it("reads a place outside a scoped read's places as unknown, and one inside it that it does not list as none at 0", () => {
    const levels = read(1, ['shelf', 10, '5']).levels;
    expect(levelAt(levels, 'shelf', ['shelf', 'bin'])).toEqual({ quantity: 10, ledgerPosition: '5' });
    expect(levelAt(levels, 'bin', ['shelf', 'bin'])).toEqual({ quantity: 0, ledgerPosition: '0' });
    expect(levelAt(levels, 'basement', ['shelf', 'bin'])).toBeNull();
    expect(levelAt(levels, 'basement', null)).toEqual({ quantity: 0, ledgerPosition: '0' });
  });

  it("a count's scoped read and a product's full read replace each other whole, by which is newer, and neither claims what it did not read", () => {
    const full = { ...read(1, ['shelf', 10, '5'], ['basement', 3, '8']), places: null };
    const scoped = { ...read(2, ['shelf', 9, '6']), places: ['shelf', 'bin'] };
    // The scoped read is newer: kept whole; the basement, outside it, is unknown rather than empty.
    expect(isNewerRead(full, scoped)).toBe(true);
    expect(levelAt(scoped.levels, 'basement', scoped.places)).toBeNull();
    expect(levelAt(scoped.levels, 'shelf', scoped.places)).toEqual({ quantity: 9, ledgerPosition: '6' });
    // A full read sent later replaces it, and covers every place again.
    const later = { ...read(3, ['shelf', 9, '6'], ['basement', 2, '11']), places: null };
    expect(isNewerRead(scoped, later)).toBe(true);
    expect(levelAt(later.levels, 'basement', later.places)).toEqual({ quantity: 2, ledgerPosition: '11' });
    // A full read that was sent before the scoped one (an answer that came back late) does not.
    expect(isNewerRead(scoped, full)).toBe(false);
    // Nor does a scoped read that saw an older movement at a place than the kept read.
    expect(isNewerRead(later, { ...read(4, ['shelf', 9, '5']), places: ['shelf'] })).toBe(false);
  });

  it('a blind count read gives positions without quantities', () => {
    expect(levelAt([{ locationId: 'shelf', quantity: null, ledgerPosition: '5' }], 'shelf', ['shelf'])).toEqual({ quantity: null, ledgerPosition: '5' });
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
