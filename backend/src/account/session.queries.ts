import type { Statement } from '../db/sql';

/** A session and its user, both whole, in one statement: every signed-in request runs it (see viewer.ts). */
export function sessionWithUserStatement(sessionId: string, userId: string): Statement {
  return {
    sql: `SELECT to_jsonb(s) AS session, to_jsonb(u) AS "user" FROM sessions AS s JOIN users AS u ON u.id = s.user_id WHERE s.id = ? AND s.user_id = ?`,
    values: [sessionId, userId],
  };
}

/**
 * Revokes every open session of a user, optionally keeping one (the caller's
 * own): a password reset or change, and a deactivation.
 */
export function revokeSessionsStatement(userId: string, keepSessionId?: string): Statement {
  return {
    sql: `UPDATE sessions SET revoked_at = now() WHERE user_id = ? AND revoked_at IS NULL${keepSessionId ? ' AND id <> ?' : ''}`,
    values: keepSessionId ? [userId, keepSessionId] : [userId],
  };
}
