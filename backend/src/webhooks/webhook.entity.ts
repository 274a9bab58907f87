import { ArrayType, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { WEBHOOK_URL_MAX_LENGTH, type EventType } from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import { Workspace } from '../account/workspace.entity';

/**
 * A user's webhook: where each event it subscribes to is POSTed, signed with
 * its secret. The secret is kept as it is (every delivery is signed with it;
 * a hash could not sign), hidden from every answer after the one that made it.
 */
@Entity({ tableName: 'webhooks' })
export class Webhook {
  [OptionalProps]?: 'enabled' | 'failingSince' | 'disabledReason' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  @Index()
  workspace!: Workspace;

  @Property({ length: WEBHOOK_URL_MAX_LENGTH })
  url!: string;

  @Property({ type: ArrayType })
  events!: EventType[];

  /** The HMAC key of the signatures; never in an answer after creation. */
  @Property({ length: 100, hidden: true })
  secret!: string;

  @Property({ default: true })
  enabled: boolean = true;

  /** When the deliveries started failing without a success since; null while they succeed. */
  @Property({ type: 'datetime', nullable: true })
  failingSince?: Date | null;

  /** Set when the server turned the webhook off (failing too long); cleared when its owner turns it on. */
  @Property({ type: 'text', nullable: true })
  disabledReason?: string | null;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
