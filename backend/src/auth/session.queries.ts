import type { Statement } from '../db/sql';

/** A session and its user, both whole, in one statement: every signed-in request runs it (see viewer.ts). */
export function sessionWithUserStatement(sessionId: string, userId: string): Statement {
  return {
    sql: `SELECT to_jsonb(s) AS session, to_jsonb(u) AS "user" FROM sessions AS s JOIN users AS u ON u.id = s.user_id WHERE s.id = ? AND s.user_id = ?`,
    values: [sessionId, userId],
  };
}
