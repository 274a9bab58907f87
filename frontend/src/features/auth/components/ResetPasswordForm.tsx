import { Button } from '@blueprintjs/core';
import { ResetPasswordFields, validatePasswordConfirmation } from '@stockroom/schema';
import { Form } from 'react-final-form';
import { TextField } from '../../../components/form/TextField';
import { FormErrorCallout } from './FormErrorCallout';

export interface ResetPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export interface ResetPasswordFormProps {
  error: string | null;
  disabled: boolean;
  onSubmit(values: ResetPasswordValues): Promise<Record<string, string> | undefined>;
}

export function ResetPasswordForm({ error, disabled, onSubmit }: ResetPasswordFormProps) {
  return (
    <Form<ResetPasswordValues> onSubmit={onSubmit}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate className="auth-form">
          <FormErrorCallout message={error} />
          <TextField
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            autoFocus
            helperText="At least 8 characters with upper case, lower case, a number and a special character."
            rule={ResetPasswordFields.newPassword}
          />
          <TextField
            name="confirmPassword"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            validate={(value, all) => validatePasswordConfirmation((all as ResetPasswordValues).newPassword, value)}
          />
          <Button type="submit" intent="primary" size="large" fill loading={submitting} disabled={disabled}>
            Update Password
          </Button>
        </form>
      )}
    </Form>
  );
}
