import { Button } from '@blueprintjs/core';
import { ShieldIcon } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { SecondFactorMessages, SignInWithCodeFields } from '@stockroom/schema';
import { TextField } from '../../../components/form/TextField';
import { PasskeyButton } from './PasskeyButton';
import { AuthForm, type SubmitErrors } from './AuthForm';
import { AuthLayout } from './AuthLayout';

export interface SignInCodeFormProps {
  error: string | null;
  /** Attempts left before the lock, or how long it lasts, under the error. */
  lockoutNotice?: string | null;
  onSubmit(values: { code: string }): Promise<SubmitErrors>;
  /** Back to the password: another account. */
  onStartOver(): void;
  /** The sign-in waited too long (or was used): back to the password, whose form shows the message. */
  onExpired(): void;
  /** The second factors the account has: "totp" and "recovery" (codes), "webauthn" (a passkey). */
  methods: readonly string[];
  /** Finishes with a passkey instead of a code; null in a browser without passkeys. */
  onPasskey: (() => Promise<void>) | null;
}

/**
 * Sign-in's second step: a code from the authenticator app, a recovery
 * code, or a passkey. A chunk of its own, loaded when a password turns out
 * to need it, so the sign-in page most people see carries none of it.
 */
export default function SignInCodeForm({ error, lockoutNotice, onSubmit, onStartOver, onExpired, methods, onPasskey }: SignInCodeFormProps) {
  useEffect(() => {
    if (error === SecondFactorMessages.mfaTokenInvalid) onExpired();
  }, [error, onExpired]);
  const startOver = (
    <p className="auth-form__alt">
      Not your account?{' '}
      <Button variant="minimal" size="small" onClick={onStartOver}>
        Start over
      </Button>
    </p>
  );
  const withPasskey = methods.includes('webauthn');
  if (!methods.includes('totp')) {
    // Only passkeys: the one step left is the browser's prompt.
    return (
      <AuthLayout icon={<ShieldIcon size={22} />} title="Use your passkey" subtitle="One more step to sign in.">
        <AuthForm<Record<string, never>>
          error={error ?? (onPasskey ? null : SecondFactorMessages.passkeyUnsupported)}
          errorDetail={lockoutNotice}
          submitLabel="Use a Passkey"
          submitDisabled={!onPasskey}
          onSubmit={async () => {
            await onPasskey?.();
            return undefined;
          }}
          footer={startOver}
        >
          <p className="auth-form__lead">This account signs in with a passkey as its second step.</p>
        </AuthForm>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout icon={<ShieldIcon size={22} />} title="Enter your code" subtitle="One more step to sign in.">
      <AuthForm<{ code: string }>
        error={error}
        errorDetail={lockoutNotice}
        submitLabel="Verify and Sign In"
        onSubmit={onSubmit}
        footer={
          <>
            {withPasskey && onPasskey && <PasskeyButton onPasskey={onPasskey}>Use a passkey instead</PasskeyButton>}
            {startOver}
          </>
        }
      >
        <p className="auth-form__lead">Two-factor authentication is on for this account.</p>
        <TextField
          name="code"
          label="Authentication code"
          autoComplete="one-time-code"
          autoFocus
          helperText="The 6-digit code from your authenticator app, or one of your recovery codes."
          rule={SignInWithCodeFields.code}
        />
      </AuthForm>
    </AuthLayout>
  );
}
