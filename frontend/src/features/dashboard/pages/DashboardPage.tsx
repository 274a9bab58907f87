import { useResendVerificationMutation } from '@stockroom/schema/generated/hooks';
import { AuthMessages } from '@stockroom/schema';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { extractErrorMessage } from '../../../lib/errors';
import { usePageTitle } from '../../../lib/usePageTitle';
import { fullNameOf, useAuth } from '../../auth';
import { AccountOverview } from '../components/AccountOverview';
import { VerifyEmailReminder } from '../components/VerifyEmailReminder';

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { state } = useAuth();
  const [resend, { loading: sending }] = useResendVerificationMutation();
  const [resendResult, setResendResult] = useState<{ ok: boolean; message: string } | null>(null);
  const user = state.user;
  if (!user) return null;
  const fullName = fullNameOf(user);
  // The placeholder of a restored session has no email yet: no reminder until the profile is in.
  const showReminder = user.email !== '' && !user.emailVerified;

  const onResend = () => {
    setResendResult(null);
    resend()
      .then(({ data }) =>
        setResendResult({ ok: true, message: data?.resendVerification.message || AuthMessages.verificationSent }),
      )
      .catch((error: unknown) => setResendResult({ ok: false, message: extractErrorMessage(error) }));
  };

  return (
    <div className="page">
      <PageHeader title="Dashboard" subtitle={`Welcome back, ${user.firstName}.`} />
      {showReminder && (
        <VerifyEmailReminder email={user.email} sending={sending} result={resendResult} onResend={onResend} />
      )}
      <AccountOverview
        fullName={fullName}
        email={user.email}
        role={user.role}
        status={user.status}
        createdAt={user.createdAt}
        emailVerified={user.emailVerified}
        avatar={user.avatar}
      />
    </div>
  );
}
