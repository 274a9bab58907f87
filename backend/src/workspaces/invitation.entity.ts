import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { EMAIL_MAX_LENGTH, WORKSPACE_ROLES, type WorkspaceRole } from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import { User } from '../account/user.entity';
import { Workspace } from '../account/workspace.entity';

/**
 * An invitation to join a workspace with a role, mailed to an address. Only
 * the SHA-256 of its link's token is stored. It is pending until accepted,
 * revoked or past `expiresAt`; a workspace has at most one pending
 * invitation per address (inviting the address again renews that one).
 */
@Entity({ tableName: 'workspace_invitations' })
@Index({
  name: 'workspace_invitations_pending_email_idx',
  expression:
    'create unique index "workspace_invitations_pending_email_idx" on "workspace_invitations" ("workspace_id", "email") where "accepted_at" is null and "revoked_at" is null',
})
export class WorkspaceInvitation {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Workspace, { deleteRule: 'cascade', index: false })
  workspace!: Workspace;

  /** Lower-cased, as account emails are compared. */
  @Property({ length: EMAIL_MAX_LENGTH })
  email!: string;

  @Enum({ items: [...WORKSPACE_ROLES] })
  role!: WorkspaceRole;

  @Property({ length: 64, unique: true, hidden: true })
  tokenHash!: string;

  /** Who sent it last; null once their account is gone. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  invitedBy?: User | null;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property()
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  acceptedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;
}
