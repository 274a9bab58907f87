import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { AuthMessages, GeneralMessages } from '@stockroom/schema';
import { extractErrorMessage, extractFieldErrors } from '../../lib/errors';

/** Messages lib/errors makes up when the server said nothing usable. */
const NOT_FROM_SERVER: ReadonlySet<string> = new Set([GeneralMessages.somethingWentWrong, GeneralMessages.network, AuthMessages.invalidCredentials]);

/**
 * Spec section 8 for product calls: the server's message if there is one,
 * otherwise the call's fallback ('Failed to create product', ..., or the
 * generic message for loading a list or one product).
 */
export function productErrorMessage(error: unknown, fallback: string): string {
  const message = extractErrorMessage(error);
  return NOT_FROM_SERVER.has(message) ? fallback : message;
}

/** A list or one product that could not be read: the server's message, else the generic one. */
export const loadErrorMessage = (error: unknown): string => productErrorMessage(error, GeneralMessages.somethingWentWrong);

/** The `extensions.code` of a GraphQL error, if it is one. */
function errorCodeOf(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors.find((e) => typeof e.extensions?.code === 'string')?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** No such product for this user: NOT_FOUND, or an id that is not a UUID ('Invalid ID format'). */
export function isProductMissing(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'NOT_FOUND' || (code === 'BAD_USER_INPUT' && 'id' in extractFieldErrors(error));
}

export const isConflict = (error: unknown) => errorCodeOf(error) === 'CONFLICT';

/** The server's per-field messages (BAD_USER_INPUT `extensions.fields`) for the fields a form has. */
export function formFieldErrors<K extends string>(error: unknown, fields: ReadonlySet<K>): Partial<Record<K, string>> | undefined {
  const errors: Partial<Record<K, string>> = {};
  for (const [field, message] of Object.entries(extractFieldErrors(error))) {
    if (fields.has(field as K)) errors[field as K] = message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
