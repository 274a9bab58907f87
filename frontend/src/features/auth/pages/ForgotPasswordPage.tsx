import { Callout } from '@blueprintjs/core';
import { ArrowLeftIcon, KeyIcon } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useAuth } from '../../../lib/session';
import { AuthLayout } from '../components/AuthLayout';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { submitErrorsOf } from '../submit-errors';
import { signInPath } from '../urls';

const FORGOT_PASSWORD_SUCCESS = 'Password reset link has been sent to your email.';

export default function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const { state, forgotPassword, clearError, clearMessage } = useAuth();
  const [sent, setSent] = useState(false);

  useEffect(
    () => () => {
      clearError();
      clearMessage();
    },
    [clearError, clearMessage],
  );

  const backToSignIn = (
    <Link to={signInPath} className="auth-back-link">
      <ArrowLeftIcon size={12} /> Back to Sign In
    </Link>
  );

  return (
    <AuthLayout
      icon={<KeyIcon size={22} />}
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we will send you a link to choose a new password."
      footer={sent ? undefined : backToSignIn}
    >
      {sent ? (
        <div className="auth-form">
          {/* The screen's own success message only: the server's (in the auth state) says the same thing a second time. */}
          <Callout intent="success" role="status">
            {FORGOT_PASSWORD_SUCCESS}
          </Callout>
          <LinkButton to={signInPath} intent="primary" size="large" fill icon={<ArrowLeftIcon />}>
            Back to Sign In
          </LinkButton>
        </div>
      ) : (
        <ForgotPasswordForm
          error={state.error}
          onSubmit={async ({ email }) => {
            const result = await forgotPassword({ email: email.trim() });
            if (result.ok) setSent(true);
            return submitErrorsOf(result);
          }}
        />
      )}
    </AuthLayout>
  );
}
