import { extractFieldErrors } from '../../lib/errors';
import type { FlowResult } from './auth-flows';

/**
 * final-form submit errors for a failed call: the server's per-field
 * messages (BAD_USER_INPUT extensions.fields), renamed to the form's fields.
 * The overall message is in the auth state and shown in the callout.
 */
export function submitErrorsOf(result: FlowResult, rename: Record<string, string> = {}): Record<string, string> | undefined {
  if (result.ok) return undefined;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(extractFieldErrors(result.error))) {
    errors[rename[field] ?? field] = message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
