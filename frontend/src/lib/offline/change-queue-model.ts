/**
 * The offline queue's rules, free of storage and network: what a queued change is, the order
 * changes are sent in, and what each answer of the server makes of a change. change-queue.ts
 * keeps the changes in IndexedDB and sends them by these rules.
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

/**
 * Sends the changes one at a time, in order, each settled (and saved, by `save`) before the next
 * is sent: a reload or a closed tab in the middle leaves each change either settled or still
 * pending, and a pending one is sent again with its own key, which the server answers without
 * recording it twice. A refused change does not hold back the ones after it; a change with no
 * answer (or a rejected session) stops the replay, and the rest wait for the next one.
 */
export async function replay(
  changes: readonly QueuedChange[],
  send: (change: QueuedChange) => Promise<SendOutcome>,
  save: (change: QueuedChange) => Promise<void>,
  now: () => number = Date.now,
): Promise<ReplayResult> {
  let sent = 0;
  for (const change of changes) {
    let outcome: SendOutcome;
    try {
      outcome = await send(change);
    } catch {
      outcome = { kind: 'retryLater' };
    }
    if (outcome.kind === 'signedOut') return { stoppedBy: 'signedOut', sent };
    if (outcome.kind === 'retryLater') return outcome.afterMs === undefined ? { stoppedBy: 'retryLater', sent } : { stoppedBy: 'retryLater', sent, retryAfterMs: outcome.afterMs };
    await save(settle(change, outcome, now()));
    sent += 1;
  }
  return { stoppedBy: null, sent };
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
