import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthMessages } from '@stockroom/schema';
import { TooManyRequestsError } from '../common/errors';
import { runStatement } from '../db/sql';
import { rateLimitHitStatement } from './rate-limiter.queries';

/** Where a key stands in its window after a hit: what the RateLimit-* headers tell a client. */
export interface RateLimitState {
  limit: number;
  /** Hits left in this window (0 once the limit is reached or passed). */
  remaining: number;
  /** Whole seconds until the window ends and the count starts again (at least 1). */
  resetSeconds: number;
  /** This hit was past the limit: the request is refused, and may be retried after `resetSeconds`. */
  exceeded: boolean;
}

/** What a hit answers: the window's hits so far and the seconds until it ends. */
export interface HitRow {
  hits: number;
  reset_seconds: number;
}

export const stateOf = ({ hits, reset_seconds }: HitRow, limit: number): RateLimitState => ({
  limit,
  remaining: Math.max(0, limit - hits),
  resetSeconds: Math.max(1, reset_seconds),
  exceeded: hits > limit,
});

/**
 * Counts a hit against `key` in a fixed window and throws a 429 past `limit`.
 * One atomic upsert in PostgreSQL, so several app instances share the count.
 */
export async function consumeRateLimit(em: EntityManager, key: string, limit: number, windowMs: number): Promise<void> {
  const retryAfter = await countRateLimitHit(em, key, limit, windowMs);
  if (retryAfter) throw new TooManyRequestsError(AuthMessages.tooManyRequests, retryAfter);
}

/** Throws consumeRateLimit's 429 for a hit a larger statement counted (rateLimitHitStatement as one of its parts). */
export function refuseHitPastLimit(hit: HitRow, limit: number): void {
  const state = stateOf(hit, limit);
  if (state.exceeded) throw new TooManyRequestsError(AuthMessages.tooManyRequests, state.resetSeconds);
}

/**
 * Counts a hit against `key` like consumeRateLimit, for callers that skip
 * the work past the limit instead of refusing the request: 0 while within
 * `limit`, else the seconds until the window ends.
 */
export async function countRateLimitHit(em: EntityManager, key: string, limit: number, windowMs: number): Promise<number> {
  // Outside any transaction the caller has open, so the count stands even if that work rolls back.
  const [row] = await runStatement<HitRow>(em, rateLimitHitStatement(key, windowMs / 1000), { outsideTransaction: true });
  const state = stateOf(row, limit);
  return state.exceeded ? state.resetSeconds : 0;
}
