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

/** Active admins other than `exceptUserId`: deactivating or demoting must leave at least one. */
export function otherActiveAdminsStatement(exceptUserId: string): Statement {
  return { sql: `SELECT count(*)::int AS admins FROM users WHERE role = 'Admin' AND status = 'Active' AND id <> ?`, values: [exceptUserId] };
}

/** Every figure of the admin statistics in one statement; catalogue figures come from the running totals. */
export function adminStatsStatement(): Statement {
  return {
    sql: `SELECT
        count(*)::int AS "totalUsers",
        count(*) FILTER (WHERE status = 'Active')::int AS "activeUsers",
        count(*) FILTER (WHERE status = 'Inactive')::int AS "inactiveUsers",
        count(*) FILTER (WHERE role = 'Admin')::int AS "adminUsers",
        count(*) FILTER (WHERE email_verified)::int AS "verifiedUsers",
        count(*) FILTER (WHERE created_at > now() - interval '7 days')::int AS "newUsersLast7Days",
        (SELECT count(DISTINCT user_id)::int FROM sessions WHERE revoked_at IS NULL AND expires_at > now()) AS "signedInUsers",
        (SELECT coalesce(sum(total_products), 0)::int FROM catalogue_stats) AS "totalProducts",
        (SELECT coalesce(sum(inventory_value), 0)::float8 FROM catalogue_stats) AS "inventoryValue"
      FROM users`,
    values: [],
  };
}
