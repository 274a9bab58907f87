import { ForgotPasswordFields } from '@stockroom/schema';
import type { ForgotPasswordInput } from '@stockroom/schema/generated/graphql';
import { TextField } from '../../../components/form/TextField';
import { AuthForm, type SubmitErrors } from './AuthForm';

export interface ForgotPasswordFormProps {
  error: string | null;
  onSubmit(values: ForgotPasswordInput): Promise<SubmitErrors>;
}

export function ForgotPasswordForm({ error, onSubmit }: ForgotPasswordFormProps) {
  return (
    <AuthForm<ForgotPasswordInput> error={error} submitLabel="Send Reset Link" onSubmit={onSubmit}>
      <TextField name="email" label="Email" type="email" autoComplete="email" autoFocus rule={ForgotPasswordFields.email} />
    </AuthForm>
  );
}
