import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Rules } from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import { Workspace } from '../account/workspace.entity';

/** The two crossings a user may hear of, named as the stock statuses they enter. */
export const STOCK_ALERT_KINDS = ['LOW_STOCK', 'OUT_OF_STOCK'] as const;
export type StockAlertKind = (typeof STOCK_ALERT_KINDS)[number];

/**
 * One crossing of one product, kept for its owner's email: sent at once
 * (sent_at set when the email is queued) or waiting for the daily digest
 * (sent_at null until then). The event id is unique, so an event handed over
 * twice (the outbox delivers at least once) still makes one email. The
 * product is not a foreign key: a product purged meanwhile leaves the line,
 * and the digest skips it.
 */
@Entity({ tableName: 'stock_alerts' })
@Index({ name: 'stock_alerts_pending_idx', expression: 'create index "stock_alerts_pending_idx" on "stock_alerts" ("workspace_id", "occurred_at") where "sent_at" is null' })
export class StockAlert {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ length: 100, unique: true })
  eventId!: string;

  @ManyToOne(() => Workspace, { deleteRule: 'cascade', index: false })
  workspace!: Workspace;

  @Property({ type: 'uuid' })
  productId!: string;

  /** The name when the product crossed, for a digest line whose product has since been purged. */
  @Property({ length: Rules.productName.max })
  productName!: string;

  @Enum({ items: () => [...STOCK_ALERT_KINDS] })
  kind!: StockAlertKind;

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'datetime' })
  occurredAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date | null;
}
