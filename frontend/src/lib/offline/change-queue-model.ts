import { STOCK_CHANGES_MAX, type StockChangeAction } from '@stockroom/schema';

/**
 * The offline queue's rules, free of storage and network: what a queued change is, the order
 * changes are sent in, how they are grouped into batches, and what each answer of the server
 * makes of a change. change-queue.ts keeps the changes in IndexedDB and sends them by these rules.
 */

/** What a change records: a stock adjustment (a sale, a receipt, ...), a stocktake of one product, or a line of a stock count session. */
export type ChangeKind = 'adjust' | 'count' | 'countLine';

/** Waiting to be sent (or being sent); recorded by the server; refused by it (kept, with its message, until dismissed). */
export type ChangeState = 'pending' | 'done' | 'refused';

export interface QueuedChange {
  /** Its place in the queue: the order it was made in, and so the order it is sent in. Set by IndexedDB. */
  seq?: number;
  /** The Idempotency-Key it is sent with, every time: fixed when it is queued, so a repeat is answered and never recorded twice. */
  idempotencyKey: string;
  kind: ChangeKind;
  /** The account that made it: only that account's session sends it. */
  accountId: string;
  /** The workspace it was made in (the workspace header's value), null for the personal one. */
  workspaceId: string | null;
  /** The REST path it is sent to with POST, e.g. /api/products/{id}/stock. */
  path: string;
  body: Record<string, unknown>;
  /** What the person sees in the list ("Sale of 2 · Desk lamp"). */
  label: string;
  /** The product it is about, when it is about one (for its pending changes on its page). */
  productId?: string;
  queuedAt: number;
  state: ChangeState;
  /** The server's reason for a refusal. */
  message?: string;
  /** The status it answered, for a refused change. */
  status?: number;
  /** The server's answer to a recorded change (a count line's `{ line }`, an adjustment's `{ product }`). */
  answer?: unknown;
  settledAt?: number;
}

/**
 * A product's quantity once a change recorded on this device is applied, as the device shows it
 * until the server's own figure comes: an adjustment moves it by its delta (never below none), a
 * stocktake makes it what was counted; a count line leaves it (a count books nothing until approved).
 */
export function quantityAfterChange(quantity: number, change: Pick<QueuedChange, 'kind' | 'body'>): number {
  const { delta, quantity: counted } = change.body;
  if (change.kind === 'adjust' && typeof delta === 'number') return Math.max(0, quantity + delta);
  if (change.kind === 'count' && typeof counted === 'number') return counted;
  return quantity;
}

/** What sending a change came to. */
export type SendOutcome =
  | { kind: 'done'; answer?: unknown }
  /** The server refused this change for good (a 4xx): the product is gone, the stock would go below zero, the count is closed. */
  | { kind: 'refused'; status: number; message: string }
  /** No answer (no network), or one that says to try again later (a 5xx, 408, 429): the replay stops here, until `afterMs` when the server said. */
  | { kind: 'retryLater'; afterMs?: number }
  /** The session is not accepted (401): the replay stops until the person signs in again. */
  | { kind: 'signedOut' };

/** Statuses that say nothing about the change itself: the same request may well succeed later. */
const TRY_AGAIN_STATUSES = new Set([401, 408, 425, 429]);

/** The message shown for a refusal that came without one. */
export const REFUSED_WITHOUT_MESSAGE = 'The server refused this change';

/** What an HTTP answer to a change means for it; `retryAfter` is its Retry-After header (seconds), if any. */
export function outcomeOfAnswer(status: number, body: unknown, retryAfter: string | null = null): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'done', answer: body };
  if (status === 401) return { kind: 'signedOut' };
  if (status >= 500 || TRY_AGAIN_STATUSES.has(status)) {
    const seconds = Number(retryAfter);
    return retryAfter !== null && Number.isFinite(seconds) && seconds >= 0 ? { kind: 'retryLater', afterMs: seconds * 1000 } : { kind: 'retryLater' };
  }
  return { kind: 'refused', status, message: messageOf(body) };
}

/** The REST error body's message, with its field messages when it has some ("Validation failed: quantity: ..."). */
function messageOf(body: unknown): string {
  if (!body || typeof body !== 'object') return REFUSED_WITHOUT_MESSAGE;
  const { message, fields } = body as { message?: unknown; fields?: unknown };
  const fieldMessages = fields && typeof fields === 'object' ? Object.values(fields as Record<string, unknown>).filter((value): value is string => typeof value === 'string') : [];
  const base = typeof message === 'string' && message.trim() !== '' ? message : REFUSED_WITHOUT_MESSAGE;
  return fieldMessages.length > 0 && !fieldMessages.includes(base) ? `${base}: ${fieldMessages.join('; ')}` : base;
}

