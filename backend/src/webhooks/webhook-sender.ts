import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER } from '@stockroom/schema';
import { orWhenLate } from '../common/deadline';
import { resolveWebhookAddress, WebhookAddressError, type Resolver } from './webhook-address';
import { signatureHeader } from './webhook-signature';

/** What came of one POST: the status (none when the receiver never answered) or what went wrong, and how long it took. */
export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  resolver?: Resolver;
}

/** How much of a receiver's answer is read (and thrown away) before the connection is closed. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs `body` to `url`, signed with `secret`. The host is resolved and
 * checked here, on every delivery, and the connection goes to the address
 * that was checked (the socket's lookup is pinned to it), so a name that
 * starts resolving elsewhere cannot redirect a delivery into the private
 * network. A redirect is not followed (a 3xx is a failure like any non-2xx);
 * the whole exchange, the name's lookup included, must finish within `timeoutMs`.
 */
export async function sendWebhook(url: string, secret: string, body: string, { timeoutMs, allowPrivate, resolver }: SendOptions): Promise<SendResult> {
  const started = Date.now();
  const done = (statusCode: number | null, error: string | null): SendResult => ({
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
    statusCode,
    error,
    durationMs: Date.now() - started,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return done(null, 'The URL is not valid');
  }
  const noAnswer = () => done(null, `No answer within ${timeoutMs / 1000} s`);
  let resolved: { address: string; family: 4 | 6 } | undefined;
  try {
    resolved = await orWhenLate(resolveWebhookAddress(target.hostname, { allowPrivate, resolver }), timeoutMs, () => undefined);
  } catch (error) {
    return done(null, error instanceof WebhookAddressError ? error.message : 'The host could not be resolved');
  }
  if (!resolved) return noAnswer();
  const pinned = resolved;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = transport.request(
      target,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Stockroom-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, body),
        },
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const status = response.statusCode ?? null;
        response.on('end', () => finish(done(status, status !== null && status >= 300 ? `The receiver answered ${status}` : null)));
        response.on('close', () => finish(done(status, status !== null && status >= 300 ? `The receiver answered ${status}` : null)));
        response.on('error', () => finish(done(status, `The receiver answered ${status}`)));
      },
    );
    const timer = setTimeout(
      () => {
        finish(noAnswer());
        request.destroy();
      },
      Math.max(0, started + timeoutMs - Date.now()),
    );
    request.on('error', (error: NodeJS.ErrnoException) => finish(done(null, connectionErrorOf(error))));
    request.end(body);
  });
}

function connectionErrorOf(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'The connection was refused';
    case 'ECONNRESET':
      return 'The connection was reset';
    case 'ETIMEDOUT':
      return 'The connection timed out';
    default:
      return error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT') ? `TLS failed: ${error.message}` : `The request failed: ${error.code ?? error.message}`;
  }
}
