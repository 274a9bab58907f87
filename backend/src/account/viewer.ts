import { AuthMessages, isApiTokenLike, isApiTokenShape, isUuid, type ApiTokenScope } from '@stockroom/schema';
import { ForbiddenError, UnauthenticatedError } from '../common/errors';
import { readingNoWorkspaceRows } from '../db/workspace-scope';
import { apiTokenBudgetKey, apiTokenWithUserStatement } from './api-token.queries';
import type { WrittenBudget } from './caller-usage';
import type { ApiTokenRow, Caller, CallerRows, RequestContext, Viewer, ViewerRows } from './context';
import { User, UserRole, UserStatus } from './user.entity';
import { Session } from './session.entity';
import { sessionWithUserStatement } from './session.queries';
import { hashApiToken, verifyAccessToken } from './tokens';
import { countCallerRequest, sessionBudgetKey, TOKEN_BUDGET_PREFIX } from './request-rate-limit';
import { budgetKeyValue, withBudgetRead } from './rate-limiter.queries';
import { workspaceHeaderOf } from './requested-workspace';
import { callerPersonalWorkspace, callerTokenWorkspace, namedWorkspace, withMembership, type MembershipRow } from './workspace.queries';

/** Where the caller's budget stands in the database, as withBudgetRead answers it with the caller's columns. */
interface BudgetColumns {
  budget_hits: number;
  budget_reset_seconds: number;
}

const writtenBudgetOf = (row: BudgetColumns): WrittenBudget => ({ hits: row.budget_hits, resetSeconds: row.budget_reset_seconds });

/**
 * The caller of a session token: a valid HS256 JWT whose session is neither
 * revoked nor expired, and where the session's budget stands, read in the
 * same statement.
 */
async function sessionCaller(ctx: RequestContext, bearerToken: string): Promise<{ rows: CallerRows; budget: WrittenBudget }> {
  const check = verifyAccessToken(bearerToken, ctx.config.jwtSecret);
  if (!check.ok) {
    throw new UnauthenticatedError(check.reason === 'expired' ? AuthMessages.sessionExpired : AuthMessages.invalidToken);
  }
  const { sid, sub } = check.claims;
  if (!isUuid(sid) || !isUuid(sub)) throw new UnauthenticatedError(AuthMessages.invalidToken);
  // The session, its user and its budget in one statement that writes nothing: every signed-in request runs it.
  // A header naming a well-formed id is looked up with the caller; without one, the personal workspace is.
  const header = workspaceHeaderOf(ctx.workspaceHeader);
  const named = header !== undefined && isUuid(header) ? header : header === undefined ? null : undefined;
  const caller = withMembership(sessionWithUserStatement(sid, sub), named ? namedWorkspace(named) : callerPersonalWorkspace);
  const statement = withBudgetRead(caller, budgetKeyValue(sessionBudgetKey(sid)), ctx.config.apiRateWindowMs / 1000);
  const [row] = await readingNoWorkspaceRows(() => ctx.sql.query<ViewerRows & BudgetColumns & { membership: MembershipRow | null }>(statement));
  if (!row) throw new UnauthenticatedError(AuthMessages.invalidToken);
  const { session, user } = row;
  if (session.revoked_at || new Date(session.expires_at).getTime() <= Date.now()) throw new UnauthenticatedError(AuthMessages.sessionExpired);
  const membership = named === undefined ? undefined : { named, row: row.membership };
  return { rows: { session, user, membership }, budget: writtenBudgetOf(row) };
}

/**
 * The caller of a personal access token, looked up by its SHA-256 (an index
 * probe on a hash: nothing about a near miss is timed), with where its budget
 * stands. Unknown, malformed, revoked and expired tokens all get the
 * invalid-token 401, so an answer never tells which one it was. Its use is
 * noted, to be written with the next batch (see caller-usage.ts).
 */
