import { EVENT_TYPES } from './events';
import { validateField, type FieldErrors, type TextRule } from './validation';

/**
 * Webhooks: a URL of the user's that gets a signed POST for each event it
 * subscribes to. The URL must be https (the server may allow http to private
 * addresses for development) and reach a public address.
 */

export const MAX_WEBHOOKS_PER_USER = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** How many deliveries each webhook's log keeps, newest first. */
export const WEBHOOK_DELIVERY_LOG_LENGTH = 100;
/** The header each delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Stockroom-Signature';

export const WebhookMessages = {
  tooMany: `You can have at most ${MAX_WEBHOOKS_PER_USER} webhooks. Delete one you no longer need first`,
  urlTooLong: `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  urlInvalid: 'URL must be a full web address, such as https://example.com/hooks/stockroom',
  urlHttpsOnly: 'URL must start with https://',
  urlCredentials: 'URL must not contain a user name or password',
  hostUnresolved: (host: string) => `The host ${host} could not be resolved`,
  /** Never the address a refused host resolves to: the answer would map the server's own network to whoever asks. */
  hostNotPublic: (host: string) => `The host ${host} does not resolve to a public address: webhooks go to public addresses only`,
  /** The same where the operator allows private addresses (WEBHOOK_ALLOW_PRIVATE=true). */
  hostNotPublicOrPrivate: (host: string) =>
    `The host ${host} does not resolve to a public, private or loopback address: webhooks go to public, private or loopback addresses here`,
  eventsRequired: 'Choose at least one event',
  eventsInvalid: `Events must be among ${EVENT_TYPES.join(', ')}`,
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  created: 'Webhook created',
  deleted: 'Webhook deleted',
  testSent: 'Test event sent: it shows in the delivery log once it is delivered',
  redelivered: 'Delivery sent again',
  shownOnce: 'Copy the signing secret now: it is shown only once.',
  /** Why a webhook was turned off by the server rather than its owner. */
  disabledForFailing: 'Turned off after failing for 24 hours',
} as const;

export const WebhookFields = {
  url: { kind: 'text', label: 'URL', required: true, min: 1, max: WEBHOOK_URL_MAX_LENGTH } satisfies TextRule,
};

export interface WebhookInput {
  url?: unknown;
  events?: unknown;
}

/**
 * The checks a URL passes before the server looks up its host: a full http(s)
 * URL, at most 2,000 characters, without credentials. `allowHttp` is the
 * server's setting for development; the profile form checks https.
 */
export function validateWebhookUrl(url: unknown, allowHttp = false): string | undefined {
  if (typeof url === 'string' && url.trim().length > WEBHOOK_URL_MAX_LENGTH) return WebhookMessages.urlTooLong;
  const basic = validateField(WebhookFields.url, typeof url === 'string' ? url.trim() : url);
  if (basic) return basic;
  let parsed: URL;
  try {
    parsed = new URL((url as string).trim());
  } catch {
    return WebhookMessages.urlInvalid;
  }
  if (parsed.protocol !== 'https:' && !(allowHttp && parsed.protocol === 'http:')) return parsed.protocol === 'http:' ? WebhookMessages.urlHttpsOnly : WebhookMessages.urlInvalid;
  if (parsed.username || parsed.password) return WebhookMessages.urlCredentials;
  if (!parsed.hostname) return WebhookMessages.urlInvalid;
  return undefined;
}

/** Every field of a webhook that fails its rule; `partial` checks only the fields present (an update). */
export function validateWebhookInput(input: WebhookInput, { allowHttp = false, partial = false } = {}): FieldErrors {
  const errors: FieldErrors = {};
  if (!partial || input.url !== undefined) {
    const url = validateWebhookUrl(input.url, allowHttp);
    if (url) errors.url = url;
  }
  if (!partial || input.events !== undefined) {
    const { events } = input;
    if (!Array.isArray(events) || events.length === 0) errors.events = Array.isArray(events) || events == null ? WebhookMessages.eventsRequired : WebhookMessages.eventsInvalid;
    else if (!events.every((event) => (EVENT_TYPES as readonly unknown[]).includes(event))) errors.events = WebhookMessages.eventsInvalid;
  }
  return errors;
}
