import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Webhook } from './webhook.entity';

/**
 * One attempt at delivering an event to a webhook, for its delivery log (the
 * newest 100 are kept). Attempts of one delivery share `deliveryId`; the
 * body is kept so the delivery can be sent again.
 */
@Entity({ tableName: 'webhook_deliveries' })
@Index({ name: 'webhook_deliveries_webhook_recent_idx', properties: ['webhook', 'createdAt', 'id'] })
export class WebhookDelivery {
  [OptionalProps]?: 'statusCode' | 'error' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Webhook, { deleteRule: 'cascade' })
  webhook!: Webhook;

  @Property({ type: 'uuid' })
  deliveryId!: string;

  @Property({ type: 'uuid' })
  eventId!: string;

  @Property({ length: 32 })
  eventType!: string;

  /** The JSON body as sent. */
  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'integer' })
  attempt!: number;

  /** The receiver's status; null when none came (timeout, refused connection, refused address). */
  @Property({ type: 'integer', nullable: true })
  statusCode?: number | null;

  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Property({ type: 'integer' })
  durationMs!: number;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
