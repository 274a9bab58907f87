import { Button, Callout } from '@blueprintjs/core';
import { EnvelopeIcon } from '@blueprintjs/icons';
import { useResendVerificationMutation, useVerifyEmailMutation } from '@stockroom/schema/generated/hooks';
import { AuthMessages } from '@stockroom/schema';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { extractErrorMessage } from '../../../lib/errors';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useAuth } from '../../../lib/session';
import { dashboardPath } from '../../../lib/urls';
import { AuthLayout } from '../components/AuthLayout';
import { signInPath } from '../urls';

type Outcome = { status: 'pending' } | { status: 'verified'; message: string } | { status: 'failed'; message: string };

/** The emailed link lands here (?token=&email=); the result is shown once. */
export default function VerifyEmailPage() {
  usePageTitle('Verify Email');
  const { state, reloadProfile } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [verifyEmail] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>({ status: 'pending' });
  // A verification token is single use: StrictMode's double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token || !email) {
      setOutcome({ status: 'failed', message: AuthMessages.verifyLinkInvalid });
      return;
    }
    verifyEmail({ variables: { input: { token, email } } })
      .then(({ data }) => {
        setOutcome({ status: 'verified', message: data?.verifyEmail.message || AuthMessages.emailVerified });
        if (state.isAuthenticated) void reloadProfile();
      })
      .catch((error: unknown) => setOutcome({ status: 'failed', message: extractErrorMessage(error) }));
  }, [token, email, verifyEmail, reloadProfile, state.isAuthenticated]);

  // A link that failed (expired, or sent before a change of email) is replaced from here when the account is signed in: resending needs the session, as on the dashboard.
  const [resend, { loading: sending }] = useResendVerificationMutation();
  const [resendResult, setResendResult] = useState<{ ok: boolean; message: string } | null>(null);
  const canResend = outcome.status === 'failed' && state.isAuthenticated && !state.user?.emailVerified;
  const onResend = () => {
    setResendResult(null);
    resend()
      .then(({ data }) => setResendResult({ ok: true, message: data?.resendVerification.message || AuthMessages.verificationSent }))
      .catch((error: unknown) => setResendResult({ ok: false, message: extractErrorMessage(error) }));
  };

  const next = state.isAuthenticated ? { href: dashboardPath, text: 'Go to Dashboard' } : { href: signInPath, text: 'Sign In' };

  return (
    <AuthLayout icon={<EnvelopeIcon size={22} />} title="Email verification" subtitle={email || 'Confirming your address'}>
      {outcome.status === 'pending' ? (
        <LoadingScreen label="Verifying your email" />
      ) : (
        <div className="auth-form">
          <Callout intent={outcome.status === 'verified' ? 'success' : 'danger'} role={outcome.status === 'verified' ? 'status' : 'alert'}>
            {outcome.message}
          </Callout>
          {canResend && (
            <Button className="auth-form__secondary" size="large" fill loading={sending} disabled={resendResult?.ok} onClick={onResend}>
              Send a new link
            </Button>
          )}
          {resendResult && (
            <Callout intent={resendResult.ok ? 'success' : 'danger'} role={resendResult.ok ? 'status' : 'alert'}>
              {resendResult.message}
            </Callout>
          )}
          <LinkButton to={next.href} intent="primary" size="large" fill>
            {next.text}
          </LinkButton>
        </div>
      )}
    </AuthLayout>
  );
}
