import { Entity, Enum, Index, ManyToOne, OptionalProps, Property } from '@mikro-orm/core';
import { WORKSPACE_ROLES, type WorkspaceRole } from '@stockroom/schema';
import { User } from './user.entity';
import { Workspace } from './workspace.entity';

/** A member of a workspace, with the role that says what they may do there (schema/src/workspace-roles.ts). */
@Entity({ tableName: 'workspace_members' })
export class WorkspaceMember {
  [OptionalProps]?: 'joinedAt';

  @ManyToOne(() => Workspace, { primary: true, deleteRule: 'cascade' })
  workspace!: Workspace;

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  @Index()
  user!: User;

  @Enum({ items: [...WORKSPACE_ROLES] })
  role!: WorkspaceRole;

  @Property({ defaultRaw: 'now()' })
  joinedAt: Date = new Date();
}
