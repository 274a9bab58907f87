import { Check, Entity, OneToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { WORKSPACE_NAME_MAX } from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/**
 * A workspace: one catalogue and everything about it (stock, imports,
 * exports, the trash, tokens, webhooks, settings, activity), shared by its
 * members. Every account has a personal one (`personalUser`), opened by the
 * trigger on `users` (db/triggers/personal-workspace.sql) and gone with the
 * account.
 */
@Entity({ tableName: 'workspaces' })
@Check({ name: 'workspaces_name_length_check', expression: 'char_length("name") >= 1' })
@Check({ name: 'workspaces_personal_check', expression: '"personal" = ("personal_user_id" is not null)' })
export class Workspace {
  [OptionalProps]?: 'personal' | 'personalUser' | 'requireSecondFactor' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ length: WORKSPACE_NAME_MAX })
  name!: string;

  @Property({ default: false })
  personal: boolean = false;

  /** The account whose personal workspace this is; null for a shared one. */
  @OneToOne(() => User, { nullable: true, deleteRule: 'cascade', owner: true })
  personalUser?: User | null;

  /** Members without a confirmed second factor may not act in it (see account/workspace-access.ts); owners turn it on. */
  @Property({ default: false })
  requireSecondFactor: boolean = false;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
