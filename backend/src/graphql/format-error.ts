import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError, internalError } from '../common/errors';

/**
 * Maps a DomainError to `{ message, extensions: { code, fields? } }` once.
 * GraphQL's own errors (syntax, validation, variable types, query limits)
 * keep their message; anything else becomes a generic server error, so no
 * stack, SQL or library name reaches a client.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const domain = original instanceof DomainError ? original : undefined;
  if (domain) {
    return {
      message: domain.message,
      path: formatted.path,
      extensions: domain.fields ? { code: domain.code, fields: domain.fields } : { code: domain.code },
    };
  }
  if (original instanceof GraphQLError && !original.originalError) {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code: formatted.extensions?.code ?? 'BAD_REQUEST' } };
  }
  console.error('[graphql]', original);
  const { code, message } = internalError();
  return { message, path: formatted.path, extensions: { code } };
}
