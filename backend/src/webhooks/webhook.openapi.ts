import { EVENT_TYPES, MAX_WEBHOOKS_PER_USER, WEBHOOK_DELIVERY_LOG_LENGTH, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_URL_MAX_LENGTH } from '@stockroom/schema';
import { bearer, errorResponse, integer, jsonBody, jsonResponse, ref, string, unauthenticated } from '../rest/openapi-helpers';

const tags = ['Webhooks'];
const uuid = { ...string, format: 'uuid' } as const;
const dateTime = { ...string, format: 'date-time' } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;
const sessionsOnly = errorResponse('Access denied. Insufficient permissions: webhooks are managed with a signed-in session, never with a token');
const notFound = errorResponse('Webhook not found (also for another user’s webhook)');
const events = { type: 'array', minItems: 1, items: { enum: [...EVENT_TYPES] } };
const url = { ...string, minLength: 1, maxLength: WEBHOOK_URL_MAX_LENGTH, format: 'uri', description: 'https, to a host that resolves to public addresses only' };
const idParam = [{ name: 'id', in: 'path', required: true, schema: uuid }];
const queued = jsonResponse('Queued', { type: 'object', required: ['message', 'id'], properties: { message: string, id: { ...uuid, description: 'The webhook' } } });

/** What a receiver is told, in the document: the body, the signature and a verification it can copy. */
const DELIVERIES = `Each event a webhook subscribes to is POSTed to its URL as JSON: \`{ "id", "type", "createdAt", "data": { "product" } }\`, the product as this API shows it (a test event has the type \`webhook.test\`). Answer with a 2xx within 10 seconds; anything else (a redirect too: none is followed) is retried with a doubling delay (30 s, 1 min, 2 min... at most 2 hours apart) for 24 hours, after which the webhook is turned off and its owner emailed. An event may arrive more than once or out of order: its \`id\` tells repeats apart. \`product.deleted\` is a move to the trash (\`product.restored\` undoes it); \`stock.low\` and \`stock.out\` come once each time a product crosses into that state. A webhook hears of every change made while it is enabled, whatever made it: an import of 10,000 new products sends 10,000 \`product.created\`.

Every delivery carries \`${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook's secret>\`. Verify it on the raw body, before parsing it (in Node, \`verifyWebhookSignature(rawBody, header, secret)\` from \`@stockroom/schema/webhooks\`, the typed client package, does it; the function below is the same check in a few lines):

\`\`\`js
const { createHmac, timingSafeEqual } = require('node:crypto');

function verify(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
\`\`\``;

export const webhookOpenApiSchemas = {
  Webhook: {
    type: 'object',
    required: ['id', 'url', 'events', 'enabled', 'failingSince', 'disabledReason', 'createdAt', 'updatedAt'],
    properties: {
      id: uuid,
      url: string,
      events: { ...events, uniqueItems: true },
      enabled: { type: 'boolean', description: 'Off: nothing is sent (its owner turned it off, or it failed for 24 hours)' },
      failingSince: { ...nullableDateTime, description: 'Since when deliveries have been failing; null while they succeed' },
      disabledReason: { type: ['string', 'null'], description: 'Why the server turned it off, if it did' },
      createdAt: dateTime,
      updatedAt: dateTime,
    },
  },
  WebhookDelivery: {
    type: 'object',
    required: ['id', 'eventId', 'eventType', 'attempt', 'statusCode', 'error', 'durationMs', 'createdAt'],
    properties: {
      id: uuid,
      eventId: uuid,
      eventType: { ...string, description: 'The event type, or webhook.test' },
      attempt: { ...integer, minimum: 1 },
      statusCode: { type: ['integer', 'null'], description: "The receiver's HTTP status; null when it never answered" },
      error: { type: ['string', 'null'] },
      durationMs: { ...integer, minimum: 0 },
      createdAt: dateTime,
    },
  },
};

