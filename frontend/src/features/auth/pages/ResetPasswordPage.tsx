import { Callout } from '@blueprintjs/core';
import { extractFieldErrors } from '../../../lib/errors';
import { ArrowLeftIcon, EnvelopeIcon, LockIcon } from '@blueprintjs/icons';
import { AuthMessages, RESET_SUCCESS_REDIRECT_MS } from '@stockroom/schema';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useAuth } from '../../../lib/session';
import { AuthLayout } from '../components/AuthLayout';
import { ResetPasswordForm } from '../components/ResetPasswordForm';
import { submitErrorsOf } from '../submit-errors';
import { forgotPasswordPath, signInPath } from '../urls';

const RESET_PASSWORD_SUCCESS = 'Password updated successfully. You can now sign in.';

export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const { state, resetPassword, clearError, clearMessage } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const linkIsComplete = token !== '' && email !== '';
  // The server refused the token: used, expired or revoked. Only a new link can help.
  const [linkRefused, setLinkRefused] = useState(false);
  const linkUsable = linkIsComplete && !linkRefused;
  const [done, setDone] = useState(false);

  useEffect(
    () => () => {
      clearError();
      clearMessage();
    },
    [clearError, clearMessage],
  );

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(signInPath, { replace: true }), RESET_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <AuthLayout
      icon={<LockIcon size={22} />}
      title="Choose a new password"
      subtitle={email ? <>For <strong>{email}</strong></> : 'Set the password you will use to sign in.'}
      footer={
        <Link to={signInPath} className="auth-back-link">
          <ArrowLeftIcon size={12} /> Back to Sign In
        </Link>
      }
    >
      {done ? (
        <Callout intent="success" role="status">
          <p className="callout-lead">{RESET_PASSWORD_SUCCESS}</p>
          <p className="callout-detail">Taking you to the sign-in page…</p>
        </Callout>
      ) : (
        <>
          {!linkUsable && (
            <Callout intent="warning" className="form-callout" role="alert">
              <p className="callout-lead">{AuthMessages.resetLinkInvalid}.</p>
              {/* A button of its own, not a link inside the sentence: the way on, easy to find and to tap. */}
              <div className="callout-detail">
                <LinkButton to={forgotPasswordPath} intent="warning" variant="outlined" icon={<EnvelopeIcon />}>
                  Request a new link
                </LinkButton>
              </div>
            </Callout>
          )}
          <ResetPasswordForm
            // The warning above already says what is wrong with the link.
            error={linkRefused ? null : state.error}
            disabled={!linkUsable}
            onSubmit={async ({ newPassword }) => {
              const result = await resetPassword({ email, resetToken: token, newPassword });
              if (result.ok) setDone(true);
              else if ('resetToken' in extractFieldErrors(result.error)) {
                setLinkRefused(true);
                return undefined;
              }
              return submitErrorsOf(result);
            }}
          />
        </>
      )}
    </AuthLayout>
  );
}
