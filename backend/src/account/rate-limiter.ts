import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthMessages } from '@stockroom/schema';
import { TooManyRequestsError } from '../common/errors';

/**
 * Counts a hit against `key` in a fixed window and throws a 429 past `limit`.
 * One atomic upsert in PostgreSQL, so several app instances share the count.
 */
export async function consumeRateLimit(em: EntityManager, key: string, limit: number, windowMs: number): Promise<void> {
  const retryAfter = await countRateLimitHit(em, key, limit, windowMs);
  if (retryAfter) throw new TooManyRequestsError(AuthMessages.tooManyRequests, retryAfter);
}

/**
 * Counts a hit against `key` like consumeRateLimit, for callers that skip
 * the work past the limit instead of refusing the request: 0 while within
 * `limit`, else the seconds until the window ends.
 */
export async function countRateLimitHit(em: EntityManager, key: string, limit: number, windowMs: number): Promise<number> {
  const [row] = await em.getConnection().execute<{ hits: number; window_start: Date }[]>(
    `INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES (?, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => ?) THEN 1 ELSE rate_limit_buckets.hits + 1 END,
       window_start = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => ?) THEN now() ELSE rate_limit_buckets.window_start END
     RETURNING hits, window_start`,
    [key.slice(0, 300), windowMs / 1000, windowMs / 1000],
  );
  if (row.hits <= limit) return 0;
  return Math.max(1, Math.ceil((new Date(row.window_start).getTime() + windowMs - Date.now()) / 1000));
}
