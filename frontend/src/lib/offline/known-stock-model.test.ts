import type { QueuedChange } from './change-queue-model';
import { followStockRead, isNewerRead, levelAt, ownChangesOutsideRead, placePathOf, quantityOnDevice, type StockAsk } from './known-stock-model';

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

describe("which of a product page's answers of its stock the device keeps", () => {
  /** Runs a watched query's states through followStockRead, at times 1, 2, ...: the reads to keep. */
  const follow = (...states: Array<{ productId?: string; loading: boolean; answered: boolean }>) => {
    let asked: StockAsk | null = null;
    const kept: StockAsk[] = [];
    states.forEach((state, i) => {
      const step = followStockRead(asked, { productId: 'p1', ...state }, i + 1);
      asked = step.asked;
      if (step.keep) kept.push(step.keep);
    });
    return kept;
  };

  it("keeps the server's answer, as sent when the query was first seen loading", () => {
    expect(follow({ loading: true, answered: false }, { loading: true, answered: false }, { loading: false, answered: true })).toEqual([{ productId: 'p1', askedAt: 1 }]);
    // Read again after a movement (the answer dropped from the cache): the new answer, sent then.
    expect(follow({ loading: true, answered: false }, { loading: false, answered: true }, { loading: true, answered: true }, { loading: false, answered: true })).toEqual([
      { productId: 'p1', askedAt: 1 },
      { productId: 'p1', askedAt: 3 },
    ]);
  });

  it("does not take an answer from the cache for a new read: it may be older than the device's, and when it was sent is unknown", () => {
    expect(follow({ loading: false, answered: true })).toEqual([]);
    expect(follow({ loading: false, answered: false }, { loading: false, answered: true }, { loading: false, answered: true })).toEqual([]);
  });

  it('keeps nothing of a read that failed, and does not stamp the next answer with its time', () => {
    expect(follow({ loading: true, answered: false }, { loading: false, answered: false }, { loading: false, answered: true })).toEqual([]);
    expect(follow({ loading: true, answered: false }, { loading: false, answered: false }, { loading: true, answered: false }, { loading: false, answered: true })).toEqual([{ productId: 'p1', askedAt: 3 }]);
  });

  it("stamps another product's read with its own time, and keeps no answer under the product it was not asked for", () => {
    expect(follow({ loading: true, answered: false }, { productId: 'p2', loading: true, answered: false }, { productId: 'p2', loading: false, answered: true })).toEqual([{ productId: 'p2', askedAt: 2 }]);
    expect(follow({ loading: true, answered: false }, { productId: 'p2', loading: false, answered: true })).toEqual([]);
  });

  it("names a place by the read's own path, else by the locations kept with a count", () => {
    const kept = new Map([['shelf', 'Cellar / Shelf (kept)']]);
    expect(placePathOf({ locationId: 'shelf', path: 'Cellar / Shelf' }, kept)).toBe('Cellar / Shelf');
    expect(placePathOf({ locationId: 'shelf' }, kept)).toBe('Cellar / Shelf (kept)');
    expect(placePathOf({ locationId: 'bin' }, kept)).toBeNull();
  });

  it("a product page's read and a count's replace each other by which is newer, whichever screen read last", () => {
    const page = { ...read(5, ['shelf', 10, '7']), places: null };
    // A count's read of the product sent before the page's, answered after it, does not overwrite it.
    expect(isNewerRead(page, { ...read(4, ['shelf', 12, '6']), places: ['shelf'] })).toBe(false);
    // The page's answer from a read sent before the count's kept one is not kept either.
    expect(isNewerRead({ ...read(6, ['shelf', 9, '8']), places: ['shelf'] }, page)).toBe(false);
    expect(isNewerRead({ ...read(4, ['shelf', 9, '6']), places: ['shelf'] }, page)).toBe(true);
  });
});

/** A stock change this device recorded: by default a sale of 1 of p1 by 'me', waiting to be sent. */
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

describe('the device own stock changes beside a read of the stock', () => {
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

describe('the quantity a product page shows offline', () => {
  /** The product copy: 7 in stock, refreshed at 10 (the changes recorded here since already moved it). */
  const copy = { quantity: 7, copiedAt: 10 };
  const full = (askedAt: number, ...levels: Array<[string, number | null]>) => ({ askedAt, places: null, levels: levels.map(([locationId, quantity], i) => ({ locationId, quantity, ledgerPosition: String(i + 1) })) });

  it("shows the total of a read of the product's stock sent after the copy was refreshed: a sale made elsewhere since", () => {
    expect(quantityOnDevice(copy, full(12, ['main', 3], ['shelf', 2]), [], 'me', 'p1')).toBe(5);
    expect(quantityOnDevice(copy, full(10, ['main', 5]), [], 'me', 'p1')).toBe(5);
    expect(quantityOnDevice({ quantity: 7, copiedAt: null }, full(1, ['main', 5]), [], 'me', 'p1')).toBe(5);
  });

  it("shows the copy's quantity when the copy was refreshed after the read was sent, or the device never read the stock", () => {
    expect(quantityOnDevice(copy, full(9, ['main', 5]), [], 'me', 'p1')).toBe(7);
    expect(quantityOnDevice(copy, null, [change({})], 'me', 'p1')).toBe(7);
  });

  it("does not take a total from a read of a count's places only, nor from one without quantities", () => {
    expect(quantityOnDevice(copy, { ...full(12, ['main', 5]), places: ['main'] }, [], 'me', 'p1')).toBe(7);
    expect(quantityOnDevice(copy, full(12, ['main', null]), [], 'me', 'p1')).toBe(7);
  });

  it('applies on top of the read, in order, the changes recorded here that it may not hold, as the copy does', () => {
    const changes = [
      // Held by the read: recorded by the server before it was sent.
      change({ state: 'done', settledAt: 11, body: { delta: -3 } }),
      // Recorded by the server after the read was sent, then one waiting: a stocktake and a sale.
      change({ state: 'done', settledAt: 13, body: { delta: 4 } }),
      change({ kind: 'count', path: '/api/products/p1/stock/count', body: { quantity: 6 } }),
      change({ body: { delta: -2 } }),
      // Never movements, or not this product's or this account's.
      change({ state: 'refused', settledAt: 14, body: { delta: -1 } }),
      change({ kind: 'countLine', path: '/api/stock-counts/c/lines', body: { quantity: 1 } }),
      change({ productId: 'p2', body: { delta: -1 } }),
      change({ accountId: 'someone else', body: { delta: -1 } }),
    ];
    expect(quantityOnDevice(copy, full(12, ['main', 5]), changes.slice(0, 2), 'me', 'p1')).toBe(9);
    expect(quantityOnDevice(copy, full(12, ['main', 5]), changes, 'me', 'p1')).toBe(4);
    // The copy's quantity already holds every change recorded here: nothing is applied twice.
    expect(quantityOnDevice(copy, full(9, ['main', 5]), changes, 'me', 'p1')).toBe(7);
  });
});
