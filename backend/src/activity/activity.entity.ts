import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Rules } from '@stockroom/schema';
import { User } from '../account/user.entity';
import { Workspace } from '../account/workspace.entity';

/** What a user did, as the dashboard's recent activity names it; in the order the migrations added them, as the check constraint lists them. */
export const ACTIVITY_KINDS = [
  'account_created',
  'signed_in',
  'product_created',
  'product_updated',
  'product_deleted',
  'stock_adjusted',
  'profile_updated',
  'password_changed',
  'stock_low',
  'stock_out',
  'product_restored',
  'products_imported',
  'stock_moved',
  'totp_enabled',
  'totp_disabled',
  'recovery_codes_created',
  'recovery_code_used',
  'sso_linked',
  'sso_unlinked',
  'passkey_added',
  'passkey_removed',
  'second_factor_policy_changed',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * One row per thing a user did, behind the dashboard's recent activity. A
 * product write's entries are written by the triggers on products in the
 * write's own transaction (db/triggers/product-history.sql), others with
 * activity-log.ts, so neither exists without the other. A product's
 * name is copied in, so a deleted product's entry still reads well.
 */
@Entity({ tableName: 'activity_log' })
@Index({ name: 'activity_log_workspace_recent_idx', expression: 'create index "activity_log_workspace_recent_idx" on "activity_log" ("workspace_id", "created_at" desc, "id" desc)' })
@Index({ name: 'activity_log_user_recent_idx', expression: 'create index "activity_log_user_recent_idx" on "activity_log" ("user_id", "created_at" desc, "id" desc)' })
export class ActivityEntry {
  [OptionalProps]?: 'subjectId' | 'subject' | 'details' | 'createdAt';

  /** Increasing, so entries written in one transaction (same `created_at`) still sort in order. */
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  /** The workspace it happened in; an account's own entries (sign-in, profile) are in its personal workspace. */
  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  workspace!: Workspace;

  /** The member who acted. */
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  /** A check constraint holds it to ACTIVITY_KINDS; a new kind needs a migration. */
  @Enum({ items: [...ACTIVITY_KINDS] })
  kind!: ActivityKind;

  /** The product concerned, if any (no foreign key: the entry outlives a deleted product). */
  @Property({ type: 'uuid', nullable: true })
  subjectId?: string | null;

  /** The product's name when it happened. */
  @Property({ length: Rules.productName.max, nullable: true })
  subject?: string | null;

  /** What changed, e.g. `{ fields: ['price'] }` or `{ delta: -3, quantity: 12 }`. */
  @Property({ type: 'json', defaultRaw: "'{}'" })
  details!: Record<string, unknown>;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
