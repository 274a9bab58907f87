import { readBrowserToken } from '../session/storage';
import { restHeaders } from '../workspace/workspace-headers';
import { accountIdOf, readChosenWorkspace } from '../workspace/workspace-storage';
import {
  batchItemOf,
  countsOf,
  doneChangesToDrop,
  outcomeOfAnswer,
  outcomeOfBatchAnswer,
  quantityAfterChange,
  replayInBatches,
  replayOrder,
  type BatchOutcome,
  type ChangeKind,
  type QueuedChange,
  type ReplayResult,
  type SendOutcome,
} from './change-queue-model';
import { offlineDb } from './offline-db';
import { adjustLocalQuantity, findLocalProduct } from './product-copy';

/**
 * The changes recorded while offline, kept in IndexedDB (they survive a reload and a killed tab)
 * and sent to the server in the order they were made, each with its own Idempotency-Key, when the
 * network is back, many in one request where they can (change-queue-model.ts has the rules).
 * Screens read it through `subscribe` and `snapshot`; every tab of the app hears of a change made
 * in another.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let changes: readonly QueuedChange[] = [];
let loaded: Promise<void> | undefined;

/** Other tabs of the app: a change queued or sent in one is shown in all. Opened with the first reader. */
let channel: BroadcastChannel | null = null;

function openChannel(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel('stockroom-offline-changes');
  channel.addEventListener('message', () => void reload());
}

async function reload(): Promise<void> {
  const db = await offlineDb();
  changes = await db.getAll('changes');
  for (const listener of listeners) listener();
}

function changed(): Promise<void> {
  channel?.postMessage('changed');
  return reload();
}

/** Tells this tab's readers and the other tabs that the list in memory changed. */
function notify(): void {
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
}

/** The signed-in account's id (from its session token), or null when signed out. */
export const currentAccountId = (): string | null => accountIdOf(readBrowserToken());

/** Every queued change, oldest first, as last read. */
export const snapshot = (): readonly QueuedChange[] => changes;

/** Calls back whenever the queue changes (in this tab or another); returns the unsubscribe. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  openChannel();
  loaded ??= reload().catch(() => undefined);
  return () => listeners.delete(listener);
}

/** The signed-in account's waiting and refused changes. */
export const currentCounts = () => countsOf(changes, currentAccountId());

/** A fresh key: a random UUID (crypto.randomUUID needs a secure context, which a self-hosted http address is not). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface NewChange {
  kind: ChangeKind;
  path: string;
  body: Record<string, unknown>;
  label: string;
  productId?: string;
}

/** Puts a change at the end of the queue, its key fixed now, and sends the queue at once when the network is there. */
async function enqueue(change: NewChange): Promise<QueuedChange> {
  const accountId = currentAccountId();
  if (!accountId) throw new Error('Sign in to record changes');
  const queued: QueuedChange = {
    ...change,
    idempotencyKey: newIdempotencyKey(),
    accountId,
    workspaceId: readChosenWorkspace(),
    queuedAt: Date.now(),
    state: 'pending',
  };
  const db = await offlineDb();
  loaded ??= reload().catch(() => undefined);
  await loaded;
  const seq = await db.add('changes', queued);
  // Added to the list in memory rather than the whole queue read again: a count may queue hundreds of lines.
  if (!changes.some((kept) => kept.seq === seq)) changes = [...changes, { ...queued, seq }];
  notify();
  if (navigator.onLine) void sendWaitingChanges();
  return { ...queued, seq };
}

/** An adjustment of one product's stock, as POST /api/products/{id}/stock takes it. */
export interface StockAdjustmentBody {
  delta: number;
  reason?: string;
  note?: string | null;
  locationId?: string;
}

/** A stocktake of one product, as POST /api/products/{id}/stock/count takes it. */
export interface StockCountBody {
  quantity: number;
  note?: string | null;
  locationId?: string;
}

/** A line of a stock count session, as POST /api/stock-counts/{id}/lines takes it. */
export interface CountLineBody {
  productId: string;
  locationId?: string | null;
  quantity: number;
  ledgerPosition: string;
  /** When it was counted; absent: now, when it is queued (not when it reaches the server). */
  countedAt?: string;
}

const REASON_NAMES: Record<string, string> = { SALE: 'Sale', RECEIPT: 'Receipt', RETURN: 'Return', DAMAGE: 'Damage', CORRECTION: 'Correction' };

const productPathOf = (productId: string) => `/api/products/${encodeURIComponent(productId)}`;
const withoutEmpty = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== null && value !== ''));

/** Queues a stock adjustment of a product (a sale, a receipt, ...); the product's local copy shows its effect at once. */
export async function queueStockAdjustment(productId: string, body: StockAdjustmentBody, productName: string): Promise<QueuedChange> {
  const reason = body.reason ? (REASON_NAMES[body.reason] ?? body.reason) : body.delta < 0 ? 'Taken out' : 'Added';
  const queued = await enqueue({
    kind: 'adjust',
    path: `${productPathOf(productId)}/stock`,
    body: withoutEmpty({ ...body }),
    label: `${reason} of ${Math.abs(body.delta)} · ${productName}`,
    productId,
  });
  await adjustLocalQuantity(productId, queued.workspaceId, (quantity) => quantityAfterChange(quantity, queued));
  // The product's page reads the copy again when the queue changes: once more, now that the copy has moved.
  changes = [...changes];
  notify();
  return queued;
}

