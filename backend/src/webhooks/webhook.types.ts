import { EVENT_TYPES, MAX_WEBHOOKS_PER_USER, WEBHOOK_URL_MAX_LENGTH } from '@stockroom/schema';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

/* Validation lives in webhook.service.ts (shared rules from @stockroom/schema), so REST and GraphQL answer alike. */

const eventNames = `One or more of ${EVENT_TYPES.join(', ')}`;

@ObjectType('Webhook', { description: `A URL that gets a signed POST for each event it subscribes to (at most ${MAX_WEBHOOKS_PER_USER}); its secret is shown once, when it is created` })
export class WebhookView {
  @Field(() => ID) id!: string;
  @Field() url!: string;
  @Field(() => [String], { description: eventNames }) events!: string[];
  @Field({ description: 'Off: nothing is sent (the owner turned it off, or it failed for 24 hours)' }) enabled!: boolean;
  @Field(() => Date, { nullable: true, description: 'Since when deliveries have been failing; null while they succeed' }) failingSince!: Date | null;
  @Field(() => String, { nullable: true, description: 'Why the server turned it off, if it did' }) disabledReason!: string | null;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@ObjectType('WebhookDelivery', { description: 'One attempt at a delivery, newest first in the log (the last 100)' })
export class WebhookDeliveryView {
  @Field(() => ID) id!: string;
  @Field(() => ID, { description: 'The event delivered; a test event has an id of its own' }) eventId!: string;
  @Field({ description: 'The event type, or webhook.test' }) eventType!: string;
  @Field(() => Int, { description: '1 for the first attempt of a delivery, then each retry' }) attempt!: number;
  @Field(() => Int, { nullable: true, description: "The receiver's HTTP status; null when it never answered" }) statusCode!: number | null;
  @Field(() => String, { nullable: true, description: 'What went wrong; null on success' }) error!: string | null;
  @Field(() => Int) durationMs!: number;
  @Field() createdAt!: Date;
}

@InputType()
export class CreateWebhookInput {
  @Field({ description: `https URL of a public host, at most ${WEBHOOK_URL_MAX_LENGTH} characters` }) url!: string;
  @Field(() => [String], { description: eventNames }) events!: string[];
}

@InputType()
export class UpdateWebhookInput {
  @Field({ nullable: true }) url?: string;
  @Field(() => [String], { nullable: true, description: eventNames }) events?: string[];
  @Field({ nullable: true, description: 'Turning it on again forgets a past run of failures' }) enabled?: boolean;
}

@ObjectType()
export class CreatedWebhookPayload {
  @Field({ description: 'The signing secret: shown this once' }) secret!: string;
  @Field(() => WebhookView) webhook!: WebhookView;
}
