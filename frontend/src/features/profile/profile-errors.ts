import { AuthMessages } from '@stockroom/schema';
import { errorCodeOf, extractErrorMessage, formFieldErrors } from '../../lib/errors';

/**
 * final-form submit errors for a failed save: the server's per-field messages
 * (BAD_USER_INPUT `extensions.fields`) for the fields the form has, and a
 * taken email (a CONFLICT with no field of its own) on the email field, where
 * the person has to fix it.
 */
export function accountFieldErrors<K extends string>(error: unknown, fields: ReadonlySet<K>): Partial<Record<K, string>> | undefined {
  const errors: Partial<Record<K, string>> = formFieldErrors(error, fields) ?? {};
  if (errorCodeOf(error) === 'CONFLICT' && extractErrorMessage(error) === AuthMessages.emailTaken && fields.has('email' as K)) {
    errors['email' as K] = AuthMessages.emailTaken;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
