import type { Statement } from '../db/sql';

/**
 * Counts one hit against the key `row` selects (its one column) in a fixed
 * window of `windowSeconds`, starting a new window once the old one has
 * passed; returns the hits and the whole seconds until the window ends (by
 * the database's clock, so an app server's clock never skews it). `row`'s
 * own values come first, then the window's three.
 */
function rateLimitHitSql(row: string): string {
  return `INSERT INTO rate_limit_buckets (key, window_start, hits) ${row}
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => ?) THEN 1 ELSE rate_limit_buckets.hits + 1 END,
       window_start = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => ?) THEN now() ELSE rate_limit_buckets.window_start END
     RETURNING hits, ceil(extract(epoch FROM window_start + make_interval(secs => ?) - now()))::int AS reset_seconds`;
}

/** Keys are cut to the column's 300 characters. */
const keyValue = (key: string) => key.slice(0, 300);

/** One hit against `key` (see rateLimitHitSql). */
export function rateLimitHitStatement(key: string, windowSeconds: number): Statement {
  return { sql: rateLimitHitSql('VALUES (?, now(), 1)'), values: [keyValue(key), windowSeconds, windowSeconds, windowSeconds] };
}

/**
 * `caller` (a query of the caller's rows and a boolean `counts`) with one
 * hit against `key` when `counts` holds, in a single statement: a signed-in
 * request finds its caller and counts against its budget in one round trip.
 * Answers the caller's columns and `hits` / `reset_seconds` (null when not counted).
 */
export function withRateLimitHit(caller: Statement, key: string, windowSeconds: number): Statement {
  return {
    sql: `WITH caller AS (${caller.sql}),
      hit AS (${rateLimitHitSql('SELECT ?, now(), 1 FROM caller WHERE caller.counts')})
      SELECT caller.*, hit.hits, hit.reset_seconds FROM caller LEFT JOIN hit ON true`,
    values: [...caller.values, keyValue(key), windowSeconds, windowSeconds, windowSeconds],
  };
}
