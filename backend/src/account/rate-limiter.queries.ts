import type { Statement } from '../db/sql';

/**
 * Counts one hit against `key` in a fixed window of `windowSeconds`, starting
 * a new window once the old one has passed; returns the hits, the window's
 * start and the whole seconds until it ends (by the database's clock, so an
 * app server's clock never skews it). Keys are cut to the column's 300 characters.
 */
export function rateLimitHitStatement(key: string, windowSeconds: number): Statement {
  return {
    sql: `INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES (?, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => ?) THEN 1 ELSE rate_limit_buckets.hits + 1 END,
       window_start = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => ?) THEN now() ELSE rate_limit_buckets.window_start END
     RETURNING hits, window_start, ceil(extract(epoch FROM window_start + make_interval(secs => ?) - now()))::int AS reset_seconds`,
    values: [key.slice(0, 300), windowSeconds, windowSeconds, windowSeconds],
  };
}
