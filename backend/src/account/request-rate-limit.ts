import { AuthMessages } from '@stockroom/schema';
import { TooManyRequestsError } from '../common/errors';
import type { CallerRows, RequestContext } from './context';
import type { WrittenBudget } from './caller-usage';
import type { RateLimitState } from './rate-limiter';

/**
 * The budget a signed-in request counts against: its personal access token's
 * or its session's own, so one busy integration never slows its owner's
 * browser (nor another token) down.
 */
export const requestBudgetKey = (rows: CallerRows) => (rows.apiToken ? `${TOKEN_BUDGET_PREFIX}${rows.apiToken.id}` : sessionBudgetKey(rows.session.id));

export const sessionBudgetKey = (sessionId: string) => `api:session:${sessionId}`;

/** A token's budget is this and the token's id. */
export const TOKEN_BUDGET_PREFIX = 'api:token:';

/**
 * Counts one request of a verified caller against its budget (API_RATE_LIMIT
 * per API_RATE_WINDOW_MS, shared by every instance through PostgreSQL: see
 * caller-usage.ts), from where the caller's lookup found the budget, hands
 * where it stands to the transport for its RateLimit-* headers, and throws a
 * 429 past the limit. Runs once per request (see viewer.ts) and writes nothing.
 */
export function countCallerRequest(ctx: RequestContext, rows: CallerRows, written: WrittenBudget): void {
  applyRequestBudget(ctx, ctx.callerUsage.countRequest(requestBudgetKey(rows), written));
}

/** Hands a counted request's budget to the transport for its RateLimit-* headers, and throws a 429 past the limit. */
export function applyRequestBudget(ctx: RequestContext, state: RateLimitState): void {
  ctx.rateLimit = state;
  ctx.onRateLimit?.(state);
  if (state.exceeded) throw new TooManyRequestsError(AuthMessages.tooManyRequests, state.resetSeconds);
}