export const webhookOpenApiPaths = {
  '/api/users/profile/webhooks': {
    get: {
      operationId: 'listWebhooks',
      tags,
      summary: "The signed-in user's webhooks, newest first",
      description: DELIVERIES,
      security: bearer,
      responses: {
        200: jsonResponse('The webhooks', { type: 'object', required: ['webhooks'], properties: { webhooks: { type: 'array', items: ref('Webhook') } } }),
        401: unauthenticated,
        403: sessionsOnly,
      },
    },
    post: {
      operationId: 'createWebhook',
      tags,
      summary: `Creates a webhook (at most ${MAX_WEBHOOKS_PER_USER}); the answer is the only time its signing secret is shown`,
      description: DELIVERIES,
      security: bearer,
      requestBody: jsonBody({ type: 'object', additionalProperties: false, required: ['url', 'events'], properties: { url, events: { ...events, description: 'An event named twice counts once' } } }),
      responses: {
        201: jsonResponse('Created', { type: 'object', required: ['webhook', 'secret'], properties: { webhook: ref('Webhook'), secret: { ...string, description: 'Shown this once' } } }),
        400: errorResponse('A field failed its rule: a URL that is not https, too long, or reaching a private address; an unknown event'),
        401: unauthenticated,
        403: sessionsOnly,
        409: errorResponse(`The account already has ${MAX_WEBHOOKS_PER_USER} webhooks`),
      },
    },
  },
  '/api/users/profile/webhooks/{id}': {
    patch: {
      operationId: 'updateWebhook',
      tags,
      summary: 'Changes the URL, the events or whether the webhook is on (turning it on again forgets a past run of failures)',
      security: bearer,
      parameters: idParam,
      requestBody: jsonBody({ type: 'object', additionalProperties: false, properties: { url, events, enabled: { type: 'boolean' } } }),
      responses: {
        200: jsonResponse('Changed', { type: 'object', required: ['webhook'], properties: { webhook: ref('Webhook') } }),
        400: errorResponse('Invalid ID format, or a field failed its rule'),
        401: unauthenticated,
        403: sessionsOnly,
        404: notFound,
      },
    },
    delete: {
      operationId: 'deleteWebhook',
      tags,
      summary: 'Deletes one of your webhooks with its delivery log',
      security: bearer,
      parameters: idParam,
      responses: {
        200: jsonResponse('Deleted', { type: 'object', required: ['message', 'id'], properties: { message: string, id: uuid } }),
        400: errorResponse('Invalid ID format'),
        401: unauthenticated,
        403: sessionsOnly,
        404: notFound,
      },
    },
  },
  '/api/users/profile/webhooks/{id}/deliveries': {
    get: {
      operationId: 'listWebhookDeliveries',
      tags,
      summary: `A webhook's delivery log, newest first: the last ${WEBHOOK_DELIVERY_LOG_LENGTH} attempts`,
      security: bearer,
      parameters: idParam,
      responses: {
        200: jsonResponse('The log', { type: 'object', required: ['deliveries'], properties: { deliveries: { type: 'array', items: ref('WebhookDelivery') } } }),
        400: errorResponse('Invalid ID format'),
        401: unauthenticated,
        403: sessionsOnly,
        404: notFound,
      },
    },
  },
  '/api/users/profile/webhooks/{id}/test': {
    post: {
      operationId: 'sendTestWebhook',
      tags,
      summary: 'Sends a webhook.test event (a made-up product) once, whether or not the webhook is on; it shows in the log once sent',
      security: bearer,
      parameters: idParam,
      responses: { 202: queued, 400: errorResponse('Invalid ID format'), 401: unauthenticated, 403: sessionsOnly, 404: notFound },
    },
  },
  '/api/users/profile/webhooks/deliveries/{id}/redeliver': {
    post: {
      operationId: 'redeliverWebhook',
      tags,
      summary: 'Sends the body of a logged delivery again, once, as a new delivery',
      security: bearer,
      parameters: idParam,
      responses: { 202: queued, 400: errorResponse('Invalid ID format'), 401: unauthenticated, 403: sessionsOnly, 404: errorResponse('Delivery not found (also for another user’s)') },
    },
  },
};
