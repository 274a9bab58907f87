import { LogInIcon } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { useSignInOptions } from '../../../lib/sign-in-options';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useAuth } from '../../../lib/session';
import { AuthLayout } from '../components/AuthLayout';
import { SignInForm } from '../components/SignInForm';
import { lockoutNoticeOf } from '../lockout-notice';
import { submitErrorsOf } from '../submit-errors';
import { forgotPasswordPath, signUpPath, singleSignOnStartPath } from '../urls';
import { useReturnUrl } from '../useReturnUrl';
import { useSingleSignOnReturn } from '../useSingleSignOnReturn';

export default function SignInPage() {
  usePageTitle('Sign In');
  const { state, signIn, clearError } = useAuth();
  const { carry, goToReturnUrl } = useReturnUrl();
  // Belongs to the last refusal: the auth state keeps only its message.
  const [lockoutNotice, setLockoutNotice] = useState<string | null>(null);
  const ssoRefusal = useSingleSignOnReturn();
  const { singleSignOn } = useSignInOptions() ?? {};

  useEffect(() => clearError, [clearError]);

  return (
    <AuthLayout icon={<LogInIcon size={22} />} title="Welcome back" subtitle="Sign in to manage your inventory.">
      <SignInForm
        error={state.error ?? ssoRefusal}
        lockoutNotice={state.error ? lockoutNotice : null}
        singleSignOn={singleSignOn && { name: singleSignOn.name, href: `${singleSignOnStartPath}${carry}` }}
        forgotPasswordHref={forgotPasswordPath}
        signUpHref={`${signUpPath}${carry}`}
        onSubmit={async (values) => {
          const result = await signIn({ email: values.email.trim(), password: values.password });
          setLockoutNotice(result.ok ? null : lockoutNoticeOf(result.error));
          if (result.ok) {
            goToReturnUrl();
            return undefined;
          }
          return submitErrorsOf(result);
        }}
      />
    </AuthLayout>
  );
}
