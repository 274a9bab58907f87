import type { ServerResponse } from 'node:http';
import type { RateLimitState } from '../account/rate-limiter';

/** The headers a signed-in request's answer carries, REST and GraphQL alike; CORS exposes them to a browser's script. */
export const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'];

/**
 * Writes where the caller's request budget stands onto the answer: the limit,
 * what is left of it in this window, and the seconds until the window ends.
 * Called while the request is being served, before anything is sent, so the
 * headers ride on whatever answer follows (a 429 adds Retry-After itself).
 */
export function setRateLimitHeaders(res: ServerResponse | undefined, state: RateLimitState): void {
  if (!res || res.headersSent) return;
  res.setHeader('RateLimit-Limit', String(state.limit));
  res.setHeader('RateLimit-Remaining', String(state.remaining));
  res.setHeader('RateLimit-Reset', String(state.resetSeconds));
}
