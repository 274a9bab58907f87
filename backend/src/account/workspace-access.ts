import { AuthMessages, isUuid, roleAllows, WORKSPACE_PERMISSIONS, WorkspaceMessages, type WorkspacePermission, type WorkspaceRole } from '@stockroom/schema';
import { DomainError, ForbiddenError, NotFoundError } from '../common/errors';
import { enterWorkspace, readingNoWorkspaceRows } from '../db/workspace-scope';
import type { CallerRows, RequestContext } from './context';
import { workspaceHeaderOf } from './requested-workspace';
import { requireCallerRows, requireViewerRows } from './viewer';
import { membershipStatement, personalMembershipStatement, type MembershipRow } from './workspace.queries';

export class WorkspaceNotFoundError extends NotFoundError {
  constructor() {
    super(WorkspaceMessages.notFound);
  }
}

/**
 * A member without a confirmed second factor in a workspace whose owners
 * require one: 403 with its own code, so a client can send them to set one
 * up. What they need for that (the profile, the set-up, their workspaces,
 * their personal workspace, signing out) names no workspace and is never
 * refused; leaving the workspace is not either (`requireRoleIn`).
 */
export class SecondFactorRequiredError extends DomainError {
  constructor() {
    super('SECOND_FACTOR_REQUIRED', WorkspaceMessages.secondFactorRequired);
  }
}

/** The membership, once its workspace's policy lets the member in. */
function admitted(row: MembershipRow | null | undefined): MembershipRow {
  if (!row) throw new WorkspaceNotFoundError();
  if (row.secondFactorMissing) throw new SecondFactorRequiredError();
  return row;
}

/** The one refusal of a role that may not do something, on both transports: 403. */
export function assertRoleAllows(role: WorkspaceRole, permission: WorkspacePermission): void {
  if (!roleAllows(role, permission)) throw new ForbiddenError(AuthMessages.accessDenied);
}

/** The workspace a request acts in and the caller's role there. */
export interface WorkspaceAccess {
  workspaceId: string;
  role: WorkspaceRole;
}

/** The caller, the workspace the request acts in and their role there. */
export type MemberRows = CallerRows & WorkspaceAccess;

/**
 * The workspace a request acts in: the one its token was made in (a header
 * naming another is a 403), else the one `X-Workspace-Id` names, else the
 * caller's personal workspace. Not a member, no such workspace or a malformed
 * id: 404, so an answer never tells a foreign workspace from a missing one.
 */
async function workspaceOf(ctx: RequestContext, caller: CallerRows): Promise<WorkspaceAccess> {
  const header = workspaceHeaderOf(ctx.workspaceHeader);
  const tokenWorkspace = caller.apiToken?.workspace_id;
  if (tokenWorkspace && header && header !== tokenWorkspace) throw new ForbiddenError(AuthMessages.accessDenied);
  const named = tokenWorkspace ?? header ?? null;
  if (named !== null && !isUuid(named)) throw new WorkspaceNotFoundError();
  // Read with the caller in the same statement as a rule (see account/viewer.ts); looked up here only otherwise.
  const row = admitted(caller.membership?.named === named ? caller.membership.row : await membershipOf(ctx, named, caller.user.id));
  // A member: from here on the request's statements see this workspace's rows, and only them.
  enterWorkspace(row.workspaceId);
  return { workspaceId: row.workspaceId, role: row.role as WorkspaceRole };
}

async function membershipOf(ctx: RequestContext, named: string | null, userId: string): Promise<MembershipRow | undefined> {
  const statement = named ? membershipStatement(named, userId) : personalMembershipStatement(userId);
  const [row] = await readingNoWorkspaceRows(() => ctx.sql.query<MembershipRow>(statement));
  return row;
}

/**
 * The caller as requireCallerRows checks them (a token needs the scope the
 * permission names; one a session only may do is closed to tokens), a member
 * of the request's workspace whose role allows `permission`, or a 403. The
 * workspace is looked up once per request.
 */
export async function requireMember(ctx: RequestContext, permission: WorkspacePermission): Promise<MemberRows> {
  const { tokenScope } = WORKSPACE_PERMISSIONS[permission];
  const caller = tokenScope ? await requireCallerRows(ctx, tokenScope) : await requireViewerRows(ctx);
  ctx.pendingWorkspace ??= workspaceOf(ctx, caller);
  const access = await ctx.pendingWorkspace;
  assertRoleAllows(access.role, permission);
  return { ...caller, ...access };
}

/**
 * The signed-in caller (a session: a token never manages workspaces) as a
 * member of the workspace `rawWorkspaceId` names, whose role allows
 * `permission`. Not a member, no such workspace or a malformed id: 404; a
 * role that does not allow it: 403; a member the workspace's policy keeps
 * out: 403 SECOND_FACTOR_REQUIRED, unless `evenWithoutSecondFactor` (leaving
 * the workspace needs no second factor).
 */
export async function requireRoleIn(
  ctx: RequestContext,
  rawWorkspaceId: unknown,
  permission: WorkspacePermission,
  { evenWithoutSecondFactor = false } = {},
): Promise<MemberRows> {
  const caller = await requireViewerRows(ctx);
  const id = typeof rawWorkspaceId === 'string' ? rawWorkspaceId.trim().toLowerCase() : '';
  if (!isUuid(id)) throw new WorkspaceNotFoundError();
  const [found] = await readingNoWorkspaceRows(() => ctx.sql.query<MembershipRow>(membershipStatement(id, caller.user.id)));
  const row = evenWithoutSecondFactor && found ? found : admitted(found);
  const role = row.role as WorkspaceRole;
  assertRoleAllows(role, permission);
  return { ...caller, workspaceId: row.workspaceId, role };
}
