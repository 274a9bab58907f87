import { STOCK_CHANGES_MAX } from '@stockroom/schema';
import {
  BATCH_MAX_BYTES,
  batchAt,
  batchItemOf,
  countsOf,
  DONE_CHANGES_KEPT,
  doneChangesToDrop,
  outcomeOfAnswer,
  REFUSED_WITHOUT_MESSAGE,
  outcomeOfBatchAnswer,
  quantityAfterChange,
  replay,
  replayInBatches,
  replayOrder,
  type BatchOutcome,
  settle,
  waitingLabel,
  type QueuedChange,
  type SendOutcome,
} from './change-queue-model';

const change = (seq: number, over: Partial<QueuedChange> = {}): QueuedChange => ({
  seq,
  idempotencyKey: `key-${seq}`,
  kind: 'adjust',
  accountId: 'me',
  workspaceId: null,
  path: `/api/products/p${seq}/stock`,
  body: { delta: -1 },
  label: `change ${seq}`,
  queuedAt: seq,
  state: 'pending',
  ...over,
});

describe('the offline queue: what an answer means', () => {
  it('a 2xx is done', () => {
    expect(outcomeOfAnswer(200, { product: { id: 'p1' } })).toEqual({ kind: 'done', answer: { product: { id: 'p1' } } });
    expect(outcomeOfAnswer(201, { line: { id: '7' } })).toEqual({ kind: 'done', answer: { line: { id: '7' } } });
  });

  it("a 4xx refuses the change with the server's message (and its field messages)", () => {
    expect(outcomeOfAnswer(409, { message: 'This stock count is closed', code: 'CONFLICT' })).toEqual({ kind: 'refused', status: 409, message: 'This stock count is closed' });
    expect(outcomeOfAnswer(404, { message: 'Product not found' })).toEqual({ kind: 'refused', status: 404, message: 'Product not found' });
    expect(outcomeOfAnswer(400, { message: 'Validation failed', fields: { quantity: 'Quantity must be at least 0' } })).toEqual({
      kind: 'refused',
      status: 400,
      message: 'Validation failed: Quantity must be at least 0',
    });
    expect(outcomeOfAnswer(422, undefined)).toEqual({ kind: 'refused', status: 422, message: REFUSED_WITHOUT_MESSAGE });
  });

  it('a 401 waits for a new session; a 5xx, 408 or 429 is tried again later', () => {
    expect(outcomeOfAnswer(401, { message: 'Unauthorized' })).toEqual({ kind: 'signedOut' });
    for (const status of [500, 502, 503, 408, 429]) expect(outcomeOfAnswer(status, {})).toEqual({ kind: 'retryLater' });
    expect(outcomeOfAnswer(429, { message: 'Too many requests' }, '12')).toEqual({ kind: 'retryLater', afterMs: 12_000 });
  });

  it("a replay stopped by a rate limit says when the server asked to be asked again", async () => {
    const result = await replay([change(1), change(2)], async (c) => (c.seq === 1 ? { kind: 'done' } : { kind: 'retryLater', afterMs: 7000 }), async () => undefined);
    expect(result).toEqual({ stoppedBy: 'retryLater', sent: 1, retryAfterMs: 7000 });
  });
});

