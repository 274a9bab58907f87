import type { ChangeState, QueuedChange } from './change-queue-model';

/**
 * The count lines of one stock count in the offline queue, as its line list shows them: every line
 * a count screen records goes through the queue (queueCountLine), waiting there until the server
 * has it, and kept with the server's message when it refused it.
 */
export interface QueuedCountLine {
  /** The change's place in the queue (for dismissing a refused line). */
  seq: number;
  state: ChangeState;
  productId: string;
  /** The product's name as the line was queued ("product" when the device's copy did not know it). */
  productName: string;
  locationId: string | null;
  quantity: number;
  countedAt: string;
  /** The server's reason, for a refused line. */
  message?: string;
  /** The line as the server recorded it, once done (`{ line }` of its answer), when the answer held one. */
  recorded?: unknown;
}

/** The REST path a stock count's lines are posted to (the path queueCountLine queues them with). */
export const countLinesPath = (stockCountId: string) => `/api/stock-counts/${encodeURIComponent(stockCountId)}/lines`;

/** queueCountLine labels a line "Count line: <quantity> · <product name>". */
const LABEL = /^Count line: [^·]* · (.*)$/s;

/** The lines queued for the count, oldest first. */
export function queuedCountLinesOf(changes: readonly QueuedChange[], stockCountId: string): QueuedCountLine[] {
  const path = countLinesPath(stockCountId);
  const lines: QueuedCountLine[] = [];
  for (const change of changes) {
    if (change.kind !== 'countLine' || change.path !== path || change.seq === undefined) continue;
    const body = change.body as { productId?: unknown; locationId?: unknown; quantity?: unknown; countedAt?: unknown };
    const answer = change.answer as { line?: unknown } | undefined;
    lines.push({
      seq: change.seq,
      state: change.state,
      productId: String(body.productId ?? change.productId ?? ''),
      productName: LABEL.exec(change.label)?.[1] ?? 'product',
      locationId: typeof body.locationId === 'string' ? body.locationId : null,
      quantity: Number(body.quantity),
      countedAt: typeof body.countedAt === 'string' ? body.countedAt : new Date(change.queuedAt).toISOString(),
      ...(change.message === undefined ? {} : { message: change.message }),
      ...(answer && typeof answer === 'object' && answer.line ? { recorded: answer.line } : {}),
    });
  }
  return lines;
}
