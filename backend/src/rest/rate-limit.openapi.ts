import { errorResponse } from './openapi-helpers';

type Response = { headers?: Record<string, unknown> };
type Operation = { security?: unknown[]; responses: Record<string, unknown> };
type Paths = Record<string, Record<string, Operation>>;

/** The headers of a counted request's answer, in the document's `components.headers`. */
export const rateLimitOpenApiHeaders = {
  'RateLimit-Limit': {
    description: 'Requests this session or personal access token may make per window (API_RATE_LIMIT per API_RATE_WINDOW_MS; each session and each token has a budget of its own, shared by every server instance)',
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the current window ends and the count starts again', schema: { type: 'integer', minimum: 1 } },
  'Retry-After': { description: 'Seconds to wait before asking again', schema: { type: 'integer', minimum: 1 } },
};

const header = (name: keyof typeof rateLimitOpenApiHeaders) => ({ $ref: `#/components/headers/${name}` });
const budgetHeaders = { 'RateLimit-Limit': header('RateLimit-Limit'), 'RateLimit-Remaining': header('RateLimit-Remaining'), 'RateLimit-Reset': header('RateLimit-Reset') };
const throttled = errorResponse('Too many requests by this session or token in this window: ask again after Retry-After seconds');

/**
 * Every operation that needs a token, with the budget it counts against: the
 * RateLimit-* headers on each answer a counted request may get (not the 401
 * of a refused token, nor the 413 and 415 the body parser sends before any
 * token is read) and a 429 with Retry-After. An operation's own 429 (an upload or mail
 * limit) keeps its description and gains the headers.
 */
export function withRequestRateLimit(paths: Paths): Paths {
  const uncounted = new Set(['401', '413', '415']);
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          if (!operation.security?.length) return [method, operation];
          const responses = Object.fromEntries(
            Object.entries({ ...operation.responses, 429: operation.responses[429] ?? throttled }).map(([status, answer]) => [
              status,
              uncounted.has(status) ? answer : { ...(answer as Response), headers: { ...(answer as Response).headers, ...budgetHeaders, ...(status === '429' && { 'Retry-After': header('Retry-After') }) } },
            ]),
          );
          return [method, { ...operation, responses }];
        }),
      ),
    ]),
  );
}
