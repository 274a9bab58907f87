import { EVENT_TYPES, WebhookMessages } from '@stockroom/schema';
import { createHash, randomUUID } from 'node:crypto';
import type { AppConfig } from '../config/config';
import type { SqlPool } from '../db/sql';
import type { StockroomEvent } from '../events/event.types';
import type { EventOutbox } from '../events/event-outbox';
import type { JobQueue, QueueDefinition } from '../jobs/job-queue';
import type { MailOutbox } from '../mail/mail-outbox';
import { profileLink } from '../mail/client-links';
import { webhookDisabledMail } from '../mail/templates';
import { sendWebhook } from './webhook-sender';
import {
  attemptsStatement,
  deliveryTargetStatement,
  disableFailingStatement,
  logDeliveryStatement,
  markFailedStatement,
  markSucceededStatement,
  subscribedWebhooksStatement,
  webhookSubscriptionsStatement,
  type DeliveryTargetRow,
} from './webhook.queries';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

/** One delivery: its body goes to one webhook. Attempts of it share `deliveryId`. */
export interface DeliveryJob {
  webhookId: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  body: string;
  /** A test event or a redelivery asked for in the profile: one attempt, and it neither counts as failing nor clears a failure. */
  manual?: boolean;
}

/** The body a receiver gets: `{ id, type, createdAt, data: { product } }`. */
export const webhookBodyOf = (event: Pick<StockroomEvent, 'id' | 'type' | 'createdAt' | 'data'>) =>
  JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt, data: event.data });

