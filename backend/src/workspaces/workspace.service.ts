import { isUuid, isWorkspaceRole, keepsAnOwner, validateFields, WorkspaceFields, WorkspaceMessages, type WorkspaceRole } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { requireViewerRows } from '../account/viewer';
import { assertRoleAllows, requireRoleIn, WorkspaceNotFoundError } from '../account/workspace-access';
import { logWorkspaceActivityStatement } from '../activity/activity-log';
import { assertValid, canonicalId, ValidationError } from '../common/errors';
import { enterWorkspace } from '../db/workspace-scope';
import { hasSecondFactorStatement } from '../account/second-factor-policy';
import { LastOwnerError, MemberNotFoundError, OwnerWithoutSecondFactorError, PersonalWorkspaceDeleteError, PersonalWorkspaceLeaveError } from './workspace.errors';
import {
  createWorkspaceStatement,
  deleteWorkspaceStatement,
  lockedWorkspaceStatement,
  memberRoleStatement,
  membersStatement,
  memberStatement,
  removeMemberStatement,
  renameWorkspaceStatement,
  setMemberRoleStatement,
  setRequireSecondFactorStatement,
  workspaceOfStatement,
  workspacesOfStatement,
  type MemberRow,
  type WorkspaceRow,
} from './workspace.queries';

export interface WorkspaceInput {
  name?: unknown;
}

export interface WorkspacePolicyInput {
  requireSecondFactor?: unknown;
}

export interface MemberRoleInput {
  role?: unknown;
}

/** A member as both transports answer: the row's time as a Date. */
export type Member = Omit<MemberRow, 'joinedAt'> & { joinedAt: Date };
const memberOf = (row: MemberRow): Member => ({ ...row, joinedAt: new Date(row.joinedAt) });

/** The name as stored: checked by the shared rule, trimmed. */
function nameOf(input: WorkspaceInput): string {
  assertValid(validateFields(WorkspaceFields, { name: input.name }));
  return String(input.name).trim();
}

function roleOf(input: MemberRoleInput): WorkspaceRole {
  if (!isWorkspaceRole(input.role)) throw new ValidationError({ role: WorkspaceMessages.roleInvalid });
  return input.role;
}

/** Only an owner changes or removes an owner, or makes someone one; an admin manages the other members. */
const permissionFor = (current: WorkspaceRole, next?: WorkspaceRole) => (current === 'OWNER' || next === 'OWNER' ? 'manageWorkspace' : 'manageMembers');

/*
 * Workspaces and their members. Every method needs a session: a personal
 * access token acts in its one workspace and never manages workspaces. The
 * workspace is the one the path names (not the X-Workspace-Id header); one
 * the caller is not a member of is 'Workspace not found'.
 */