/** The changes a replay sends for an account, in the order they were made. */
export function replayOrder(changes: readonly QueuedChange[], accountId: string): QueuedChange[] {
  return changes.filter((change) => change.state === 'pending' && change.accountId === accountId).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** A change after an answer: recorded, or refused with the server's message; a change already settled stays as it is. */
export function settle(change: QueuedChange, outcome: SendOutcome, now: number): QueuedChange {
  if (change.state !== 'pending') return change;
  if (outcome.kind === 'done') return { ...change, state: 'done', answer: outcome.answer, settledAt: now };
  if (outcome.kind === 'refused') return { ...change, state: 'refused', status: outcome.status, message: outcome.message, settledAt: now };
  return change;
}

/** How a replay ended: every change sent (done or refused), or stopped at the first that could not be (tried again later, after `retryAfterMs` when the server said). */
export type ReplayResult = { stoppedBy: 'retryLater' | 'signedOut' | null; sent: number; retryAfterMs?: number };

/** A change as one item of POST /api/stock-changes: its own POST's action, the id its path names, its body and its key. */
export type StockChangeItem = { action: StockChangeAction; idempotencyKey: string; body: Record<string, unknown> } & ({ productId: string } | { stockCountId: string });

/** The stock-writing POSTs a batch carries, by their paths. */
const BATCHED_PATHS: Array<{ pattern: RegExp; action: StockChangeAction; target: 'productId' | 'stockCountId' }> = [
  { pattern: /^\/api\/products\/([^/]+)\/stock$/, action: 'adjustStock', target: 'productId' },
  { pattern: /^\/api\/products\/([^/]+)\/stock\/count$/, action: 'countStock', target: 'productId' },
  { pattern: /^\/api\/stock-counts\/([^/]+)\/lines$/, action: 'addStockCountLine', target: 'stockCountId' },
];

/** The change as a batch item, or undefined for a change a batch does not carry (it is sent on its own, to its path). */
export function batchItemOf(change: QueuedChange): StockChangeItem | undefined {
  for (const { pattern, action, target } of BATCHED_PATHS) {
    const match = pattern.exec(change.path);
    if (!match) continue;
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      return undefined;
    }
    return { action, idempotencyKey: change.idempotencyKey, [target]: id, body: change.body } as StockChangeItem;
  }
  return undefined;
}

/** A batch's request body stays under this many bytes of UTF-8: the server reads at most 100 kB of JSON. */
export const BATCH_MAX_BYTES = 80_000;

const utf8 = new TextEncoder();

/**
 * The changes from `from` on that go in one batch: consecutive ones a batch carries, of the
 * first one's account and workspace (a request acts in one), at most STOCK_CHANGES_MAX of them
 * and BATCH_MAX_BYTES of JSON. Empty when the change at `from` goes on its own.
 */
export function batchAt(changes: readonly QueuedChange[], from: number, maxChanges = STOCK_CHANGES_MAX): QueuedChange[] {
  const first = changes[from];
  const batch: QueuedChange[] = [];
  let bytes = 0;
  for (let n = from; n < changes.length && batch.length < maxChanges; n++) {
    const change = changes[n];
    const item = batchItemOf(change);
    if (!item || change.accountId !== first.accountId || (change.workspaceId ?? null) !== (first.workspaceId ?? null)) break;
    bytes += utf8.encode(JSON.stringify(item)).length + 1;
    if (batch.length > 0 && bytes > BATCH_MAX_BYTES) break;
    batch.push(change);
  }
  return batch;
}

/** What sending a batch came to: an outcome per change in order, or no usable answer for any of them. */
export type BatchOutcome =
  | { kind: 'answered'; outcomes: SendOutcome[] }
  | { kind: 'retryLater'; afterMs?: number }
  | { kind: 'signedOut' }
  /** The server did not take the list as a batch (a server without the endpoint, a list it refused whole): its changes go one by one. */
  | { kind: 'unsupported' };

/** What the HTTP answer to a batch of `size` changes means: each result as its own POST's answer, or the request's fate. */
export function outcomeOfBatchAnswer(status: number, body: unknown, retryAfter: string | null, size: number): BatchOutcome {
  const whole = outcomeOfAnswer(status, body, retryAfter);
  if (whole.kind === 'retryLater' || whole.kind === 'signedOut') return whole;
  const results = whole.kind === 'done' && body && typeof body === 'object' ? (body as { results?: unknown }).results : undefined;
  const wellFormed = Array.isArray(results) && results.length === size && results.every((result) => result && typeof result === 'object' && typeof (result as { status?: unknown }).status === 'number');
  if (!wellFormed) return { kind: 'unsupported' };
  return { kind: 'answered', outcomes: (results as Array<{ status: number; answer?: unknown }>).map((result) => outcomeOfAnswer(result.status, result.answer)) };
}

