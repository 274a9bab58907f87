import { Button } from '@blueprintjs/core';
import { ChangePasswordFields, PASSWORD_POLICY, validatePasswordConfirmation } from '@stockroom/schema';
import { Form } from 'react-final-form';
import { TextField } from '../../../components/form/TextField';
import { submitFocusingFirstError } from '../../../components/form/focus-first-error';
import { EMPTY_PASSWORD_FORM, type PasswordFormValues } from '../profile-form-values';

export interface ChangePasswordFormProps {
  /** Resolves to the server's per-field messages, or undefined on success. */
  onSubmit(values: PasswordFormValues): Promise<Partial<Record<keyof PasswordFormValues, string>> | undefined>;
  /** Whether the account has a password its holder chose; without one (single sign-on opened it) the form sets one, asking for no current password. */
  hasPassword: boolean;
}

/**
 * Current password (when the account has one its holder chose), new
 * password and its confirmation. The auth feature's
 * NewPasswordFields is not reused: its rule is labelled "Password" and its
 * confirmation "Confirm password", while this form names the new password as
 * the server's ChangePasswordFields do.
 */
export function ChangePasswordForm({ onSubmit, hasPassword }: ChangePasswordFormProps) {
  return (
    <Form<PasswordFormValues> onSubmit={onSubmit} initialValues={EMPTY_PASSWORD_FORM}>
      {({ handleSubmit, submitting, form }) => (
        <form onSubmit={(event) => submitFocusingFirstError(event, handleSubmit, form)} noValidate aria-label={hasPassword ? 'Change password' : 'Set a password'}>
          {hasPassword && <TextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" rule={ChangePasswordFields.currentPassword} />}
          <TextField
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            helperText={PASSWORD_POLICY}
            rule={ChangePasswordFields.newPassword}
          />
          <TextField
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            validate={(value, all) => validatePasswordConfirmation((all as PasswordFormValues).newPassword, value)}
          />
          <div className="profile-form__actions">
            <Button type="submit" intent="primary" size="large" loading={submitting}>
              {hasPassword ? 'Change Password' : 'Set Password'}
            </Button>
          </div>
        </form>
      )}
    </Form>
  );
}
