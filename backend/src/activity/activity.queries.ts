import type { Statement } from '../db/sql';
import type { ActivityKind } from './activity.entity';

/**
 * The SQL that reads the activity log for the dashboard. Writes log their
 * entries with the builders of activity-log.ts.
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
 * How many of the newest entries the dashboard reads to build its items.
 * Bounded so a user who signs in by script thousands of times does not make
 * every dashboard read their whole log; only a run of sign-ins reaching past
 * this many entries is counted short.
 */
export const RECENT_ACTIVITY_WINDOW = 1000;

/** A dashboard item's row: the newest entry of its group, with how many entries the group holds and when the oldest was written. */
export interface RecentActivityRow extends ActivityRow {
  count: number;
  firstCreatedAt: string | Date;
}

/**
 * The workspace's newest items, newest first (the id orders entries of one
 * transaction). Sign-ins in a row, with nothing else logged between them,
 * make one item: an app that signs in on every visit would otherwise fill
 * the list with identical "Signed in" rows. Every other entry is an item of
 * its own. A run is numbered by its position among all entries minus its
 * position among sign-ins, which stays the same along a run.
 */
export function recentActivityStatement(workspaceId: string, limit = RECENT_ACTIVITY_LIMIT, window = RECENT_ACTIVITY_WINDOW): Statement {
  return {
    sql: `WITH newest AS (
        SELECT id, kind, subject_id, subject, details, created_at FROM activity_log
        WHERE workspace_id = ? ORDER BY created_at DESC, id DESC LIMIT ?
      ), numbered AS (
        SELECT *, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n,
          row_number() OVER (PARTITION BY kind = 'signed_in' ORDER BY created_at DESC, id DESC) AS n_of_kind
        FROM newest
      ), grouped AS (
        SELECT *, CASE WHEN kind = 'signed_in' THEN n - n_of_kind END AS sign_in_run FROM numbered
      )
      SELECT (array_agg(id ORDER BY n))[1]::text AS id, min(kind) AS kind,
        (array_agg(subject_id ORDER BY n))[1] AS "subjectId", (array_agg(subject ORDER BY n))[1] AS subject,
        (array_agg(details ORDER BY n))[1] AS details, max(created_at) AS "createdAt",
        count(*)::int AS count, min(created_at) AS "firstCreatedAt"
      FROM grouped
      GROUP BY coalesce('run ' || sign_in_run, 'entry ' || n)
      ORDER BY min(n) LIMIT ?`,
    values: [workspaceId, window, limit],
  };
}

/**
 * Whether the user has any sign-in logged (signing up opens a session without logging one). Sign-ins are in
 * the personal workspace, whichever workspace the request acts in: the function reads them as the schema's owner.
 */
export function hasSignedInStatement(userId: string): Statement {
  return { sql: `SELECT account_has_signed_in(?) AS "signedIn"`, values: [userId] };
}
