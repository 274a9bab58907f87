import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../account/context';
import { webhookService } from './webhook.service';
import { CreatedWebhookPayload, CreateWebhookInput, UpdateWebhookInput, WebhookDeliveryView, WebhookView } from './webhook.types';

/** GraphQL adapter over webhookService: the signed-in user's webhooks (sessions only, never a token). */
@Resolver()
export class WebhookResolver {
  @Query(() => [WebhookView], { description: "The signed-in user's webhooks, newest first" })
  webhooks(@Ctx() ctx: RequestContext) {
    return webhookService.list(ctx);
  }

  @Query(() => [WebhookDeliveryView], { description: "One of your webhooks' delivery log, newest first (the last 100 attempts)" })
  webhookDeliveries(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return webhookService.deliveries(ctx, id);
  }

  @Mutation(() => CreatedWebhookPayload, { description: 'Creates a webhook; the answer is the only time its signing secret is shown' })
  createWebhook(@Arg('input') input: CreateWebhookInput, @Ctx() ctx: RequestContext) {
    return webhookService.create(ctx, input);
  }

  @Mutation(() => WebhookView, { description: 'Changes the URL, the events or whether the webhook is on' })
  updateWebhook(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateWebhookInput, @Ctx() ctx: RequestContext) {
    return webhookService.update(ctx, id, input);
  }

  @Mutation(() => ID, { description: 'Deletes one of your webhooks with its delivery log' })
  deleteWebhook(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return webhookService.remove(ctx, id);
  }

  @Mutation(() => ID, { description: 'Sends a webhook.test event to one of your webhooks; it shows in the delivery log once sent. Answers the webhook id' })
  sendTestWebhook(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return webhookService.sendTest(ctx, id);
  }

  @Mutation(() => ID, { description: 'Sends a logged delivery again, as a new delivery. Answers the webhook id' })
  redeliverWebhook(@Arg('deliveryId', () => ID) deliveryId: string, @Ctx() ctx: RequestContext) {
    return webhookService.redeliver(ctx, deliveryId);
  }
}
