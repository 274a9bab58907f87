import { Button, Callout, Dialog, DialogBody, DialogFooter, H2, Spinner } from '@blueprintjs/core';
import { KeyIcon } from '@blueprintjs/icons';
import { StepUpFields } from '@stockroom/schema';
import { usePasskeyListQuery, useSecondFactorsQuery } from '@stockroom/schema/generated/hooks';
import { useId, useState } from 'react';
import { Form } from 'react-final-form';
import { TextField } from '../../../components/form/TextField';
import { browserHasPasskeys } from '../../../lib/passkeys/has-passkeys';
import { useAuth } from '../../../lib/session';
import type { StepUpValues, useStepUp } from '../useStepUp';
import { passwordSetOf } from '../useTwoFactor';

/** What this account can confirm it is you with: its password if its holder chose one, a code with an authenticator, a passkey this browser can use. */
function useProofs(open: boolean) {
  const factors = useSecondFactorsQuery({ skip: !open });
  const passkeys = usePasskeyListQuery({ skip: !open });
  const [browserCanUsePasskeys] = useState(browserHasPasskeys);
  const status = factors.data?.secondFactors;
  return {
    loading: !status || (passkeys.loading && !passkeys.data),
    password: passwordSetOf(status),
    code: status?.totp ?? false,
    passkey: browserCanUsePasskeys && (passkeys.data?.passkeys.length ?? 0) > 0,
  };
}

/** "Enter your password, or a code from your authenticator app, or use a passkey.", from what the account has. */
function askingFor(proofs: { password: boolean; code: boolean; passkey: boolean }): string {
  const ways = [proofs.password && 'enter your password', proofs.code && 'enter a code from your authenticator app', proofs.passkey && 'use a passkey'].filter(Boolean);
  return ways.length ? `${ways.join(', or ')}.` : 'sign out, then sign in again.';
}

/**
 * "Confirm it is you": the password (unless single sign-on opened the
 * account and none was set), a code from the authenticator app (with one
 * on), or a passkey (the account has one and the browser can use it),
 * before a sensitive action goes on. An account with none of them signs out
 * and in again, which is as recent a proof.
 */
export function StepUpDialog({ state }: { state: ReturnType<typeof useStepUp> }) {
  const titleId = useId();
  const proofs = useProofs(state.open);
  const { signOut } = useAuth();
  const typed = proofs.password || proofs.code;
  const signInAgain = !proofs.loading && !typed && !proofs.passkey;
  return (
    <Dialog isOpen={state.open} aria-labelledby={titleId} className="stock-dialog" onClose={state.cancel}>
      <Form<StepUpValues> onSubmit={state.confirm} initialValues={{ password: '', code: '' }}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
            <DialogBody>
              <H2 id={titleId} className="stock-dialog__title">
                Confirm it is you
              </H2>
              {proofs.loading ? (
                <Spinner size={24} aria-label="Loading the ways to confirm it is you" />
              ) : (
                <>
                  <p>It has been more than 10 minutes since you signed in. To go on, {askingFor(proofs)}</p>
                  {proofs.passkey && (
                    <div className="step-up-passkey">
                      {state.passkeyError && (
                        <Callout intent="danger" role="alert" className="profile-callout">
                          {state.passkeyError}
                        </Callout>
                      )}
                      <Button size="large" fill icon={<KeyIcon />} loading={state.passkeyBusy} disabled={submitting} onClick={state.confirmWithPasskey}>
                        Use a passkey
                      </Button>
                      {typed && (
                        <p className="step-up-passkey__or" aria-hidden="true">
                          or
                        </p>
                      )}
                    </div>
                  )}
                  {proofs.password && (
                    <TextField name="password" label="Password" type="password" autoComplete="current-password" autoFocus={!proofs.passkey} rule={StepUpFields.password} />
                  )}
                  {proofs.code && (
                    <TextField
                      name="code"
                      label={proofs.password ? 'Or an authentication code' : 'Authentication code'}
                      autoComplete="one-time-code"
                      autoFocus={!proofs.passkey && !proofs.password}
                      rule={StepUpFields.code}
                    />
                  )}
                </>
              )}
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button variant="minimal" onClick={state.cancel} disabled={submitting || state.passkeyBusy}>
                    Cancel
                  </Button>
                  {typed && (
                    <Button type="submit" intent="primary" loading={submitting} disabled={state.passkeyBusy}>
                      Confirm
                    </Button>
                  )}
                  {signInAgain && (
                    <Button
                      intent="primary"
                      onClick={() => {
                        state.cancel();
                        void signOut();
                      }}
                    >
                      Sign Out
                    </Button>
                  )}
                </>
              }
            />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