/** Queues a stocktake of a product; its local copy takes the counted quantity. */
export async function queueStockCount(productId: string, body: StockCountBody, productName: string): Promise<QueuedChange> {
  const queued = await enqueue({
    kind: 'count',
    path: `${productPathOf(productId)}/stock/count`,
    body: withoutEmpty({ ...body }),
    label: `Counted ${body.quantity} · ${productName}`,
    productId,
  });
  await adjustLocalQuantity(productId, queued.workspaceId, (quantity) => quantityAfterChange(quantity, queued));
  changes = [...changes];
  notify();
  return queued;
}

/**
 * Queues a line of a stock count session (the count screens' sendCountLine hands its lines here):
 * sent at once when online, else when the network is back, in order with every other change.
 * Resolves once the line is safely on the device, with the queued change; `settledChange(seq)`
 * then resolves once the server has recorded it (`answer.line`) or refused it (`message`).
 */
export async function queueCountLine(stockCountId: string, body: CountLineBody): Promise<QueuedChange> {
  const product = await findLocalProduct(body.productId, readChosenWorkspace());
  return enqueue({
    kind: 'countLine',
    path: `/api/stock-counts/${encodeURIComponent(stockCountId)}/lines`,
    body: withoutEmpty({ ...body, countedAt: body.countedAt ?? new Date().toISOString() }),
    label: `Count line: ${body.quantity} · ${product?.name ?? 'product'}`,
    productId: body.productId,
  });
}

/** Sends one change as it was queued: its path, body, workspace and key. */
async function send(change: QueuedChange): Promise<SendOutcome> {
  const token = readBrowserToken();
  if (!token || currentAccountId() !== change.accountId) return { kind: 'signedOut' };
  const response = await fetch(change.path, {
    method: 'POST',
    headers: restHeaders(token, { workspaceId: change.workspaceId ?? null, idempotencyKey: change.idempotencyKey, json: true }),
    body: JSON.stringify(change.body),
  });
  const body: unknown = await response.json().catch(() => undefined);
  return outcomeOfAnswer(response.status, body, response.headers.get('Retry-After'));
}

/** Where a run of changes goes in one request: the server runs each as its own POST would. */
const STOCK_CHANGES_PATH = '/api/stock-changes';

/** Sends a run of one account's changes in one workspace in one request, each with its own key. */
async function sendBatch(batch: readonly QueuedChange[]): Promise<BatchOutcome> {
  const token = readBrowserToken();
  const { accountId, workspaceId } = batch[0];
  if (!token || currentAccountId() !== accountId) return { kind: 'signedOut' };
  const response = await fetch(STOCK_CHANGES_PATH, {
    method: 'POST',
    headers: restHeaders(token, { workspaceId: workspaceId ?? null, json: true }),
    body: JSON.stringify({ changes: batch.map(batchItemOf) }),
  });
  const body: unknown = await response.json().catch(() => undefined);
  return outcomeOfBatchAnswer(response.status, body, response.headers.get('Retry-After'), batch.length);
}

/**
 * Changes settled by a replay, saved in one transaction before anything after them is sent; the
 * list in memory is updated in place and its readers told once (a replay may settle a thousand).
 */
async function saveAll(settled: QueuedChange[]): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('changes', 'readwrite');
  await Promise.all([...settled.map((change) => tx.store.put(change)), tx.done]);
  const bySeq = new Map(settled.map((change) => [change.seq, change]));
  changes = changes.map((kept) => bySeq.get(kept.seq) ?? kept);
  notify();
}

let sending: Promise<ReplayResult> | undefined;

/**
 * Sends the signed-in account's waiting changes, in order, in batches where they can go in one
 * request (one replay at a time in this tab, and across tabs where the browser has Web Locks).
 * Resolves with how it ended; a replay that stopped for want of network is tried again on the
 * next call (the app calls it when the network is back).
 */
export function sendWaitingChanges(): Promise<ReplayResult> {
  sending ??= (async () => {
    try {
      const run = async (): Promise<ReplayResult> => {
        const db = await offlineDb();
        const accountId = currentAccountId();
        if (!accountId) return { stoppedBy: 'signedOut', sent: 0 };
        // Changes queued while a replay runs (count lines sent one after another) go in the same run.
        let result: ReplayResult = { stoppedBy: null, sent: 0 };
        for (;;) {
          const waiting = replayOrder(await db.getAll('changes'), accountId);
          if (waiting.length === 0) break;
          const round = await replayInBatches(waiting, { send, sendBatch, saveAll });
          result = { ...round, sent: result.sent + round.sent };
          if (round.stoppedBy) break;
        }
        for (const old of doneChangesToDrop(await db.getAll('changes'))) await db.delete('changes', old.seq!);
        await changed();
        return result;
      };
      return 'locks' in navigator ? await navigator.locks.request('stockroom-offline-replay', run) : await run();
    } finally {
      sending = undefined;
    }
  })();
  return sending;
}

/**
 * The change queued as `seq` once the server has recorded it (its `answer` holds the server's
 * answer) or refused it (its `message` says why); it may wait for the network a long time.
 */
export function settledChange(seq: number): Promise<QueuedChange> {
  return new Promise((resolve) => {
    const check = () => {
      const change = changes.find((candidate) => candidate.seq === seq);
      if (!change || change.state === 'pending') return;
      unsubscribe();
      resolve(change);
    };
    const unsubscribe = subscribe(check);
    void reload().then(check, () => undefined);
  });
}

/** Takes a refused change off the list once the person has read it. */
export async function dismissChange(seq: number): Promise<void> {
  const db = await offlineDb();
  const change = await db.get('changes', seq);
  if (change?.state === 'refused') await db.delete('changes', seq);
  await changed();
}
