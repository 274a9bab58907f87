import { extractFieldErrors } from '../../lib/errors';
import type { FlowResult } from '../../lib/session';

/**
 * final-form submit errors for a failed call: the server's per-field
 * messages (extensions.fields: a field that failed its rule, or the email of
 * a taken address), whose names are the forms' own. The overall message is
 * in the auth state and shown in the callout.
 */
export function submitErrorsOf(result: FlowResult): Record<string, string> | undefined {
  if (result.ok) return undefined;
  const errors = extractFieldErrors(result.error);
  return Object.keys(errors).length > 0 ? errors : undefined;
}
