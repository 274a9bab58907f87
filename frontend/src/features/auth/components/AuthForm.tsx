import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { FormErrorCallout } from './FormErrorCallout';

export type SubmitErrors = Record<string, string> | undefined;

export interface AuthFormProps<Values> {
  /** The server's message for the whole form, shown above the fields. */
  error: string | null;
  /** A sentence after the error: what it means for the next try. */
  errorDetail?: string | null;
  submitLabel: string;
  submitDisabled?: boolean;
  /** Resolves to per-field server messages, or undefined on success. */
  onSubmit(values: Values): Promise<SubmitErrors>;
  /** The fields (and anything that belongs above the submit button). */
  children: ReactNode;
  /** Below the submit button, e.g. a link to the other auth page. */
  footer?: ReactNode;
  /** Values the fields start with (an invited address on sign-up). */
  initialValues?: Partial<Values>;
}

/** The frame every auth form shares: final-form, the server's message, the fields, one full-width submit button. */
export function AuthForm<Values>({ error, errorDetail, submitLabel, submitDisabled, onSubmit, children, footer, initialValues }: AuthFormProps<Values>) {
  return (
    <Form<Values> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate className="auth-form">
          <FormErrorCallout message={error} detail={errorDetail} />
          {children}
          <Button type="submit" intent="primary" size="large" fill loading={submitting} disabled={submitDisabled}>
            {submitLabel}
          </Button>
          {footer}
        </form>
      )}
    </Form>
  );
}
