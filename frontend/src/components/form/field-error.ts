import type { FieldMetaState } from 'react-final-form';

/**
 * The message a field shows, the one rule of every field (RuleField, and so
 * TextField, InputField, TextAreaField) and of where a failed submit puts the
 * focus (submitFocusingFirstError): a rule's message once the person has typed
 * in the field and left it (or tried to submit), then on every keystroke; the
 * server's message until the field is edited.
 */
export function visibleFieldError(meta: FieldMetaState<unknown>): string | undefined {
  const serverError = !meta.dirtySinceLastSubmit ? (meta.submitError as string | undefined) : undefined;
  const shown = (meta.touched && meta.modified) || meta.submitFailed;
  return (shown && (meta.error as string | undefined)) || serverError;
}
