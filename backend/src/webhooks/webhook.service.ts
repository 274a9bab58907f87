import { MAX_WEBHOOKS_PER_USER, WEBHOOK_DELIVERY_LOG_LENGTH, validateWebhookInput, type EventType, type WebhookInput } from '@stockroom/schema';
import { randomBytes } from 'node:crypto';
import type { RequestContext } from '../account/context';
import { MailKind, recipientWithinCap } from '../account/mail-limits';
import { assertRecentProof } from '../account/step-up';
import { requireViewer } from '../account/viewer';
import { requireMember } from '../account/workspace-access';
import { assertValid, canonicalId, ValidationError } from '../common/errors';
import { runStatement } from '../db/sql';
import { profileLink } from '../mail/client-links';
import { webhookCreatedMail } from '../mail/templates';
import { resolveWebhookAddress, WebhookAddressError } from './webhook-address';
import { queueManualDelivery, webhookBodyOf } from './webhook-delivery-queue';
import { WebhookDelivery } from './webhook-delivery.entity';
import { TooManyWebhooksError, WebhookDeliveryNotFoundError, WebhookNotFoundError } from './webhook.errors';
import { Webhook } from './webhook.entity';
import { lockWorkspaceWebhooksStatement } from './webhook.queries';
import { sampleProduct } from './webhook-sample';

/** A new webhook and its signing secret, shown this once. */
export interface CreatedWebhook {
  webhook: Webhook;
  secret: string;
}

export interface WebhookUpdate extends WebhookInput {
  enabled?: unknown;
}

/** Each event once, in the order the events are listed, whatever order and repeats a client sent. */
const eventsOf = (events: unknown[]) => [...new Set(events as EventType[])];

/** 32 random bytes, hex, after a prefix that says what the secret is. */
const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

/**
 * The URL's host must resolve to an address a webhook may reach. Checked when
 * the URL is saved, and again on every delivery (the name may change).
 */
async function assertReachable(ctx: RequestContext, url: string): Promise<void> {
  try {
    await resolveWebhookAddress(new URL(url).hostname, { allowPrivate: ctx.config.webhookAllowPrivate });
  } catch (error) {
    if (error instanceof WebhookAddressError) throw new ValidationError({ url: error.message });
    throw error;
  }
}

async function ownWebhook(ctx: RequestContext, rawId: unknown, workspaceId: string): Promise<Webhook> {
  const webhook = await ctx.em.findOne(Webhook, { id: canonicalId(rawId), workspace: workspaceId });
  if (!webhook) throw new WebhookNotFoundError();
  return webhook;
}

/*
 * Webhooks belong to a workspace, and every method needs a session and a
 * role that manages its settings (requireMember): a personal access token can
 * neither see nor change webhooks, so a leaked token cannot send the
 * catalogue somewhere new.
 */
