import type { FormApi } from 'final-form';
import type { FormEvent } from 'react';
import { visibleFieldError } from './field-error';

/**
 * Submits the form and, when the submit fails on field messages (a rule's,
 * or the server's), moves the focus to the first field showing a message, in
 * the order the form shows its fields: keyboard and screen-reader users land
 * on what to fix instead of staying on the submit button. Use as the form's
 * onSubmit: `onSubmit={(event) => submitFocusingFirstError(event, handleSubmit, form)}`.
 */
export function submitFocusingFirstError<Values>(
  event: FormEvent<HTMLFormElement>,
  handleSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<unknown> | undefined,
  form: FormApi<Values>,
): void {
  const element = event.currentTarget;
  // final-form settles the submit (at once when a rule fails, after the server otherwise) before this runs.
  void Promise.resolve(handleSubmit(event)).then(() => {
    if (element.isConnected && form.getState().submitFailed) focusFirstFieldWithError(element, form);
  });
}

function focusFirstFieldWithError<Values>(element: HTMLFormElement, form: FormApi<Values>): void {
  const registered = new Set<string>(form.getRegisteredFields());
  for (const control of Array.from(element.elements)) {
    const name = (control as HTMLInputElement).name;
    if (!name || !registered.has(name)) continue;
    const field = form.getFieldState(name as keyof Values);
    if (field && visibleFieldError(field)) {
      (control as HTMLElement).focus();
      return;
    }
  }
}
