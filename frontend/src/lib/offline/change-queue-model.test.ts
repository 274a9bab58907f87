import {
  countsOf,
  DONE_CHANGES_KEPT,
  doneChangesToDrop,
  outcomeOfAnswer,
  REFUSED_WITHOUT_MESSAGE,
  replay,
  replayOrder,
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
