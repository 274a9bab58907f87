import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A receiver's check of a Stockroom webhook delivery. Each delivery carries
 * `Stockroom-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * keyed with the webhook's secret. Verify the raw bytes as received (a body
 * parsed and serialised again may differ), compare in constant time, and
 * refuse an old timestamp so a captured delivery cannot be replayed later.
 */
export interface VerifyWebhookOptions {
  /** How far the timestamp may be from now; 300 s (5 minutes) unless told. */
  toleranceSeconds?: number;
  /** Now, in unix seconds: for tests. */
  now?: number;
}

export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string,
  secret: string,
  { toleranceSeconds = 300, now = Date.now() / 1000 }: VerifyWebhookOptions = {},
): boolean {
  const fields = new Map(header.split(',').map((part): [string, string] => {
    const [name = '', ...value] = part.trim().split('=');
    return [name, value.join('=')];
  }));
  const timestamp = fields.get('t') ?? '';
  const signature = fields.get('v1') ?? '';
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > toleranceSeconds) return false;
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
}