/** The same id for the same event and webhook: a fan-out that runs again queues nothing twice. */
function deliveryIdOf(eventId: string, webhookId: string): string {
  const hex = createHash('sha256').update(`${eventId}:${webhookId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface WebhookDeliveryDeps {
  sql: SqlPool;
  mailer: MailOutbox;
  /** Where a failed delivery's next attempt is queued. */
  jobs: JobQueue;
  config: Pick<AppConfig, 'webhookAllowPrivate' | 'webhookTimeoutMs' | 'webhookFailureWindowMs' | 'webhookRetryDelaySeconds' | 'appUrl'>;
}

/** '24 hours', '30 minutes', '2 seconds': the failure window as the email says it. */
const durationText = (ms: number) =>
  ms >= 3_600_000 ? `${Math.round(ms / 3_600_000)} hours` : ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} seconds`;

/** The longest wait between two attempts of a delivery, once the doubling has grown that far. */
export const RETRY_DELAY_MAX_MS = 2 * 60 * 60_000;

/**
 * How long a delivery that has just failed its `attempt`th time waits for the next: the
 * retry delay, doubling with each attempt, at most RETRY_DELAY_MAX_MS, and never past
 * the end of the webhook's failure window (`windowLeftMs` from now), so the window
 * ends with an attempt, the one that turns a webhook still failing off.
 */
export function nextAttemptDelayMs(attempt: number, retryDelaySeconds: number, windowLeftMs: number): number {
  const doubled = retryDelaySeconds * 1000 * 2 ** Math.min(attempt - 1, 30);
  return Math.max(0, Math.min(doubled, RETRY_DELAY_MAX_MS, windowLeftMs));
}

/**
 * Sends one delivery and logs the attempt. After a failure (no answer in time, a
 * non-2xx, a refused address) the next attempt is queued (nextAttemptDelayMs);
 * once the webhook has been failing for the whole failure window, it is turned
 * off instead, its owner emailed, and nothing more is sent. The delays are
 * chosen here rather than by the queue's retries, whose doubling has no ceiling
 * and a random stretch of up to twice each delay: 12 of them would run for one
 * to three days, not the window.
 */
export async function deliver({ sql, mailer, jobs, config }: WebhookDeliveryDeps, job: DeliveryJob): Promise<void> {
  const [target] = await sql.query<DeliveryTargetRow>(deliveryTargetStatement(job.webhookId));
  // Deleted meanwhile, or turned off: its pending retries end quietly.
  if (!target || (!target.enabled && !job.manual)) return;
  const [{ attempts }] = await sql.query<{ attempts: number }>(attemptsStatement(job.deliveryId));
  const result = await sendWebhook(target.url, target.secret, job.body, { timeoutMs: config.webhookTimeoutMs, allowPrivate: config.webhookAllowPrivate });
  await sql.query(
    logDeliveryStatement({ ...job, attempt: attempts + 1, statusCode: result.statusCode, error: result.error, durationMs: result.durationMs }),
  );
  if (job.manual) return;
  if (result.ok) {
    await sql.query(markSucceededStatement(target.id));
    return;
  }
  const [failing] = await sql.query<{ failingSince: string | Date }>(markFailedStatement(target.id));
  if (!failing) return; // deleted meanwhile
  const windowLeftMs = new Date(failing.failingSince).getTime() + config.webhookFailureWindowMs - Date.now();
  if (windowLeftMs <= 0) {
    const [disabled] = await sql.query(disableFailingStatement(target.id, WebhookMessages.disabledForFailing));
    if (disabled) {
      await mailer.send(webhookDisabledMail(target.email, target.firstName, target.url, durationText(config.webhookFailureWindowMs), profileLink(config.appUrl)));
    }
    return;
  }
  const delayMs = nextAttemptDelayMs(attempts + 1, config.webhookRetryDelaySeconds, windowLeftMs);
  // Whole seconds, rounded up: the attempt at the window's end must come after it, not just before.
  await jobs.enqueue(WEBHOOK_DELIVERY_QUEUE, job, { afterSeconds: Math.ceil(delayMs / 1000) });
}

/**
 * The delivery queue. A receiver's failure queues the next attempt itself (see deliver); the queue's
 * own retries are for a job that could not run to its end (the database away while it logged).
 */
export function webhookDeliveryQueue(deps: WebhookDeliveryDeps): QueueDefinition {
  return {
    name: WEBHOOK_DELIVERY_QUEUE,
    retry: { retryLimit: 5, retryDelaySeconds: deps.config.webhookRetryDelaySeconds },
    handler: (job: DeliveryJob) => deliver(deps, job),
  };
}

/** Queues a delivery the profile asked for (a test event, a redelivery): one attempt, logged like any other. */
export function queueManualDelivery(jobs: JobQueue, delivery: Omit<DeliveryJob, 'deliveryId' | 'manual'>): Promise<void> {
  return jobs.enqueue(WEBHOOK_DELIVERY_QUEUE, { ...delivery, deliveryId: randomUUID(), manual: true } satisfies DeliveryJob);
}

/**
 * Subscribes the webhooks to every event: each event becomes one delivery for
 * each of the owner's webhooks that is on and subscribes to its type.
 */
export function subscribeWebhooks(events: EventOutbox, jobs: { enqueueMany(queue: string, jobs: Array<{ id: string; data: object }>): Promise<void> }, sql: SqlPool): void {
  // An import of 100,000 products makes as many events: only those of users with a webhook for them become jobs.
  const wants = async (batch: StockroomEvent[]) => {
    const rows = await sql.query<{ workspaceId: string; events: string[] }>(webhookSubscriptionsStatement([...new Set(batch.map((event) => event.workspaceId))]));
    const subscribed = new Set(rows.flatMap(({ workspaceId, events }) => events.map((type) => `${workspaceId} ${type}`)));
    return batch.filter((event) => subscribed.has(`${event.workspaceId} ${event.type}`));
  };
  events.onEvent('webhooks', EVENT_TYPES, async (event) => {
    const webhooks = await sql.query<{ id: string }>(subscribedWebhooksStatement(event.workspaceId, event.type));
    const body = webhookBodyOf(event);
    await jobs.enqueueMany(
      WEBHOOK_DELIVERY_QUEUE,
      webhooks.map(({ id }) => {
        const deliveryId = deliveryIdOf(event.id, id);
        return { id: deliveryId, data: { webhookId: id, deliveryId, eventId: event.id, eventType: event.type, body } satisfies DeliveryJob };
      }),
    );
  }, { wants });
}
