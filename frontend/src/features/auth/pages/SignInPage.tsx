import { LogInIcon } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { sanitizeReturnUrl } from '../../../lib/return-url';
import { usePageTitle } from '../../../lib/usePageTitle';
import { AuthLayout } from '../components/AuthLayout';
import { SignInForm } from '../components/SignInForm';
import { submitErrorsOf } from '../submit-errors';
import { useAuth } from '../useAuth';

export default function SignInPage() {
  usePageTitle('Sign In');
  const { state, signIn, clearError } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl');
  const carry = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';

  useEffect(() => clearError, [clearError]);

  return (
    <AuthLayout icon={<LogInIcon size={22} />} title="Welcome back" subtitle="Sign in to manage your inventory.">
      <SignInForm
        error={state.error}
        forgotPasswordHref="/auth/forgot-password"
        signUpHref={`/auth/signup${carry}`}
        onSubmit={async (values) => {
          const result = await signIn({ email: values.email.trim(), password: values.password });
          if (result.ok) {
            navigate(sanitizeReturnUrl(returnUrl), { replace: true });
            return undefined;
          }
          return submitErrorsOf(result);
        }}
      />
    </AuthLayout>
  );
}
