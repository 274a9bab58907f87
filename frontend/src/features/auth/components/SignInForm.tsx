import { Classes } from '@blueprintjs/core';
import { SignInFields } from '@stockroom/schema';
import type { SignInInput } from '@stockroom/schema/generated/graphql';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/form/TextField';
import { PasskeyButton } from './PasskeyButton';
import { AuthForm, type SubmitErrors } from './AuthForm';

export interface SignInFormProps {
  error: string | null;
  /** Attempts left before the lock, or how long it lasts, under the error. */
  lockoutNotice?: string | null;
  forgotPasswordHref: string;
  signUpHref: string;
  /** The OpenID provider to offer beside the password, and where its button goes; none when single sign-on is off. */
  singleSignOn?: { name: string; href: string } | null;
  /** Signs in with a passkey instead of the password; no button when absent (a browser without passkeys). */
  onPasskey?: (() => Promise<void>) | null;
  onSubmit(values: SignInInput): Promise<SubmitErrors>;
}

export function SignInForm({ error, lockoutNotice, forgotPasswordHref, signUpHref, singleSignOn, onPasskey, onSubmit }: SignInFormProps) {
  return (
    <AuthForm<SignInInput>
      error={error}
      errorDetail={lockoutNotice}
      submitLabel="Sign In to Dashboard"
      onSubmit={onSubmit}
      footer={
        <>
          {onPasskey && <PasskeyButton onPasskey={onPasskey}>Sign in with a passkey</PasskeyButton>}
          {singleSignOn && (
            // A plain link styled as a button, after an "or" of the stylesheet's: the browser goes to the server, which sends it on to the provider.
            <a className={`${Classes.BUTTON} ${Classes.LARGE} ${Classes.FILL} auth-form__sso`} href={singleSignOn.href}>
              Sign in with {singleSignOn.name}
            </a>
          )}
          <p className="auth-form__alt">
            New to Stockroom? <Link to={signUpHref}>Create account</Link>
          </p>
        </>
      }
    >
      <TextField name="email" label="Email" type="email" autoComplete="email" autoFocus rule={SignInFields.email} />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" rule={SignInFields.password} />
      <div className="auth-form__row auth-form__row--end">
        <Link to={forgotPasswordHref}>Forgot password?</Link>
      </div>
    </AuthForm>
  );
}
