import { Button, Callout, Spinner, Tag } from '@blueprintjs/core';
import { DisableTotpFields, VerificationCodeFields } from '@stockroom/schema';
import { lazy, Suspense } from 'react';
import { Form } from 'react-final-form';
import { TextField } from '../../../components/form/TextField';
import { submitFocusingFirstError } from '../../../components/form/focus-first-error';
import type { useTwoFactor } from '../useTwoFactor';
import { ProfileSection } from './ProfileSection';
import { RecoveryCodesCallout } from './RecoveryCodesCallout';

// The QR library loads with the set-up only, never with another page.
const TotpQrCode = lazy(() => import('./TotpQrCode'));

type Submit<Values> = (values: Values) => Promise<Partial<Record<keyof Values, string>> | undefined>;

/** The profile's "Two-factor authentication" card: off, being set up, its recovery codes once, on. */
export function TwoFactorSection({ state, email }: { state: ReturnType<typeof useTwoFactor>; email: string }) {
  const { on, setup, recoveryCodes } = state;
  return (
    <ProfileSection id="profile-two-factor" title="Two-factor authentication">
      <p className="two-factor__intro">
        Sign-in asks for a code from an authenticator app on your phone after your password, so a stolen password alone does not open your
        account.
      </p>
      {recoveryCodes && <RecoveryCodesCallout email={email} codes={recoveryCodes} onDone={state.dismissRecoveryCodes} />}
      {on === null ? (
        state.loadError ? (
          <Callout intent="danger">Could not load your two-factor settings. Reload the page to try again.</Callout>
        ) : (
          <Spinner size={24} aria-label="Loading two-factor settings" />
        )
      ) : on ? (
        <>
          <p className="two-factor__status">
            <Tag intent="success" round>
              On
            </Tag>{' '}
            {state.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <h3 className="two-factor__subtitle">New recovery codes</h3>
          <p className="two-factor__note">Ten new codes replace the ones you have, used or not.</p>
          <CodeForm label="Make new recovery codes" submitLabel="New Recovery Codes" onSubmit={state.regenerate} />
          <h3 className="two-factor__subtitle">Turn off</h3>
          <CodeForm label="Turn off two-factor authentication" withPassword={state.passwordSet} takesRecoveryCode submitLabel="Turn Off" intent="danger" onSubmit={state.disable} />
        </>
      ) : setup ? (
        <div className="two-factor__setup">
          <ol className="two-factor__steps">
            <li>Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy and others).</li>
            <li>
              Or type this key into the app instead:
              <code className="two-factor__secret" aria-label="Setup key">
                {setup.secret}
              </code>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <Suspense fallback={<Spinner size={24} aria-label="Drawing the QR code" />}>
            <TotpQrCode otpauthUrl={setup.otpauthUrl} />
          </Suspense>
          <CodeForm label="Confirm two-factor authentication" submitLabel="Turn On" onSubmit={state.confirm} onCancel={state.cancelSetUp} />
        </div>
      ) : (
        <Button intent="primary" onClick={state.begin} loading={state.starting}>
          Set Up Two-Factor Authentication
        </Button>
      )}
    </ProfileSection>
  );
}

interface CodeFormProps {
  label: string;
  submitLabel: string;
  withPassword?: boolean;
  /** A recovery code does too (turning it off with a lost phone). */
  takesRecoveryCode?: boolean;
  intent?: 'primary' | 'danger';
  onSubmit: Submit<{ password: string; code: string }> | Submit<{ code: string }>;
  onCancel?(): void;
}

/** A code from the app (with the password, to turn it off, when the account has one its holder chose). */
function CodeForm({ label, submitLabel, withPassword = false, takesRecoveryCode = false, intent = 'primary', onSubmit, onCancel }: CodeFormProps) {
  return (
    <Form<{ password: string; code: string }> onSubmit={onSubmit as Submit<{ password: string; code: string }>} initialValues={{ password: '', code: '' }}>
      {({ handleSubmit, submitting, form }) => (
        <form onSubmit={(event) => submitFocusingFirstError(event, handleSubmit, form)} noValidate aria-label={label} className="two-factor__form">
          {withPassword && <TextField name="password" label="Password" type="password" autoComplete="current-password" rule={DisableTotpFields.password} />}
          <TextField
            name="code"
            label="Authentication code"
            autoComplete="one-time-code"
            helperText={takesRecoveryCode ? 'From your authenticator app, or one of your recovery codes.' : 'The 6-digit code your authenticator app shows.'}
            rule={takesRecoveryCode ? DisableTotpFields.code : VerificationCodeFields.code}
          />
          <div className="profile-form__actions">
            {onCancel && (
              <Button variant="minimal" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" intent={intent} loading={submitting}>
              {submitLabel}
            </Button>
          </div>
        </form>
      )}
    </Form>
  );
}
