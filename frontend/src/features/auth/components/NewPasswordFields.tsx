import { PASSWORD_POLICY, Rules, validatePasswordConfirmation } from '@stockroom/schema';
import { TextField } from '../../../components/form/TextField';

export interface NewPasswordFieldsProps {
  /** The form value holding the new password; the confirmation is `confirmPassword`. */
  name: string;
  label: string;
  autoFocus?: boolean;
}

/** A new password under the shared rule, its policy beside it, and the confirmation that must match it. */
export function NewPasswordFields({ name, label, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        helperText={PASSWORD_POLICY}
        rule={Rules.password}
      />
      <TextField
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        validate={(value, all) => validatePasswordConfirmation((all as Record<string, unknown>)[name], value)}
      />
    </>
  );
}
