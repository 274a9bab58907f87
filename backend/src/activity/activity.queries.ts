import type { Statement } from '../db/sql';
import type { ActivityKind } from './activity.entity';

/**
 * The SQL behind the activity log. A write that is itself one statement adds
 * its entry as a CTE of that statement (`logFrom`), so the entry and the
 * change commit together; other writes log with `logActivityStatement`.
 */

/** How many entries the dashboard shows. */
export const RECENT_ACTIVITY_LIMIT = 10;

export interface ActivityRow {
  id: string;
  kind: ActivityKind;
  subjectId: string | null;
  subject: string | null;
  details: Record<string, unknown>;
  createdAt: string | Date;
}

/**
 * A CTE body that logs one entry per row of the CTE `source`, which must
 * return `owner_id`, `id` and `name` (a product write's RETURNING *).
 * `detailsSql` is an SQL expression over those rows; its `?` values follow.
 */
export function logFrom(source: string, kind: ActivityKind, detailsSql = `'{}'::jsonb`): string {
  return `INSERT INTO activity_log (user_id, kind, subject_id, subject, details) SELECT owner_id, '${kind}', id, name, ${detailsSql} FROM ${source}`;
}

/** One entry for something that is not a product write (sign-in, profile, password). */
export function logActivityStatement(userId: string, kind: ActivityKind, details: Record<string, unknown> = {}): Statement {
  return { sql: 'INSERT INTO activity_log (user_id, kind, details) VALUES (?, ?, ?::jsonb)', values: [userId, kind, JSON.stringify(details)] };
}

/** The user's newest entries, newest first (the id orders entries of one transaction). */
export function recentActivityStatement(userId: string, limit = RECENT_ACTIVITY_LIMIT): Statement {
  return {
    sql: `SELECT id::text, kind, subject_id AS "subjectId", subject, details, created_at AS "createdAt"
      FROM activity_log WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
    values: [userId, limit],
  };
}
