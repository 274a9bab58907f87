import { Button, Callout, H2 } from '@blueprintjs/core';

export interface VerifyEmailReminderProps {
  email: string;
  sending: boolean;
  result: { ok: boolean; message: string } | null;
  onResend(): void;
}

export function VerifyEmailReminder({ email, sending, result, onResend }: VerifyEmailReminderProps) {
  return (
    // The title is an <h2> of our own: Callout's `title` is an <h5>, which would skip levels under the page's <h1>.
    <Callout intent="warning" className="dashboard__reminder">
      <H2 className="callout-title">Your email is not verified</H2>
      <p>
        We sent a confirmation link to <strong>{email}</strong>. Open it to verify your address.
      </p>
      {result && (
        <p className={result.ok ? 'dashboard__reminder-ok' : 'dashboard__reminder-error'} role={result.ok ? 'status' : 'alert'}>
          {result.message}
        </p>
      )}
      <Button intent="warning" variant="outlined" loading={sending} onClick={onResend}>
        Resend verification
      </Button>
    </Callout>
  );
}
