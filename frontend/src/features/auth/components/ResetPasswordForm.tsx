import { AuthForm, type SubmitErrors } from './AuthForm';
import { NewPasswordFields } from './NewPasswordFields';

export interface ResetPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export interface ResetPasswordFormProps {
  error: string | null;
  /** True when the emailed link lacks its token or email, so nothing could be reset. */
  disabled: boolean;
  onSubmit(values: ResetPasswordValues): Promise<SubmitErrors>;
}

export function ResetPasswordForm({ error, disabled, onSubmit }: ResetPasswordFormProps) {
  return (
    <AuthForm<ResetPasswordValues> error={error} submitLabel="Update Password" submitDisabled={disabled} onSubmit={onSubmit}>
      <NewPasswordFields name="newPassword" label="New password" autoFocus />
    </AuthForm>
  );
}
