import { Router, type Request } from 'express';
import { WebhookMessages } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { readBody } from '../rest/body';
import type { WebhookDelivery } from './webhook-delivery.entity';
import type { Webhook } from './webhook.entity';
import { webhookService } from './webhook.service';

type ContextOf = (req: Request) => RequestContext;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The REST shape of a webhook: exactly the GraphQL `Webhook` fields (never the secret). */
export function toWebhookJson(webhook: Webhook) {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    enabled: webhook.enabled,
    failingSince: iso(webhook.failingSince),
    disabledReason: webhook.disabledReason ?? null,
    createdAt: webhook.createdAt.toISOString(),
    updatedAt: webhook.updatedAt.toISOString(),
  };
}

export function toDeliveryJson(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    attempt: delivery.attempt,
    statusCode: delivery.statusCode ?? null,
    error: delivery.error ?? null,
    durationMs: delivery.durationMs,
    createdAt: delivery.createdAt.toISOString(),
  };
}

/** REST adapter over webhookService, mounted at /api/users: the signed-in user's webhooks (sessions only). */
export function webhookRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/users/profile/webhooks (signed in): { webhooks }, newest first */
  router.get('/profile/webhooks', async (req, res) => {
    const webhooks = await webhookService.list(contextOf(req));
    res.json({ webhooks: webhooks.map(toWebhookJson) });
  });

  /** POST /api/users/profile/webhooks { url, events } (signed in): 201 { webhook, secret }; the secret is shown only here */
  router.post('/profile/webhooks', async (req, res) => {
    const { webhook, secret } = await webhookService.create(contextOf(req), readBody(req, ['url', 'events'] as const));
    res.status(201).json({ webhook: toWebhookJson(webhook), secret });
  });

  /** PATCH /api/users/profile/webhooks/{id} { url?, events?, enabled? } (signed in, own webhooks): { webhook } */
  router.patch('/profile/webhooks/:id', async (req, res) => {
    const webhook = await webhookService.update(contextOf(req), req.params.id, readBody(req, ['url', 'events', 'enabled'] as const));
    res.json({ webhook: toWebhookJson(webhook) });
  });

  /** DELETE /api/users/profile/webhooks/{id} (signed in, own webhooks): { message, id } */
  router.delete('/profile/webhooks/:id', async (req, res) => {
    const id = await webhookService.remove(contextOf(req), req.params.id);
    res.json({ message: WebhookMessages.deleted, id });
  });

  /** GET /api/users/profile/webhooks/{id}/deliveries (signed in, own webhooks): { deliveries }, newest first, the last 100 */
  router.get('/profile/webhooks/:id/deliveries', async (req, res) => {
    const deliveries = await webhookService.deliveries(contextOf(req), req.params.id);
    res.json({ deliveries: deliveries.map(toDeliveryJson) });
  });

  /** POST /api/users/profile/webhooks/{id}/test (signed in, own webhooks): 202 { message, id } once the test delivery is queued */
  router.post('/profile/webhooks/:id/test', async (req, res) => {
    const id = await webhookService.sendTest(contextOf(req), req.params.id);
    res.status(202).json({ message: WebhookMessages.testSent, id });
  });

  /** POST /api/users/profile/webhooks/deliveries/{id}/redeliver (signed in, own webhooks): 202 { message, id } */
  router.post('/profile/webhooks/deliveries/:id/redeliver', async (req, res) => {
    const id = await webhookService.redeliver(contextOf(req), req.params.id);
    res.status(202).json({ message: WebhookMessages.redelivered, id });
  });

  return router;
}
