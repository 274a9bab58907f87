import { formFieldErrors } from '../../lib/errors';

/**
 * final-form submit errors for a failed save: the server's per-field messages
 * (`extensions.fields`) for the fields the form has. A taken email comes with
 * `fields.email`, so it lands on the email field, where the person has to fix
 * it, without the client matching the message's text.
 */
export function accountFieldErrors<K extends string>(error: unknown, fields: ReadonlySet<K>): Partial<Record<K, string>> | undefined {
  return formFieldErrors(error, fields);
}
