import { useApolloClient } from '@apollo/client/react';
import { LogInIcon } from '@blueprintjs/icons';
import { browserHasPasskeys } from '../../../lib/passkeys/has-passkeys';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSignInOptions } from '../../../lib/sign-in-options';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useAuth, type CodeNeeded, type FlowResult } from '../../../lib/session';
import { AuthLayout } from '../components/AuthLayout';
import { SignInForm } from '../components/SignInForm';
import { lockoutNoticeOf } from '../lockout-notice';
import { submitErrorsOf } from '../submit-errors';
import { forgotPasswordPath, signUpPath, singleSignOnStartPath } from '../urls';
import { useReturnUrl } from '../useReturnUrl';
import { useSingleSignOnReturn } from '../useSingleSignOnReturn';

const SignInCodeForm = lazy(() => import('../components/SignInCodeForm'));

export default function SignInPage() {
  usePageTitle('Sign In');
  const { state, signIn, signInWithCode, signInWith, clearError } = useAuth();
  const client = useApolloClient();
  const [hasPasskeys] = useState(browserHasPasskeys);
  const { carry, goToReturnUrl } = useReturnUrl();
  // Belongs to the last refusal: the auth state keeps only its message.
  const [lockoutNotice, setLockoutNotice] = useState<string | null>(null);
  const ssoReturn = useSingleSignOnReturn();
  const { singleSignOn } = useSignInOptions() ?? {};
  // Set once the password (or the provider's sign-in) was right for an account that asks for a code (or a passkey) too.
  const [codeNeeded, setCodeNeeded] = useState<CodeNeeded | null>(ssoReturn.codeNeeded);
  const mfaToken = codeNeeded?.mfaToken ?? null;

  useEffect(() => clearError, [clearError]);

  const finish = (result: FlowResult) => {
    setLockoutNotice(result.ok ? null : lockoutNoticeOf(result.error));
    if (!result.ok) return submitErrorsOf(result);
    if (result.codeNeeded) setCodeNeeded(result.codeNeeded);
    else goToReturnUrl();
    return undefined;
  };

  /** Signs in with a passkey (as the second factor when `token` is set); its code loads on first use. */
  const passkeySignIn = (token?: string) => async () => {
    finish(await signInWith(() => import('../passkey-sign-in').then(({ signInWithPasskey }) => signInWithPasskey(client, token))));
  };

  if (mfaToken) {
    return (
      <Suspense>
        <SignInCodeForm
          error={state.error}
          lockoutNotice={state.error ? lockoutNotice : null}
          onStartOver={() => {
            clearError();
            setCodeNeeded(null);
          }}
          onExpired={() => setCodeNeeded(null)}
          methods={codeNeeded?.methods ?? []}
          onPasskey={hasPasskeys ? passkeySignIn(mfaToken) : null}
          onSubmit={async ({ code }) => finish(await signInWithCode({ mfaToken, code: code.trim() }))}
        />
      </Suspense>
    );
  }

  return (
    <AuthLayout icon={<LogInIcon size={22} />} title="Welcome back" subtitle="Sign in to manage your inventory.">
      <SignInForm
        error={state.error ?? ssoReturn.refusal}
        lockoutNotice={state.error ? lockoutNotice : null}
        singleSignOn={singleSignOn && { name: singleSignOn.name, href: `${singleSignOnStartPath}${carry}` }}
        forgotPasswordHref={forgotPasswordPath}
        signUpHref={`${signUpPath}${carry}`}
        onPasskey={hasPasskeys ? passkeySignIn() : null}
        onSubmit={async (values) => finish(await signIn({ email: values.email.trim(), password: values.password }))}
      />
    </AuthLayout>
  );
}