describe('the offline queue: order and state', () => {
  it("replays only the account's pending changes, oldest first", () => {
    const changes = [change(3), change(1), change(2, { state: 'done' }), change(4, { accountId: 'someone else' }), change(5, { state: 'refused' }), change(0)];
    expect(replayOrder(changes, 'me').map((c) => c.seq)).toEqual([0, 1, 3]);
  });

  it('a pending change becomes done or refused once, and a settled one never changes again', () => {
    const done = settle(change(1), { kind: 'done', answer: { line: { id: '7' } } }, 100);
    expect(done).toMatchObject({ state: 'done', answer: { line: { id: '7' } }, settledAt: 100 });
    const refused = settle(change(2), { kind: 'refused', status: 409, message: 'Insufficient stock available' }, 200);
    expect(refused).toMatchObject({ state: 'refused', status: 409, message: 'Insufficient stock available', settledAt: 200 });
    expect(settle(done, { kind: 'refused', status: 400, message: 'x' }, 300)).toBe(done);
    expect(settle(refused, { kind: 'done' }, 300)).toBe(refused);
    expect(settle(change(3), { kind: 'retryLater' }, 300)).toMatchObject({ state: 'pending' });
  });

  it('sends in order, saves each before the next, and goes past a refused change', async () => {
    const log: string[] = [];
    const answers: Record<number, SendOutcome> = { 2: { kind: 'refused', status: 404, message: 'Product not found' } };
    const result = await replay(
      [change(1), change(2), change(3)],
      async (c) => {
        log.push(`send ${c.seq} ${c.idempotencyKey}`);
        return answers[c.seq!] ?? { kind: 'done' };
      },
      async (c) => void log.push(`save ${c.seq} ${c.state}`),
    );
    expect(result).toEqual({ stoppedBy: null, sent: 3 });
    expect(log).toEqual(['send 1 key-1', 'save 1 done', 'send 2 key-2', 'save 2 refused', 'send 3 key-3', 'save 3 done']);
  });

  it('stops at the first change with no answer (network gone mid-replay) and leaves it and the rest pending', async () => {
    const saved: QueuedChange[] = [];
    const result = await replay(
      [change(1), change(2), change(3)],
      async (c) => {
        if (c.seq === 2) throw new TypeError('Failed to fetch');
        return { kind: 'done' };
      },
      async (c) => void saved.push(c),
    );
    expect(result).toEqual({ stoppedBy: 'retryLater', sent: 1 });
    expect(saved.map((c) => [c.seq, c.state])).toEqual([[1, 'done']]);
  });

  it('stops on a rejected session without settling anything', async () => {
    const saved: QueuedChange[] = [];
    const result = await replay([change(1)], async () => ({ kind: 'signedOut' }), async (c) => void saved.push(c));
    expect(result).toEqual({ stoppedBy: 'signedOut', sent: 0 });
    expect(saved).toEqual([]);
  });

  it('a replay after a cut sends the same changes again with the same keys', async () => {
    const queue = [change(1), change(2), change(3)];
    const sentKeys: string[] = [];
    const store = new Map(queue.map((c) => [c.seq!, c]));
    let cut = true;
    const send = async (c: QueuedChange): Promise<SendOutcome> => {
      sentKeys.push(c.idempotencyKey);
      if (cut && c.seq === 2) {
        cut = false;
        throw new TypeError('Failed to fetch');
      }
      return { kind: 'done' };
    };
    const save = async (c: QueuedChange) => void store.set(c.seq!, c);
    await replay(replayOrder([...store.values()], 'me'), send, save);
    await replay(replayOrder([...store.values()], 'me'), send, save);
    expect(sentKeys).toEqual(['key-1', 'key-2', 'key-2', 'key-3']);
    expect([...store.values()].map((c) => c.state)).toEqual(['done', 'done', 'done']);
  });
});

