import { Button } from '@blueprintjs/core';
import { ForgotPasswordFields } from '@stockroom/schema';
import type { ForgotPasswordInput } from '@stockroom/schema/generated/graphql';
import { Form } from 'react-final-form';
import { TextField } from '../../../components/form/TextField';
import { FormErrorCallout } from './FormErrorCallout';

export interface ForgotPasswordFormProps {
  error: string | null;
  onSubmit(values: ForgotPasswordInput): Promise<Record<string, string> | undefined>;
}

export function ForgotPasswordForm({ error, onSubmit }: ForgotPasswordFormProps) {
  return (
    <Form<ForgotPasswordInput> onSubmit={onSubmit}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate className="auth-form">
          <FormErrorCallout message={error} />
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            rule={ForgotPasswordFields.email}
          />
          <Button type="submit" intent="primary" size="large" fill loading={submitting}>
            Send Reset Link
          </Button>
        </form>
      )}
    </Form>
  );
}
