import { ApolloServer, type ApolloServerPlugin, type GraphQLRequestListener } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { GraphQLSchema } from 'graphql';
import type { RequestContext } from '../account/context';
import { databaseOutageOf, type DatabaseBreaker } from '../common/database-outage';
import { DomainError } from '../common/errors';
import { compiledExecution } from './compiled-execution';
import { documentDepthLimit } from './depth-limit.rule';
import { formatGraphQLError } from './format-error';
import { rateLimitPlugin } from './rate-limit.plugin';

/** Query limits: generous for the app's own operations, tight enough that one request cannot do unbounded work. */
export const GRAPHQL_LIMITS = {
  maxDepth: 8,
  /** The standard introspection query (what GraphiQL sends) is 15 deep. */
  maxDocumentDepth: 15,
  maxCost: 5000,
  maxAliases: 15,
  maxDirectives: 10,
  maxTokens: 2000,
} as const;

/**
 * An answer without a single field because the database is away is an HTTP 503 with Retry-After, as over
 * REST, so a load balancer or a client's retry logic sees an outage rather than a 200 carrying an error;
 * and the breaker opens, so the next requests are refused at once rather than each waiting for the database.
 */
function outagePlugin(breaker: DatabaseBreaker): ApolloServerPlugin<RequestContext> {
  // The listener is the same for every request: nothing to allocate per request.
  const listener: GraphQLRequestListener<RequestContext> = {
    async didEncounterErrors({ errors }) {
      for (const error of errors) {
        const unwrapped = unwrapResolverError(error);
        const reason = unwrapped instanceof DomainError ? undefined : databaseOutageOf(unwrapped);
        if (reason !== undefined) breaker.open(reason);
      }
    },
    async willSendResponse({ response }) {
      if (response.body.kind !== 'single') return;
      const { data, errors } = response.body.singleResult;
      const unavailable = errors?.find((error) => error.extensions?.code === 'SERVICE_UNAVAILABLE');
      if (!unavailable || (data && Object.values(data).some((value) => value !== null))) return;
      response.http.status = 503;
      response.http.headers.set('retry-after', String(unavailable.extensions?.retryAfterSeconds));
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
  };
}

export async function createApolloServer(schema: GraphQLSchema, databaseBreaker: DatabaseBreaker): Promise<ApolloServer<RequestContext>> {
  const armor = new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    // Armor checks tokens in a parsing hook, where any error (even a plain syntax error) becomes a 500; graphql-js's own limit below answers 400.
    maxTokens: { enabled: false },
  });
  const protection = armor.protect();
  const server = new ApolloServer<RequestContext>({
    gateway: compiledExecution(schema),
    ...protection,
    // The app sets no cache hints, and the default cache-control plugin wraps every field resolver to look for them.
    plugins: [...protection.plugins, ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled(), outagePlugin(databaseBreaker), rateLimitPlugin()],
    validationRules: [...protection.validationRules, documentDepthLimit(GRAPHQL_LIMITS.maxDocumentDepth)],
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    // Batching would let one HTTP request carry many operations past the per-request limits.
    allowBatchedHttpRequests: false,
    csrfPrevention: true,
    // Apollo turns introspection off in production; the playground needs it, and the schema is public anyway
    // (schema/schema.graphql and the generated types are published for API consumers).
    introspection: true,
    includeStacktraceInErrorResponses: false,
    formatError: formatGraphQLError,
    // The server's own shutdown stops Apollo after the requests in flight; Apollo's handler would stop it first
    // (and a second stop() waits forever).
    stopOnTerminationSignals: false,
  });
  await server.start();
  return server;
}
