import { HeaderMap, type ApolloServer } from '@apollo/server';
import { GraphQLInt, GraphQLObjectType, GraphQLSchema } from 'graphql';
import { GeneralMessages } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { DatabaseBreaker } from '../common/database-outage';
import { log } from '../common/log';
import { createApolloServer } from './apollo';

/**
 * The app's schema cannot show a partial answer: every root field is non-null and needs the database, so
 * one field failing nulls the whole of `data`. This schema has a field that answers without the database
 * beside one that meets it away, to hold the rule on both sides: 200 with the data and the error when a
 * field got data, 503 with Retry-After when none did.
 */
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      answers: { type: GraphQLInt, resolve: () => 7 },
      databaseAway: {
        type: GraphQLInt,
        resolve: () => {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        },
      },
    },
  }),
});

let breaker: DatabaseBreaker;
let server: ApolloServer<RequestContext>;
let logError: jest.SpyInstance;

beforeEach(async () => {
  // The outage's own log line is not this test's concern.
  logError = jest.spyOn(log, 'error').mockImplementation((() => undefined) as typeof log.error);
  breaker = new DatabaseBreaker(async () => undefined);
  server = await createApolloServer(schema, breaker);
});

afterEach(async () => {
  await server.stop();
  logError.mockRestore();
});

async function ask(query: string) {
  const response = await server.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method: 'POST', headers: new HeaderMap([['content-type', 'application/json']]), search: '', body: { query } },
    context: async () => ({}) as RequestContext,
  });
  if (response.body.kind !== 'complete') throw new Error('expected a complete answer');
  return { status: response.status ?? 200, retryAfter: response.headers.get('retry-after'), body: JSON.parse(response.body.string) };
}

const outage = { message: GeneralMessages.server, path: ['databaseAway'], extensions: { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 } };

it('answers 503 with Retry-After when the database was away for every field, and opens the breaker', async () => {
  expect(await ask('{ databaseAway }')).toEqual({ status: 503, retryAfter: '5', body: { data: { databaseAway: null }, errors: [outage] } });
  expect(breaker.openReason).toBe('ECONNREFUSED');
});

it('answers 200 with the data and the error when another field got data', async () => {
  expect(await ask('{ answers databaseAway }')).toEqual({ status: 200, retryAfter: undefined, body: { data: { answers: 7, databaseAway: null }, errors: [outage] } });
  expect(breaker.openReason).toBe('ECONNREFUSED');
});