describe('the offline queue: batches', () => {
  it('carries adjustments, stocktakes and count lines as their POSTs take them; anything else goes on its own', () => {
    expect(batchItemOf(change(1, { body: { delta: -2, reason: 'SALE' } }))).toEqual({ action: 'adjustStock', idempotencyKey: 'key-1', productId: 'p1', body: { delta: -2, reason: 'SALE' } });
    expect(batchItemOf(change(2, { kind: 'count', path: '/api/products/p%202/stock/count', body: { quantity: 4 } }))).toEqual({
      action: 'countStock',
      idempotencyKey: 'key-2',
      productId: 'p 2',
      body: { quantity: 4 },
    });
    expect(batchItemOf(change(3, { kind: 'countLine', path: '/api/stock-counts/c1/lines', body: { productId: 'p', quantity: 1, ledgerPosition: '0' } }))).toEqual({
      action: 'addStockCountLine',
      idempotencyKey: 'key-3',
      stockCountId: 'c1',
      body: { productId: 'p', quantity: 1, ledgerPosition: '0' },
    });
    expect(batchItemOf(change(4, { path: '/api/products/p4/transfer' }))).toBeUndefined();
    expect(batchItemOf(change(5, { path: '/api/products/%E0%A4%A/stock' }))).toBeUndefined();
  });

  it(`groups consecutive changes of one account and workspace, at most ${STOCK_CHANGES_MAX} and ${BATCH_MAX_BYTES} bytes`, () => {
    const many = Array.from({ length: STOCK_CHANGES_MAX + 5 }, (_, n) => change(n));
    expect(batchAt(many, 0)).toHaveLength(STOCK_CHANGES_MAX);
    expect(batchAt(many, STOCK_CHANGES_MAX).map((c) => c.seq)).toEqual([100, 101, 102, 103, 104]);
    const mixed = [change(1), change(2), change(3, { workspaceId: 'shop' }), change(4, { workspaceId: 'shop' }), change(5, { path: '/api/products/p5/transfer' }), change(6)];
    expect(batchAt(mixed, 0).map((c) => c.seq)).toEqual([1, 2]);
    expect(batchAt(mixed, 2).map((c) => c.seq)).toEqual([3, 4]);
    expect(batchAt(mixed, 4)).toEqual([]);
    const long = Array.from({ length: 10 }, (_, n) => change(n, { body: { delta: 1, note: 'x'.repeat(BATCH_MAX_BYTES / 4) } }));
    expect(batchAt(long, 0).length).toBe(3);
    // Bytes, not characters: a note of two-byte letters fills a batch twice as fast.
    const wide = Array.from({ length: 10 }, (_, n) => change(n, { body: { delta: 1, note: 'ø'.repeat(BATCH_MAX_BYTES / 8) } }));
    expect(batchAt(wide, 0).length).toBe(3);
    // A single change longer than the bound still goes (the server says whether it takes it).
    expect(batchAt([change(1, { body: { delta: 1, note: 'x'.repeat(BATCH_MAX_BYTES) } })], 0)).toHaveLength(1);
  });

  it("reads a batch's answer: each result as its POST's answer, or the whole request's fate", () => {
    const results = [
      { idempotencyKey: 'key-1', outcome: 'done', status: 200, answer: { product: { id: 'p1' } } },
      { idempotencyKey: 'key-2', outcome: 'refused', status: 409, answer: { message: 'Insufficient stock available', code: 'CONFLICT' } },
    ];
    expect(outcomeOfBatchAnswer(200, { results }, null, 2)).toEqual({
      kind: 'answered',
      outcomes: [
        { kind: 'done', answer: { product: { id: 'p1' } } },
        { kind: 'refused', status: 409, message: 'Insufficient stock available' },
      ],
    });
    expect(outcomeOfBatchAnswer(429, { message: 'Too many requests' }, '12', 2)).toEqual({ kind: 'retryLater', afterMs: 12_000 });
    expect(outcomeOfBatchAnswer(503, undefined, null, 2)).toEqual({ kind: 'retryLater' });
    expect(outcomeOfBatchAnswer(401, undefined, null, 2)).toEqual({ kind: 'signedOut' });
    // A server without the endpoint, a list refused whole, an answer that does not fit the list: one by one instead.
    expect(outcomeOfBatchAnswer(404, { message: 'Resource not found' }, null, 2)).toEqual({ kind: 'unsupported' });
    expect(outcomeOfBatchAnswer(400, { message: 'Send at most 100 changes at once' }, null, 2)).toEqual({ kind: 'unsupported' });
    expect(outcomeOfBatchAnswer(200, { results: results.slice(0, 1) }, null, 2)).toEqual({ kind: 'unsupported' });
    expect(outcomeOfBatchAnswer(200, '<html>', null, 2)).toEqual({ kind: 'unsupported' });
  });

  /** A server that answers batches and single changes alike, with a log of the requests. */
  function server(answerOf: (c: QueuedChange) => SendOutcome = () => ({ kind: 'done' })) {
    const log: string[] = [];
    const store = new Map<number, QueuedChange>();
    return {
      log,
      store,
      send: async (c: QueuedChange) => {
        log.push(`one ${c.seq}`);
        return answerOf(c);
      },
      sendBatch: async (batch: readonly QueuedChange[]): Promise<BatchOutcome> => {
        log.push(`batch ${batch.map((c) => c.seq).join(',')}`);
        return { kind: 'answered', outcomes: batch.map(answerOf) };
      },
      saveAll: async (settled: QueuedChange[]) => {
        log.push(`save ${settled.map((c) => `${c.seq}:${c.state}`).join(',')}`);
        for (const c of settled) store.set(c.seq!, c);
      },
    };
  }

  it('sends runs of changes in batches, in order, each batch settled and saved before the next; a refused change holds back nothing', async () => {
    const queue = [...Array.from({ length: STOCK_CHANGES_MAX + 1 }, (_, n) => change(n)), change(200, { path: '/api/products/p/transfer' }), change(201), change(202)];
    const s = server((c) => (c.seq === 1 ? { kind: 'refused', status: 409, message: 'Insufficient stock available' } : { kind: 'done' }));
    const result = await replayInBatches(queue, s, () => 5);
    expect(result).toEqual({ stoppedBy: null, sent: queue.length });
    const first = Array.from({ length: STOCK_CHANGES_MAX }, (_, n) => n);
    expect(s.log).toEqual([
      `batch ${first.join(',')}`,
      `save ${first.map((n) => `${n}:${n === 1 ? 'refused' : 'done'}`).join(',')}`,
      // One change left of the run: on its own, as before.
      'one 100',
      'save 100:done',
      'one 200',
      'save 200:done',
      'batch 201,202',
      'save 201:done,202:done',
    ]);
    expect(s.store.get(1)).toMatchObject({ state: 'refused', status: 409, message: 'Insufficient stock available', settledAt: 5 });
  });

  it('a batch with no answer, a 5xx or a rate limit stops the replay and leaves its changes pending, to be sent again with the same keys', async () => {
    const queue = [change(1), change(2), change(3), change(4)];
    const s = server();
    let refusal: BatchOutcome | Error | undefined = { kind: 'retryLater', afterMs: 3000 };
    const sendBatch = async (batch: readonly QueuedChange[]): Promise<BatchOutcome> => {
      if (refusal instanceof Error) throw refusal;
      return refusal ?? s.sendBatch(batch);
    };
    expect(await replayInBatches(queue, { ...s, sendBatch })).toEqual({ stoppedBy: 'retryLater', sent: 0, retryAfterMs: 3000 });
    refusal = new TypeError('Failed to fetch');
    expect(await replayInBatches(queue, { ...s, sendBatch })).toEqual({ stoppedBy: 'retryLater', sent: 0 });
    refusal = { kind: 'signedOut' };
    expect(await replayInBatches(queue, { ...s, sendBatch })).toEqual({ stoppedBy: 'signedOut', sent: 0 });
    expect(s.store.size).toBe(0);
    refusal = undefined;
    expect(await replayInBatches(queue, { ...s, sendBatch })).toEqual({ stoppedBy: null, sent: 4 });
    expect([...s.store.values()].map((c) => c.state)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('a batch the server does not take as one is sent one change at a time', async () => {
    const s = server();
    const result = await replayInBatches([change(1), change(2)], { ...s, sendBatch: async () => ({ kind: 'unsupported' }) });
    expect(result).toEqual({ stoppedBy: null, sent: 2 });
    expect(s.log).toEqual(['one 1', 'save 1:done', 'one 2', 'save 2:done']);
  });

  it('an answer within a batch that settles nothing stops there: the changes before it are saved, it and the rest wait', async () => {
    const s = server((c) => (c.seq === 3 ? { kind: 'retryLater' } : { kind: 'done' }));
    const result = await replayInBatches([change(1), change(2), change(3), change(4)], s);
    expect(result).toEqual({ stoppedBy: 'retryLater', sent: 2 });
    expect(s.log).toEqual(['batch 1,2,3,4', 'save 1:done,2:done']);
  });

  it('1,000 changes go in ten requests and each is settled exactly once', async () => {
    const queue = Array.from({ length: 1000 }, (_, n) => change(n));
    const s = server();
    expect(await replayInBatches(queue, s)).toEqual({ stoppedBy: null, sent: 1000 });
    expect(s.log.filter((entry) => entry.startsWith('batch'))).toHaveLength(10);
    expect(s.store.size).toBe(1000);
  });
});

describe('the offline queue: what is kept and counted', () => {
  it(`keeps the newest ${DONE_CHANGES_KEPT} sent changes and every refused one`, () => {
    const changes = Array.from({ length: DONE_CHANGES_KEPT + 3 }, (_, i) => change(i + 1, { state: 'done' }));
    changes.push(change(1000, { state: 'refused' }));
    expect(doneChangesToDrop(changes).map((c) => c.seq)).toEqual([3, 2, 1]);
  });

  it("counts the account's waiting and refused changes, and says how many wait", () => {
    const changes = [change(1), change(2), change(3, { state: 'refused' }), change(4, { state: 'done' }), change(5, { accountId: 'other' })];
    expect(countsOf(changes, 'me')).toEqual({ waiting: 2, refused: 1 });
    expect(countsOf(changes, null)).toEqual({ waiting: 0, refused: 0 });
    expect(waitingLabel(1)).toBe('1 change waiting');
    expect(waitingLabel(3)).toBe('3 changes waiting');
  });
});

describe('the offline queue: what a change does to the quantity the device shows', () => {
  it('moves it by an adjustment, never below none, sets it to a stocktake, and leaves it for a count line', () => {
    expect(quantityAfterChange(7, { kind: 'adjust', body: { delta: -2, reason: 'SALE' } })).toBe(5);
    expect(quantityAfterChange(7, { kind: 'adjust', body: { delta: 3 } })).toBe(10);
    expect(quantityAfterChange(1, { kind: 'adjust', body: { delta: -4 } })).toBe(0);
    expect(quantityAfterChange(7, { kind: 'count', body: { quantity: 0 } })).toBe(0);
    expect(quantityAfterChange(7, { kind: 'countLine', body: { productId: 'p1', quantity: 2, ledgerPosition: '5' } })).toBe(7);
  });
});
