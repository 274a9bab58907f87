import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthMessages } from '@stockroom/schema';
import { TooManyRequestsError } from '../common/errors';
import { runStatement } from '../db/sql';
import { rateLimitHitStatement } from './rate-limiter.queries';

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
  // Outside any transaction the caller has open, so the count stands even if that work rolls back.
  const [row] = await runStatement<{ hits: number; window_start: Date }>(em, rateLimitHitStatement(key, windowMs / 1000), { outsideTransaction: true });
  if (row.hits <= limit) return 0;
  return Math.max(1, Math.ceil((new Date(row.window_start).getTime() + windowMs - Date.now()) / 1000));
}