async function apiTokenCaller(ctx: RequestContext, bearerToken: string): Promise<{ rows: CallerRows; budget: WrittenBudget }> {
  if (!isApiTokenShape(bearerToken)) throw new UnauthenticatedError(AuthMessages.invalidToken);
  const caller = withMembership(apiTokenWithUserStatement(hashApiToken(bearerToken)), callerTokenWorkspace);
  const statement = withBudgetRead(caller, apiTokenBudgetKey(TOKEN_BUDGET_PREFIX), ctx.config.apiRateWindowMs / 1000);
  const [row] = await readingNoWorkspaceRows(() =>
    ctx.sql.query<{ token: ApiTokenRow; user: ViewerRows['user']; membership: MembershipRow | null } & BudgetColumns>(statement),
  );
  if (!row) throw new UnauthenticatedError(AuthMessages.invalidToken);
  const { token, user } = row;
  if (token.revoked_at || (token.expires_at && new Date(token.expires_at).getTime() <= Date.now())) throw new UnauthenticatedError(AuthMessages.invalidToken);
  ctx.callerUsage.noteTokenUse(token.id, token.last_used_at);
  return { rows: { user, apiToken: token, membership: { named: token.workspace_id, row: row.membership } }, budget: writtenBudgetOf(row) };
}

/**
 * Whoever sent the request, or a 401: a session (see sessionCaller) or a
 * personal access token (a bearer token starting `stk_`), whose user must
 * still be active; then the request is counted against that credential's
 * budget (a 429 past it). One statement, which writes nothing; nothing is
 * mapped into the EntityManager here.
 */
async function verifiedCallerRows(ctx: RequestContext, bearerToken: string): Promise<CallerRows> {
  const { rows, budget } = isApiTokenLike(bearerToken) ? await apiTokenCaller(ctx, bearerToken) : await sessionCaller(ctx, bearerToken);
  if (rows.user.status !== UserStatus.Active) throw new UnauthenticatedError(AuthMessages.accountInactive);
  countCallerRequest(ctx, rows, budget);
  ctx.callerRows = rows;
  return rows;
}

/**
 * The caller, verified and counted once per request however often it is
 * asked for: a GraphQL query's root fields ask at the same moment, and each
 * would otherwise look the token up and count the request again.
 */
function callerRowsOf(ctx: RequestContext): Promise<CallerRows> {
  if (!ctx.bearerToken) return Promise.reject(new UnauthenticatedError(AuthMessages.invalidToken));
  ctx.pendingCallerRows ??= verifiedCallerRows(ctx, ctx.bearerToken);
  return ctx.pendingCallerRows;
}

/** `write` includes reading: a token that may change products may also read them. */
const tokenAllows = (token: ApiTokenRow, scope: ApiTokenScope) => token.scopes.includes(scope) || (scope === 'read' && token.scopes.includes('write'));

/**
 * The caller of a request a personal access token may make too (reading or
 * changing the catalogue), as plain rows, or a 401; a token without `scope`
 * gets a 403. Reads and single-statement writes only need the caller's id
 * and role.
 */
export async function requireCallerRows(ctx: RequestContext, scope: ApiTokenScope): Promise<CallerRows> {
  const rows = await callerRowsOf(ctx);
  if (rows.apiToken && !tokenAllows(rows.apiToken, scope)) throw new ForbiddenError(AuthMessages.accessDenied);
  return rows;
}

/** Like requireCallerRows, with the user mapped into the EntityManager (for answers that return the User). */
export async function requireCaller(ctx: RequestContext, scope: ApiTokenScope): Promise<Caller> {
  const rows = await requireCallerRows(ctx, scope);
  if (!rows.apiToken) return requireViewer(ctx);
  return { user: ctx.em.map(User, rows.user), apiToken: rows.apiToken };
}

/**
 * The signed-in caller as plain rows, or a 401: a session only. A personal
 * access token gets a 403 here, so everything not marked as open to tokens
 * (the password, the email, the tokens themselves, roles, admin) is closed
 * to them by default.
 */
export async function requireViewerRows(ctx: RequestContext): Promise<ViewerRows> {
  const rows = await callerRowsOf(ctx);
  if (rows.apiToken) throw new ForbiddenError(AuthMessages.accessDenied);
  return rows;
}

/**
 * The signed-in caller as managed entities, or a 401 (same checks as
 * `requireViewerRows`, so a session only): for requests that change the user
 * or the session through the ORM, such as a sign-out or a profile edit,
 * which flush them.
 */
export async function requireViewer(ctx: RequestContext): Promise<Viewer> {
  if (ctx.viewer) return ctx.viewer;
  const rows = await requireViewerRows(ctx);
  ctx.em.map(User, rows.user);
  const session = ctx.em.map(Session, rows.session);
  ctx.viewer = { user: session.user, session };
  return ctx.viewer;
}

export async function requireAdmin(ctx: RequestContext): Promise<Viewer> {
  const viewer = await requireViewer(ctx);
  if (viewer.user.role !== UserRole.Admin) throw new ForbiddenError(AuthMessages.accessDenied);
  return viewer;
}
