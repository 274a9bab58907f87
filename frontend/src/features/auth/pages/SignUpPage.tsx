import { NewPersonIcon } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useAuth } from '../../../lib/session';
import { AuthLayout } from '../components/AuthLayout';
import { SignUpForm } from '../components/SignUpForm';
import { submitErrorsOf } from '../submit-errors';
import { signInPath } from '../urls';
import { useReturnUrl } from '../useReturnUrl';

export default function SignUpPage() {
  usePageTitle('Sign Up');
  const { state, signUp, clearError } = useAuth();
  const { carry, goToReturnUrl } = useReturnUrl();
  // An invitation's link sends its address along (?email=), so the account is made with the invited one.
  const [params] = useSearchParams();
  const initialEmail = params.get('email') ?? undefined;

  useEffect(() => clearError, [clearError]);

  return (
    <AuthLayout
      icon={<NewPersonIcon size={22} />}
      title="Create your account"
      subtitle="Start tracking your products in minutes."
    >
      <SignUpForm
        error={state.error}
        signInHref={`${signInPath}${carry}`}
        initialEmail={initialEmail}
        onSubmit={async ({ firstName, lastName, email, password }) => {
          const result = await signUp({
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            email: email.trim(),
            password,
          });
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
