import { ApolloServerErrorCode, unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { databaseOutageError, databaseOutageOf, logDatabaseOutage } from '../common/database-outage';
import { DomainError, internalError, ServiceUnavailableError, TooManyRequestsError } from '../common/errors';
import { log } from '../common/log';

/** Errors GraphQL itself raises for a bad request (syntax, validation, query limits, variable types): their message helps the caller. */
const REQUEST_ERROR_CODES = new Set<unknown>([
  ApolloServerErrorCode.GRAPHQL_PARSE_FAILED,
  ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED,
  ApolloServerErrorCode.BAD_USER_INPUT,
  ApolloServerErrorCode.BAD_REQUEST,
  ApolloServerErrorCode.OPERATION_RESOLUTION_FAILURE,
  ApolloServerErrorCode.PERSISTED_QUERY_NOT_FOUND,
  ApolloServerErrorCode.PERSISTED_QUERY_NOT_SUPPORTED,
]);

/**
 * Maps a DomainError to `{ message, extensions: { code, fields? } }` once.
 * GraphQL's own request errors keep their message; anything else becomes a
 * generic server error, so no stack, SQL or library name reaches a client.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const unwrapped = unwrapResolverError(error);
  const outage = unwrapped instanceof DomainError ? undefined : databaseOutageOf(unwrapped);
  if (outage !== undefined) logDatabaseOutage(outage, `graphql ${formatted.path?.join('.') ?? ''}`);
  const original = outage === undefined ? unwrapped : databaseOutageError();
  if (original instanceof DomainError) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: {
        code: original.code,
        ...(original.fields && { fields: original.fields }),
        // What REST sends as the Retry-After header.
        ...((original instanceof TooManyRequestsError || original instanceof ServiceUnavailableError) && { retryAfterSeconds: original.retryAfterSeconds }),
        ...original.details,
      },
    };
  }
  const code = formatted.extensions?.code;
  if (REQUEST_ERROR_CODES.has(code)) {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
  }
  log.error({ err: original, path: formatted.path }, '[graphql] unexpected error');
  const generic = internalError();
  return { message: generic.message, path: formatted.path, extensions: { code: generic.code } };
}
