import { Button, Callout } from '@blueprintjs/core';

export interface VerifyEmailReminderProps {
  email: string;
  sending: boolean;
  result: { ok: boolean; message: string } | null;
  onResend(): void;
}

export function VerifyEmailReminder({ email, sending, result, onResend }: VerifyEmailReminderProps) {
  return (
    <Callout intent="warning" title="Your email is not verified" className="dashboard__reminder">
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
