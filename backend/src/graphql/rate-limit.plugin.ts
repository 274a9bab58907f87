import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import type { RequestContext } from '../account/context';

/**
 * A signed-in request past its credential's budget is an HTTP 429 with
 * Retry-After, as over REST, when no field of the answer got data: a
 * client's retry logic sees "slow down" rather than a 200 carrying errors.
 * Each refused field still says TOO_MANY_REQUESTS with `retryAfterSeconds`,
 * as the sign-in and mail limits do. The RateLimit-* headers are already on
 * the answer (see app/request-context.ts).
 */
export function rateLimitPlugin(): ApolloServerPlugin<RequestContext> {
  // The listener is the same for every request: nothing to allocate per request.
  const listener: GraphQLRequestListener<RequestContext> = {
    async willSendResponse({ response, contextValue }) {
      const budget = contextValue.rateLimit;
      if (!budget?.exceeded || response.body.kind !== 'single') return;
      const { data } = response.body.singleResult;
      if (data && Object.values(data).some((value) => value !== null)) return;
      response.http.status = 429;
      response.http.headers.set('retry-after', String(budget.resetSeconds));
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
  };
}
