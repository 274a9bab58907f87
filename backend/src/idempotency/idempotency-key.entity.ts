import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '@stockroom/schema';
import { User } from '../account/user.entity';
import { Workspace } from '../account/workspace.entity';

/**
 * An idempotency key a caller sent with a stock write in a workspace, kept
 * with a hash of the request and the answer it got, so the same request sent
 * again is answered without being written again. Written in the transaction
 * of the write itself: a write that fails keeps no key. Housekeeping removes
 * keys older than IDEMPOTENCY_KEY_RETENTION_HOURS; until then an older one
 * is taken as new (see idempotency.queries.ts). No index but the key: the
 * purge reads a day or so of keys across every workspace, and a user's
 * removal, which takes their keys, is rare.
 */
@Entity({ tableName: 'idempotency_keys' })
export class IdempotencyKey {
  [OptionalProps]?: 'answer' | 'createdAt';

  @ManyToOne(() => Workspace, { primary: true, deleteRule: 'cascade' })
  workspace!: Workspace;

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  @PrimaryKey({ length: IDEMPOTENCY_KEY_MAX_LENGTH })
  key!: string;

  /** SHA-256 (hex) of the request as the service read it: which operation, on what, with which values. */
  @Property({ length: 64 })
  requestHash!: string;

  /**
   * The answer the request got, as JSON text: jsonb would reorder its keys, and a repeat is answered with
   * the very body the first request got. Null only inside the transaction writing it, which no one else sees.
   */
  @Property({ type: 'text', nullable: true })
  answer?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;
}
