import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { EVENT_TYPES, type EventType } from '@stockroom/schema';
import { Workspace } from '../account/workspace.entity';

/**
 * The outbox: an event waiting to be handed to its subscribers. The
 * database's triggers on `products` write it in the transaction of the change
 * itself (see the migration that made this table), so a change never commits
 * without its event and a change that rolls back leaves none. The relay
 * deletes each row in the transaction that queues it for the subscribers, so
 * the table only holds what is still on its way.
 */
@Entity({ tableName: 'events' })
@Index({ name: 'events_created_idx', properties: ['createdAt', 'id'] })
export class OutboxEvent {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  /** The owner of the product: whose webhooks and notifications hear of it. */
  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  @Index()
  workspace!: Workspace;

  /** A check constraint holds it to EVENT_TYPES; a new type needs a migration. */
  @Enum({ items: [...EVENT_TYPES] })
  type!: EventType;

  /** The product's row as the change left it; the relay shows it as the API does (PRODUCT_COLUMNS of product-record/product-columns.ts). */
  @Property({ type: 'json' })
  product!: Record<string, unknown>;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
