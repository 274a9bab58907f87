import { GeneralMessages } from '@stockroom/schema';
import type { components } from '@stockroom/schema/generated/rest';
import { extractErrorMessage, parseJson } from '../../lib/errors';
import { notifySessionRejected } from '../../lib/session/session-events';
import { readBrowserToken } from '../../lib/session/storage';
import { restHeaders } from '../../lib/workspace/workspace-headers';

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

/** A line the server refused (`status` set), or one that never reached it (no `status`: offline, cut off); `message` is the one to show. */
export class CountLineError extends Error {
  constructor(
    message: string,
    /** The HTTP status, when the server answered at all. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CountLineError';
  }
}

export const countLinesEndpoint = (stockCountId: string) => `/api/stock-counts/${encodeURIComponent(stockCountId)}/lines`;

/**
 * Records one count line: every line of every screen goes through here, so
 * that the offline queue can take this one call over. Each call is a new
 * Idempotency-Key: a repeat of this very request (a replay) is answered as
 * the first was and recorded once. Resolves to the line; a refusal throws a
 * CountLineError with the server's message ('This stock count is closed').
 */
export async function sendCountLine(stockCountId: string, line: CountLineRequest): Promise<RecordedCountLine> {
  const token = readBrowserToken();
  let response: Response;
  try {
    response = await fetch(countLinesEndpoint(stockCountId), {
      method: 'POST',
      headers: restHeaders(token, { idempotencyKey: crypto.randomUUID(), json: true }),
      body: JSON.stringify(line),
    });
  } catch {
    throw new CountLineError(GeneralMessages.network);
  }
  const body = parseJson(await response.text());
  if (response.status === 201 && isLineAnswer(body)) return body.line;
  if (response.status === 401) notifySessionRejected();
  throw new CountLineError(extractErrorMessage({ status: response.status, body }), response.status);
}

const isLineAnswer = (body: unknown): body is { line: RecordedCountLine } =>
  typeof body === 'object' && body !== null && typeof (body as { line?: { id?: unknown } }).line?.id === 'string';
