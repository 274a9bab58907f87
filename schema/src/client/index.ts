import { graphqlRequest, type GraphQLRequest } from './graphql-request';
import { restRequest, type RestClient } from './rest-request';
import { createTransport, type ClientOptions } from './transport';

/**
 * A small typed client for Stockroom: `graphql` takes the generated typed
 * documents (`@stockroom/schema/generated/graphql`), `rest` the paths of
 * /api/openapi.json (`@stockroom/schema/generated/rest`). It needs nothing but
 * `fetch` and graphql's printer.
 */
export interface StockroomClient {
  graphql: GraphQLRequest;
  rest: RestClient;
}

export function createStockroomClient(options: ClientOptions): StockroomClient {
  const transport = createTransport(options);
  return { graphql: graphqlRequest(transport), rest: restRequest(transport) };
}

export { StockroomGraphQLError, type GraphQLErrorEntry, type GraphQLRequest, type VariablesArgument } from './graphql-request';
export type { ErrorBody, PathsWith, RequestOptions, RestClient, RestResult, SuccessBody } from './rest-request';
export type { ClientOptions, FetchFunction } from './transport';
