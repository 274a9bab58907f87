import { likePattern, type Statement } from '../db/sql';

/** The SQL behind the admin screens: whole-table aggregates and a searched, paged user list. */

/** Users whose name or email contains `search` (case-insensitive), newest first. */
function userFilter(search?: string): Statement {
  if (!search) return { sql: 'TRUE', values: [] };
  const pattern = likePattern(search);
  return { sql: `(email ILIKE ? ESCAPE '!' OR (first_name || ' ' || last_name) ILIKE ? ESCAPE '!')`, values: [pattern, pattern] };
}

export function userPageStatement(search: string | undefined, limit: number, offset: number): Statement {
  const filter = userFilter(search);
  return { sql: `SELECT * FROM users WHERE ${filter.sql} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, values: [...filter.values, limit, offset] };
}

export function userCountStatement(search: string | undefined): Statement {
  const filter = userFilter(search);
  return { sql: `SELECT count(*)::int AS total FROM users WHERE ${filter.sql}`, values: filter.values };
}

/**
 * Waits for, then holds until the transaction ends, the one lock every write
 * that may take away an active admin takes, so such writes happen one at a time.
 */
export function lockActiveAdminsStatement(): Statement {
  return { sql: `SELECT pg_advisory_xact_lock(hashtext(?))::text AS locked`, values: ['stockroom.users.active-admins'] };
}

/**
 * Whether `userId` is an active admin now, and how many other active admins
 * there are: deactivating or demoting must leave at least one. A statement
 * of its own, run after the lock is held: in one statement with the lock,
 * its snapshot would predate the lock and miss the previous holder's write.
 */
export function activeAdminsStatement(userId: string): Statement {
  return {
    sql: `SELECT count(*) FILTER (WHERE id <> ?)::int AS others, coalesce(bool_or(id = ?), false) AS "isActiveAdmin"
      FROM users WHERE role = 'Admin' AND status = 'Active'`,
    values: [userId, userId],
  };
}

/**
 * Every figure of the admin statistics in one statement; catalogue figures come from the running totals of every
 * workspace, which the request's own (row-level security) does not see: a function that runs as the schema's owner
 * sums them, and answers nothing else.
 */
export function adminStatsStatement(): Statement {
  return {
    sql: `SELECT accounts.*, totals.total_products AS "totalProducts", totals.inventory_value AS "inventoryValue" FROM (SELECT
        count(*)::int AS "totalUsers",
        count(*) FILTER (WHERE status = 'Active')::int AS "activeUsers",
        count(*) FILTER (WHERE status = 'Inactive')::int AS "inactiveUsers",
        count(*) FILTER (WHERE role = 'Admin')::int AS "adminUsers",
        count(*) FILTER (WHERE email_verified)::int AS "verifiedUsers",
        count(*) FILTER (WHERE created_at > now() - interval '7 days')::int AS "newUsersLast7Days",
        (SELECT count(DISTINCT user_id)::int FROM sessions WHERE revoked_at IS NULL AND expires_at > now()) AS "signedInUsers"
      FROM users) AS accounts CROSS JOIN site_catalogue_totals() AS totals`,
    values: [],
  };
}
