import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { AuthMessages, GeneralMessages } from '@stockroom/schema';
import { extractErrorMessage, extractFieldErrors } from '../../lib/errors';

/** Messages lib/errors makes up when the server said nothing usable. */
const NOT_FROM_SERVER: ReadonlySet<string> = new Set([GeneralMessages.somethingWentWrong, GeneralMessages.network, AuthMessages.invalidCredentials]);

/** Section 8: the server's message if there is one, otherwise the call's fallback ('Failed to update user profile', ...). */
export function accountErrorMessage(error: unknown, fallback: string): string {
  const message = extractErrorMessage(error);
  return NOT_FROM_SERVER.has(message) ? fallback : message;
}

function errorCodeOf(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors.find((e) => typeof e.extensions?.code === 'string')?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * final-form submit errors for a failed save: the server's per-field messages
 * (BAD_USER_INPUT `extensions.fields`) for the fields the form has, and a
 * taken email (a CONFLICT with no field of its own) on the email field, where
 * the person has to fix it.
 */
export function accountFieldErrors<K extends string>(error: unknown, fields: ReadonlySet<K>): Partial<Record<K, string>> | undefined {
  const errors: Partial<Record<K, string>> = {};
  for (const [field, message] of Object.entries(extractFieldErrors(error))) {
    if (fields.has(field as K)) errors[field as K] = message;
  }
  if (errorCodeOf(error) === 'CONFLICT' && extractErrorMessage(error) === AuthMessages.emailTaken && fields.has('email' as K)) {
    errors['email' as K] = AuthMessages.emailTaken;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
