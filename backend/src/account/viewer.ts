import { AuthMessages, isUuid } from '@stockroom/schema';
import { ForbiddenError, UnauthenticatedError } from '../common/errors';
import type { RequestContext, Viewer } from './context';
import { User, UserRole, UserStatus } from './user.entity';
import { runStatement } from '../db/sql';
import { Session } from './session.entity';
import { sessionWithUserStatement } from './session.queries';
import { verifyAccessToken } from './tokens';

/**
 * The signed-in caller, or a 401. The token must be a valid HS256 JWT whose
 * session is neither revoked nor expired and whose user is still active.
 */
export async function requireViewer(ctx: RequestContext): Promise<Viewer> {
  if (ctx.viewer) return ctx.viewer;
  if (!ctx.bearerToken) throw new UnauthenticatedError(AuthMessages.invalidToken);
  const check = verifyAccessToken(ctx.bearerToken, ctx.config.jwtSecret);
  if (!check.ok) {
    throw new UnauthenticatedError(check.reason === 'expired' ? AuthMessages.sessionExpired : AuthMessages.invalidToken);
  }
  const { sid, sub } = check.claims;
  if (!isUuid(sid) || !isUuid(sub)) throw new UnauthenticatedError(AuthMessages.invalidToken);
  const session = await loadSession(ctx, sid, sub);
  if (!session) throw new UnauthenticatedError(AuthMessages.invalidToken);
  if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw new UnauthenticatedError(AuthMessages.sessionExpired);
  if (session.user.status !== UserStatus.Active) throw new UnauthenticatedError(AuthMessages.accountInactive);
  ctx.viewer = { user: session.user, session };
  return ctx.viewer;
}

/**
 * The session and its user in one statement. Every signed-in request runs
 * this, so it skips the ORM's query building and populate machinery and only
 * maps the two rows into managed entities (a sign-out can still flush them).
 */
async function loadSession(ctx: RequestContext, sessionId: string, userId: string): Promise<Session | null> {
  const [row] = await runStatement<{ session: object; user: object }>(ctx.em, sessionWithUserStatement(sessionId, userId));
  if (!row) return null;
  ctx.em.map(User, row.user);
  return ctx.em.map(Session, row.session);
}

export async function requireAdmin(ctx: RequestContext): Promise<Viewer> {
  const viewer = await requireViewer(ctx);
  if (viewer.user.role !== UserRole.Admin) throw new ForbiddenError(AuthMessages.accessDenied);
  return viewer;
}