/** How a replay sends: one change to its own path, a batch of them (left out: one by one only), and the saving of settled changes. */
export interface ReplaySenders {
  send: (change: QueuedChange) => Promise<SendOutcome>;
  sendBatch?: (changes: readonly QueuedChange[]) => Promise<BatchOutcome>;
  /** Keeps changes just settled, before anything after them is sent. */
  saveAll: (changes: QueuedChange[]) => Promise<void>;
}

type Stop = Omit<ReplayResult, 'sent'>;

/** What stops a replay at an outcome that settles nothing: no answer, or a rejected session. */
function stopOf(outcome: SendOutcome | BatchOutcome): Stop | undefined {
  if (outcome.kind === 'signedOut') return { stoppedBy: 'signedOut' };
  if (outcome.kind === 'retryLater') return outcome.afterMs === undefined ? { stoppedBy: 'retryLater' } : { stoppedBy: 'retryLater', retryAfterMs: outcome.afterMs };
  return undefined;
}

/**
 * Sends the changes in order, in batches where a run of them fits one (batchAt) and one at a
 * time otherwise; each batch (or change) is settled and saved before the next is sent: a reload
 * or a closed tab in the middle leaves each change either settled or still pending, and a
 * pending one is sent again with its own key, which the server answers without recording it
 * twice. A refused change does not hold back the ones after it; no answer (or a rejected
 * session) stops the replay, and the rest wait for the next one. A batch the server does not
 * take as one is sent again one change at a time.
 */
export async function replayInBatches(changes: readonly QueuedChange[], { send, sendBatch, saveAll }: ReplaySenders, now: () => number = Date.now): Promise<ReplayResult> {
  let sent = 0;
  const sendAlone = async (change: QueuedChange): Promise<Stop | undefined> => {
    const outcome = await send(change).catch((): SendOutcome => ({ kind: 'retryLater' }));
    const stop = stopOf(outcome);
    if (stop) return stop;
    await saveAll([settle(change, outcome, now())]);
    sent += 1;
    return undefined;
  };
  for (let next = 0; next < changes.length; ) {
    const batch = sendBatch ? batchAt(changes, next) : [];
    if (batch.length < 2) {
      const stop = await sendAlone(changes[next]);
      if (stop) return { ...stop, sent };
      next += 1;
      continue;
    }
    const outcome = await sendBatch!(batch).catch((): BatchOutcome => ({ kind: 'retryLater' }));
    const stop = stopOf(outcome);
    if (stop) return { ...stop, sent };
    if (outcome.kind === 'unsupported') {
      for (const change of batch) {
        const alone = await sendAlone(change);
        if (alone) return { ...alone, sent };
      }
    } else if (outcome.kind === 'answered') {
      // The server answers every change of a batch it runs; an answer that settles nothing stops the replay there.
      const settledCount = outcome.outcomes.findIndex((each) => stopOf(each) !== undefined);
      const settled = batch.slice(0, settledCount === -1 ? batch.length : settledCount).map((change, n) => settle(change, outcome.outcomes[n], now()));
      if (settled.length > 0) await saveAll(settled);
      sent += settled.length;
      if (settledCount !== -1) return { ...stopOf(outcome.outcomes[settledCount])!, sent };
    }
    next += batch.length;
  }
  return { stoppedBy: null, sent };
}

/** Sends the changes one at a time, in order, each saved (by `save`) before the next is sent: replayInBatches without batches. */
export function replay(
  changes: readonly QueuedChange[],
  send: (change: QueuedChange) => Promise<SendOutcome>,
  save: (change: QueuedChange) => Promise<void>,
  now: () => number = Date.now,
): Promise<ReplayResult> {
  const saveAll = async (settled: QueuedChange[]) => {
    for (const change of settled) await save(change);
  };
  return replayInBatches(changes, { send, saveAll }, now);
}

/** Settled changes kept for the list once recorded: the newest of them. Refused ones stay until dismissed. */
export const DONE_CHANGES_KEPT = 50;

/** The recorded changes past the newest DONE_CHANGES_KEPT, to drop. */
export function doneChangesToDrop(changes: readonly QueuedChange[]): QueuedChange[] {
  const done = changes.filter((change) => change.state === 'done').sort((a, b) => (b.seq ?? 0) - (a.seq ?? 0));
  return done.slice(DONE_CHANGES_KEPT);
}

/** How many changes an account still has to send, and how many need its attention. */
export function countsOf(changes: readonly QueuedChange[], accountId: string | null): { waiting: number; refused: number } {
  let waiting = 0;
  let refused = 0;
  for (const change of changes) {
    if (change.accountId !== accountId) continue;
    if (change.state === 'pending') waiting += 1;
    else if (change.state === 'refused') refused += 1;
  }
  return { waiting, refused };
}

/** "3 changes waiting", "1 change waiting". */
export const waitingLabel = (waiting: number) => `${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting`;
