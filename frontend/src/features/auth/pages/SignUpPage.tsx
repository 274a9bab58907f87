import { NewPersonIcon } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { sanitizeReturnUrl } from '../../../lib/return-url';
import { usePageTitle } from '../../../lib/usePageTitle';
import { AuthLayout } from '../components/AuthLayout';
import { SignUpForm } from '../components/SignUpForm';
import { submitErrorsOf } from '../submit-errors';
import { useAuth } from '../useAuth';

export default function SignUpPage() {
  usePageTitle('Sign Up');
  const { state, signUp, clearError } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl');
  const carry = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';

  useEffect(() => clearError, [clearError]);

  return (
    <AuthLayout
      icon={<NewPersonIcon size={22} />}
      title="Create your account"
      subtitle="Start tracking your products in minutes."
    >
      <SignUpForm
        error={state.error}
        signInHref={`/auth/login${carry}`}
        onSubmit={async ({ firstName, lastName, email, password }) => {
          const result = await signUp({
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            email: email.trim(),
            password,
          });
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