export const workspaceService = {
  /** The caller's workspaces with their role in each: the personal one first, then by name. */
  async list(ctx: RequestContext): Promise<WorkspaceRow[]> {
    const { user } = await requireViewerRows(ctx);
    return ctx.sql.query<WorkspaceRow>(workspacesOfStatement(user.id));
  },

  /** One of the caller's workspaces. */
  async get(ctx: RequestContext, rawId: unknown): Promise<WorkspaceRow> {
    const { user, workspaceId } = await requireRoleIn(ctx, rawId, 'readProducts');
    const [row] = await ctx.sql.query<WorkspaceRow>(workspaceOfStatement(workspaceId, user.id));
    if (!row) throw new WorkspaceNotFoundError();
    return row;
  },

  /** A new shared workspace, with the caller as its owner. */
  async create(ctx: RequestContext, input: WorkspaceInput): Promise<WorkspaceRow> {
    const { user } = await requireViewerRows(ctx);
    const [row] = await ctx.sql.query<WorkspaceRow>(createWorkspaceStatement(nameOf(input), user.id));
    return row;
  },

  /** Renames a workspace (owners only; a personal workspace too). */
  async rename(ctx: RequestContext, rawId: unknown, input: WorkspaceInput): Promise<WorkspaceRow> {
    const { user, workspaceId } = await requireRoleIn(ctx, rawId, 'manageWorkspace');
    await ctx.sql.query(renameWorkspaceStatement(workspaceId, nameOf(input)));
    const [row] = await ctx.sql.query<WorkspaceRow>(workspaceOfStatement(workspaceId, user.id));
    return row;
  },

  /**
   * Requires a confirmed second factor of every member, or stops requiring it
   * (owners only). An owner without one cannot turn it on (409): they would
   * shut themself out. A change is listed in the workspace's activity.
   */
  async setPolicy(ctx: RequestContext, rawId: unknown, input: WorkspacePolicyInput): Promise<WorkspaceRow> {
    const { user, workspaceId } = await requireRoleIn(ctx, rawId, 'manageWorkspace');
    const required = input.requireSecondFactor;
    if (typeof required !== 'boolean') throw new ValidationError({ requireSecondFactor: WorkspaceMessages.requireSecondFactorInvalid });
    if (required) {
      const [{ hasSecondFactor }] = await ctx.sql.query<{ hasSecondFactor: boolean }>(hasSecondFactorStatement(user.id));
      if (!hasSecondFactor) throw new OwnerWithoutSecondFactorError();
    }
    // A member, checked above: the activity entry is written in this workspace.
    enterWorkspace(workspaceId);
    await ctx.sql.transaction(async (tx) => {
      const changed = await tx.query(setRequireSecondFactorStatement(workspaceId, required));
      if (changed.length) await tx.query(logWorkspaceActivityStatement(workspaceId, user.id, 'second_factor_policy_changed', { required }));
    });
    const [row] = await ctx.sql.query<WorkspaceRow>(workspaceOfStatement(workspaceId, user.id));
    return row;
  },

  /** Deletes a shared workspace and everything in it (owners only); a personal workspace is never deleted (409). */
  async remove(ctx: RequestContext, rawId: unknown): Promise<string> {
    const { workspaceId } = await requireRoleIn(ctx, rawId, 'manageWorkspace');
    const [row] = await ctx.sql.query<{ id: string }>(deleteWorkspaceStatement(workspaceId));
    if (!row) throw new PersonalWorkspaceDeleteError();
    return row.id;
  },

  /** The members of a workspace with their roles: any member may see them. */
  async members(ctx: RequestContext, rawId: unknown): Promise<Member[]> {
    const { workspaceId } = await requireRoleIn(ctx, rawId, 'readProducts');
    return (await ctx.sql.query<MemberRow>(membersStatement(workspaceId))).map(memberOf);
  },

  /**
   * Gives a member another role: an admin for members other than owners, an
   * owner for anyone. The last owner keeps the role (409).
   */
  async updateMember(ctx: RequestContext, rawId: unknown, rawUserId: unknown, input: MemberRoleInput): Promise<Member> {
    const { role: callerRole, workspaceId } = await requireRoleIn(ctx, rawId, 'readProducts');
    const userId = canonicalId(rawUserId);
    const role = roleOf(input);
    return ctx.sql.transaction(async (tx) => {
      const [{ owners }] = await tx.query<{ owners: number }>(lockedWorkspaceStatement(workspaceId));
      const [target] = await tx.query<{ role: WorkspaceRole }>(memberRoleStatement(workspaceId, userId));
      if (!target) throw new MemberNotFoundError();
      assertRoleAllows(callerRole, permissionFor(target.role, role));
      if (role !== 'OWNER' && !keepsAnOwner(target.role, owners)) throw new LastOwnerError();
      await tx.query(setMemberRoleStatement(workspaceId, userId, role));
      const [member] = await tx.query<MemberRow>(memberStatement(workspaceId, userId));
      return memberOf(member);
    });
  },

  /**
   * Removes a member: an admin removes members other than owners, an owner
   * anyone, and every member may remove themself (leaving), even one the
   * workspace's second-factor policy keeps out. Nobody leaves their personal
   * workspace, and the last owner stays (409).
   */
  async removeMember(ctx: RequestContext, rawId: unknown, rawUserId: unknown): Promise<string> {
    const leaving = isUuid(rawUserId) && rawUserId.toLowerCase() === (await requireViewerRows(ctx)).user.id;
    const { user, role: callerRole, workspaceId } = await requireRoleIn(ctx, rawId, 'readProducts', { evenWithoutSecondFactor: leaving });
    const userId = canonicalId(rawUserId);
    return ctx.sql.transaction(async (tx) => {
      const [{ owners, personalUserId }] = await tx.query<{ owners: number; personalUserId: string | null }>(lockedWorkspaceStatement(workspaceId));
      const [target] = await tx.query<{ role: WorkspaceRole }>(memberRoleStatement(workspaceId, userId));
      if (!target) throw new MemberNotFoundError();
      if (userId !== user.id) assertRoleAllows(callerRole, permissionFor(target.role));
      if (personalUserId === userId) throw new PersonalWorkspaceLeaveError();
      if (!keepsAnOwner(target.role, owners)) throw new LastOwnerError();
      await tx.query(removeMemberStatement(workspaceId, userId));
      return userId;
    });
  },
};
