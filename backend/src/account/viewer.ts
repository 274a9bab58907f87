import { AuthMessages, isUuid } from '@stockroom/schema';
import { ForbiddenError, UnauthenticatedError } from '../common/errors';
import type { RequestContext, Viewer, ViewerRows } from './context';
import { User, UserRole, UserStatus } from './user.entity';
import { Session } from './session.entity';
import { sessionWithUserStatement } from './session.queries';
import { verifyAccessToken } from './tokens';

/**
 * The signed-in caller as plain rows, or a 401. The token must be a valid
 * HS256 JWT whose session is neither revoked nor expired and whose user is
 * still active. Reads and single-statement writes only need the caller's id
 * and role, so nothing is mapped into the EntityManager here.
 */
export async function requireViewerRows(ctx: RequestContext): Promise<ViewerRows> {
  if (ctx.viewerRows) return ctx.viewerRows;
  if (!ctx.bearerToken) throw new UnauthenticatedError(AuthMessages.invalidToken);
  const check = verifyAccessToken(ctx.bearerToken, ctx.config.jwtSecret);
  if (!check.ok) {
    throw new UnauthenticatedError(check.reason === 'expired' ? AuthMessages.sessionExpired : AuthMessages.invalidToken);
  }
  const { sid, sub } = check.claims;
  if (!isUuid(sid) || !isUuid(sub)) throw new UnauthenticatedError(AuthMessages.invalidToken);
  // The session and its user in one statement: every signed-in request runs it.
  const [rows] = await ctx.sql.query<ViewerRows>(sessionWithUserStatement(sid, sub));
  if (!rows) throw new UnauthenticatedError(AuthMessages.invalidToken);
  const { session, user } = rows;
  if (session.revoked_at || new Date(session.expires_at).getTime() <= Date.now()) throw new UnauthenticatedError(AuthMessages.sessionExpired);
  if (user.status !== UserStatus.Active) throw new UnauthenticatedError(AuthMessages.accountInactive);
  ctx.viewerRows = rows;
  return rows;
}

/**
 * The signed-in caller as managed entities, or a 401 (same checks as
 * `requireViewerRows`): for requests that change the user or the session
 * through the ORM, such as a sign-out or a profile edit, which flush them.
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
