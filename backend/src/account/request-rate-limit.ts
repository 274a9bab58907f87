import { AuthMessages } from '@stockroom/schema';
import { TooManyRequestsError } from '../common/errors';
import type { CallerRows, RequestContext } from './context';
import { hitRateLimit, type RateLimitState } from './rate-limiter';

/**
 * The budget a signed-in request counts against: its personal access token's
 * or its session's own, so one busy integration never slows its owner's
 * browser (nor another token) down.
 */
export const requestBudgetKey = (rows: CallerRows) => (rows.apiToken ? `api:token:${rows.apiToken.id}` : sessionBudgetKey(rows.session.id));

export const sessionBudgetKey = (sessionId: string) => `api:session:${sessionId}`;

/**
 * Counts one request of a verified caller (API_RATE_LIMIT per
 * API_RATE_WINDOW_MS, in PostgreSQL so every instance shares the count),
 * hands where the budget stands to the transport for its RateLimit-* headers,
 * and throws a 429 past the limit. Runs once per request (see viewer.ts).
 */
export async function countCallerRequest(ctx: RequestContext, rows: CallerRows): Promise<void> {
  applyRequestBudget(ctx, await hitRateLimit(ctx.sql, requestBudgetKey(rows), ctx.config.apiRateLimit, ctx.config.apiRateWindowMs));
}

/** Hands a counted request's budget to the transport for its RateLimit-* headers, and throws a 429 past the limit. */
export function applyRequestBudget(ctx: RequestContext, state: RateLimitState): void {
  ctx.rateLimit = state;
  ctx.onRateLimit?.(state);
  if (state.exceeded) throw new TooManyRequestsError(AuthMessages.tooManyRequests, state.resetSeconds);
}
