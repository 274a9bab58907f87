import { LogInIcon } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useAuth } from '../../../lib/session';
import { AuthLayout } from '../components/AuthLayout';
import { SignInForm } from '../components/SignInForm';
import { submitErrorsOf } from '../submit-errors';
import { forgotPasswordPath, signUpPath } from '../urls';
import { useReturnUrl } from '../useReturnUrl';

export default function SignInPage() {
  usePageTitle('Sign In');
  const { state, signIn, clearError } = useAuth();
  const { carry, goToReturnUrl } = useReturnUrl();

  useEffect(() => clearError, [clearError]);

  return (
    <AuthLayout icon={<LogInIcon size={22} />} title="Welcome back" subtitle="Sign in to manage your inventory.">
      <SignInForm
        error={state.error}
        forgotPasswordHref={forgotPasswordPath}
        signUpHref={`${signUpPath}${carry}`}
        onSubmit={async (values) => {
          const result = await signIn({ email: values.email.trim(), password: values.password });
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
