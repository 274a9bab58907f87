import { AuthForm, type SubmitErrors } from './AuthForm';
import { NewPasswordFields } from './NewPasswordFields';

export interface ResetPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export interface ResetPasswordFormProps {
  error: string | null;
  /** True when the emailed link cannot reset anything (its token or email is missing, or it was used or has expired). */
  disabled: boolean;
  onSubmit(values: ResetPasswordValues): Promise<SubmitErrors>;
}

/** The fieldset disables every field at once; `display: contents` keeps the fields in the form's own column layout. */
const FIELDSET_STYLE = { display: 'contents' } as const;

export function ResetPasswordForm({ error, disabled, onSubmit }: ResetPasswordFormProps) {
  return (
    <AuthForm<ResetPasswordValues> error={error} submitLabel="Update Password" submitDisabled={disabled} onSubmit={onSubmit}>
      <fieldset disabled={disabled} style={FIELDSET_STYLE}>
        <NewPasswordFields name="newPassword" label="New password" autoFocus={!disabled} />
      </fieldset>
    </AuthForm>
  );
}