export const webhookService = {
  /** The caller's webhooks, newest first. */
  async list(ctx: RequestContext): Promise<Webhook[]> {
    const { workspaceId } = await requireMember(ctx, 'manageSettings');
    return ctx.em.find(Webhook, { workspace: workspaceId }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  },

  /**
   * Adds a webhook: an https URL reaching a public address (http and private
   * addresses too where WEBHOOK_ALLOW_PRIVATE allows them) and the events it
   * gets. Its secret is in this answer only. At most MAX_WEBHOOKS_PER_USER,
   * counted under a per-account lock so two creations cannot both take the last place.
   * The account's owner is mailed the URL's host (within the address's hourly
   * cap), so a webhook added with a stolen session does not go unnoticed.
   */
  async create(ctx: RequestContext, input: WebhookInput): Promise<CreatedWebhook> {
    const { workspaceId } = await requireMember(ctx, 'manageSettings');
    const { user, session } = await requireViewer(ctx);
    assertValid(validateWebhookInput(input, { allowHttp: ctx.config.webhookAllowPrivate }));
    assertRecentProof(session);
    const url = String(input.url).trim();
    await assertReachable(ctx, url);
    const secret = newSecret();
    const webhook = await ctx.em.transactional(async (em) => {
      await runStatement(em, lockWorkspaceWebhooksStatement(workspaceId));
      if ((await em.count(Webhook, { workspace: workspaceId })) >= MAX_WEBHOOKS_PER_USER) throw new TooManyWebhooksError();
      const created = em.create(Webhook, { workspace: workspaceId, url, events: eventsOf(input.events as unknown[]), secret, createdAt: new Date(), updatedAt: new Date() });
      await em.flush();
      return created;
    });
    if (await recipientWithinCap(ctx, MailKind.WebhookCreated, user.email)) {
      await ctx.mailer.send(webhookCreatedMail(user.email, user.firstName, new URL(url).host, profileLink(ctx.config.appUrl)));
    }
    return { webhook, secret };
  },

  /** Changes the URL, the events or whether it is on; turning it on again forgets a past run of failures. */
  async update(ctx: RequestContext, rawId: unknown, input: WebhookUpdate): Promise<Webhook> {
    const { workspaceId } = await requireMember(ctx, 'manageSettings');
    const errors = validateWebhookInput(input, { allowHttp: ctx.config.webhookAllowPrivate, partial: true });
    if (input.enabled !== undefined && typeof input.enabled !== 'boolean') errors.enabled = 'Enabled must be true or false';
    assertValid(errors);
    const webhook = await ownWebhook(ctx, rawId, workspaceId);
    if (input.url !== undefined) {
      const url = String(input.url).trim();
      await assertReachable(ctx, url);
      webhook.url = url;
    }
    if (input.events !== undefined) webhook.events = eventsOf(input.events as unknown[]);
    if (input.enabled !== undefined) {
      if (input.enabled && !webhook.enabled) {
        webhook.failingSince = null;
        webhook.disabledReason = null;
      }
      webhook.enabled = input.enabled as boolean;
    }
    await ctx.em.flush();
    return webhook;
  },

  /** Deletes one of the caller's webhooks with its log; deliveries still queued for it end quietly. */
  async remove(ctx: RequestContext, rawId: unknown): Promise<string> {
    const { workspaceId } = await requireMember(ctx, 'manageSettings');
    const id = canonicalId(rawId);
    const deleted = await ctx.em.nativeDelete(Webhook, { id, workspace: workspaceId });
    if (!deleted) throw new WebhookNotFoundError();
    return id;
  },

  /** A webhook's delivery log, newest first: at most the last WEBHOOK_DELIVERY_LOG_LENGTH attempts. */
  async deliveries(ctx: RequestContext, rawId: unknown): Promise<WebhookDelivery[]> {
    const { workspaceId } = await requireMember(ctx, 'manageSettings');
    const webhook = await ownWebhook(ctx, rawId, workspaceId);
    return ctx.em.find(WebhookDelivery, { webhook }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: WEBHOOK_DELIVERY_LOG_LENGTH });
  },

  /** Queues a `webhook.test` delivery with a made-up product, whether or not the webhook is on; it shows in the log once sent. */
  async sendTest(ctx: RequestContext, rawId: unknown): Promise<string> {
    const { user, workspaceId } = await requireMember(ctx, 'manageSettings');
    const webhook = await ownWebhook(ctx, rawId, workspaceId);
    const event = { id: crypto.randomUUID(), type: 'webhook.test' as EventType, createdAt: new Date().toISOString(), data: { product: sampleProduct(user.id) } };
    await queueManualDelivery(ctx.jobs, { webhookId: webhook.id, eventId: event.id, eventType: 'webhook.test', body: webhookBodyOf(event) });
    return webhook.id;
  },

  /** Sends the body of a logged delivery again, as a new delivery (attempt 1). */
  async redeliver(ctx: RequestContext, rawDeliveryId: unknown): Promise<string> {
    const { workspaceId } = await requireMember(ctx, 'manageSettings');
    const delivery = await ctx.em.findOne(WebhookDelivery, { id: canonicalId(rawDeliveryId), webhook: { workspace: workspaceId } });
    if (!delivery) throw new WebhookDeliveryNotFoundError();
    await queueManualDelivery(ctx.jobs, { webhookId: delivery.webhook.id, eventId: delivery.eventId, eventType: delivery.eventType, body: delivery.body });
    return delivery.webhook.id;
  },
};
