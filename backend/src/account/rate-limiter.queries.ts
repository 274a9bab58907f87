import type { Statement } from '../db/sql';

/**
 * Counts one hit against the key `row` selects (its one column) in a fixed
 * window of `windowSeconds`, starting a new window once the old one has
 * passed; returns the hits and the whole seconds until the window ends (by
 * the database's clock, so an app server's clock never skews it). `row`'s
 * own values come first, then the window's three.
 *
 * Its commit does not wait for the write-ahead log to reach the disk
 * (`synchronous_commit` off for its own transaction: it runs outside any
 * other). The count is seen by every instance at once as before; a database
 * crash may forget the last fraction of a second of hits, as it would the
 * API budgets' batched writes, and a request no longer waits on a disk flush
 * for a counter.
 */
function rateLimitHitSql(row: string): string {
  return `INSERT INTO rate_limit_buckets (key, window_start, hits) ${row}
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => ?) THEN 1 ELSE rate_limit_buckets.hits + 1 END,
       window_start = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => ?) THEN now() ELSE rate_limit_buckets.window_start END
     RETURNING hits, ceil(extract(epoch FROM window_start + make_interval(secs => ?) - now()))::int AS reset_seconds,
       set_config('synchronous_commit', 'off', true) AS commit_mode`;
}

/** Keys are cut to the column's 300 characters. */
const keyValue = (key: string) => key.slice(0, 300);

/** One hit against `key` (see rateLimitHitSql). */
export function rateLimitHitStatement(key: string, windowSeconds: number): Statement {
  return { sql: rateLimitHitSql('VALUES (?, now(), 1)'), values: [keyValue(key), windowSeconds, windowSeconds, windowSeconds] };
}

/** A budget's key as withBudgetRead takes it, when the caller knows it before the lookup. */
export const budgetKeyValue = (key: string): Statement => ({ sql: '?', values: [keyValue(key)] });

/**
 * `caller` (a query of the caller's rows) with where a budget's window
 * stands, read in the same statement and writing nothing. `key` is an
 * expression: a value (budgetKeyValue), or one over the caller's columns
 * (`caller.<column>`) when only the caller's row knows it. `budget_hits` is
 * what the fleet has written to the window so far (0 once it has passed,
 * or before the first write), `budget_reset_seconds` the whole seconds until
 * it ends (the whole window once it has passed). The request's own hit is
 * written later, in a batch (see caller-usage.ts).
 */
export function withBudgetRead(caller: Statement, key: Statement, windowSeconds: number): Statement {
  return {
    sql: `SELECT caller.*,
        CASE WHEN b.window_start > now() - make_interval(secs => ?) THEN b.hits ELSE 0 END AS budget_hits,
        CASE WHEN b.window_start > now() - make_interval(secs => ?)
          THEN ceil(extract(epoch FROM b.window_start + make_interval(secs => ?) - now()))::int ELSE ceil(?::float8)::int END AS budget_reset_seconds
      FROM (${caller.sql}) AS caller LEFT JOIN rate_limit_buckets AS b ON b.key = ${key.sql}`,
    values: [windowSeconds, windowSeconds, windowSeconds, windowSeconds, ...caller.values, ...key.values],
    // Every signed-in request runs it, and it finds its rows by key whatever the values.
    prepared: true,
  };
}

/**
 * Adds each key's hits (`keys[i]` gets `hits[i]`) to its window in one
 * statement, starting a new window for a key whose window has passed, as
 * rateLimitHitSql does for one hit.
 */
export function addBudgetHitsStatement(keys: string[], hits: number[], windowSeconds: number): Statement {
  return {
    sql: `INSERT INTO rate_limit_buckets (key, window_start, hits)
      SELECT key, now(), hits FROM unnest(?::text[], ?::int[]) AS added(key, hits)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => ?) THEN excluded.hits ELSE rate_limit_buckets.hits + excluded.hits END,
        window_start = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => ?) THEN now() ELSE rate_limit_buckets.window_start END`,
    values: [keys.map(keyValue), hits, windowSeconds, windowSeconds],
  };
}
