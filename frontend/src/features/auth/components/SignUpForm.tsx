import { SignUpFields } from '@stockroom/schema';
import type { SignUpInput } from '@stockroom/schema/generated/graphql';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/form/TextField';
import { AuthForm, type SubmitErrors } from './AuthForm';
import { NewPasswordFields } from './NewPasswordFields';

export type SignUpValues = SignUpInput & { confirmPassword: string };

export interface SignUpFormProps {
  error: string | null;
  signInHref: string;
  /** An address to start with: the one an invitation was sent to. */
  initialEmail?: string;
  onSubmit(values: SignUpValues): Promise<SubmitErrors>;
}

export function SignUpForm({ error, signInHref, initialEmail, onSubmit }: SignUpFormProps) {
  return (
    <AuthForm<SignUpValues>
      error={error}
      submitLabel="Create Account"
      onSubmit={onSubmit}
      initialValues={initialEmail ? { email: initialEmail } : undefined}
      footer={
        <p className="auth-form__alt">
          Already have an account? <Link to={signInHref}>Sign in</Link>
        </p>
      }
    >
      <div className="auth-form__pair">
        <TextField name="firstName" label="First name" autoComplete="given-name" autoFocus rule={SignUpFields.firstName} />
        <TextField name="lastName" label="Last name" autoComplete="family-name" rule={SignUpFields.lastName} />
      </div>
      <TextField name="email" label="Email" type="email" autoComplete="email" rule={SignUpFields.email} />
      <NewPasswordFields name="password" label="Password" />
    </AuthForm>
  );
}
