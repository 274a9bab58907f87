import type { components } from '@stockroom/schema/generated/rest';
import { dismissChange, queueCountLine, sendWaitingChanges, settledChange, snapshot } from '../../lib/offline/change-queue';
import { REFUSED_WITHOUT_MESSAGE, type QueuedChange } from '../../lib/offline/change-queue-model';
import { isOffline } from '../../lib/offline/network-status';
import { notifySessionRejected } from '../../lib/session/session-events';

/** A line as the server recorded it. */
export type RecordedCountLine = components['schemas']['StockCountLine'];

/** One count of one product at one place, as the counter took it. */
export interface CountLineRequest {
  productId: string;
  locationId: string;
  quantity: number;
  /** The newest movement there the counter's screen had seen when it showed the product ('0': none). */
  ledgerPosition: string;
  /** When it was counted, ISO 8601. */
  countedAt: string;
}

/** A line the server refused; `message` is the server's ('This stock count is closed'). */
export class CountLineError extends Error {
  constructor(
    message: string,
    /** The HTTP status the server answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CountLineError';
  }
}

/** What became of a line: the server recorded it (`line`, when its answer held it), or it waits on the device for the network. */
export type CountLineOutcome = { kind: 'recorded'; line: RecordedCountLine | null } | { kind: 'waiting' };

const isRecordedLine = (line: unknown): line is RecordedCountLine => typeof line === 'object' && line !== null && typeof (line as { id?: unknown }).id === 'string';

/** The queued change once it is settled, or once the replay that should have sent it ended without doing so (no network). */
async function settledOrStopped(seq: number): Promise<QueuedChange | undefined> {
  const settled = settledChange(seq);
  const stopped = sendWaitingChanges().then((result) => {
    const change = snapshot().find((candidate) => candidate.seq === seq);
    // A session the server turned down: the line waits for the same account's next sign-in.
    if (result.stoppedBy === 'signedOut' && change?.state === 'pending') notifySessionRejected();
    return change;
  });
  return Promise.race([settled, stopped]);
}

/**
 * Records one count line: every line of every screen goes through the
 * offline queue (queueCountLine), which keeps it on the device with its own
 * Idempotency-Key and sends it in order with the device's other changes, so a
 * line is recorded once however often it is sent. Online, this waits for the
 * server's answer: the line, or a CountLineError with the server's message
 * ('This stock count is closed'; the refused line is then taken off the queue,
 * the form says why). With no network, or when the network drops on the way,
 * it resolves as waiting: the count's line list shows the line until the
 * server has it, or its refusal.
 */
export async function sendCountLine(stockCountId: string, line: CountLineRequest): Promise<CountLineOutcome> {
  const queued = await queueCountLine(stockCountId, line);
  if (isOffline()) return { kind: 'waiting' };
  const change = await settledOrStopped(queued.seq!);
  if (!change || change.state === 'pending') return { kind: 'waiting' };
  if (change.state === 'refused') {
    await dismissChange(queued.seq!);
    throw new CountLineError(change.message ?? REFUSED_WITHOUT_MESSAGE, change.status);
  }
  const answer = change.answer as { line?: unknown } | undefined;
  return { kind: 'recorded', line: isRecordedLine(answer?.line) ? answer.line : null };
}
