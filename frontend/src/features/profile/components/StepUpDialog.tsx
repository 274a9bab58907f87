import { Button, Callout, Dialog, DialogBody, DialogFooter, H2 } from '@blueprintjs/core';
import { KeyIcon } from '@blueprintjs/icons';
import { StepUpFields } from '@stockroom/schema';
import { useId } from 'react';
import { Form } from 'react-final-form';
import { TextField } from '../../../components/form/TextField';
import type { StepUpValues, useStepUp } from '../useStepUp';

/**
 * "Confirm it is you": the password, a code from the authenticator app, or
 * (`withPasskey`: the account has one and the browser can use it) a passkey,
 * before a sensitive action goes on.
 */
export function StepUpDialog({ state, withPasskey }: { state: ReturnType<typeof useStepUp>; withPasskey: boolean }) {
  const titleId = useId();
  return (
    <Dialog isOpen={state.open} aria-labelledby={titleId} className="stock-dialog" onClose={state.cancel}>
      <Form<StepUpValues> onSubmit={state.confirm} initialValues={{ password: '', code: '' }}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
            <DialogBody>
              <H2 id={titleId} className="stock-dialog__title">
                Confirm it is you
              </H2>
              <p>
                It has been more than 10 minutes since you signed in. Enter your password, or a code from your authenticator app
                {withPasskey ? ', or use a passkey.' : '.'}
              </p>
              {withPasskey && (
                <div className="step-up-passkey">
                  {state.passkeyError && (
                    <Callout intent="danger" role="alert" className="profile-callout">
                      {state.passkeyError}
                    </Callout>
                  )}
                  <Button size="large" fill icon={<KeyIcon />} loading={state.passkeyBusy} disabled={submitting} onClick={state.confirmWithPasskey}>
                    Use a passkey
                  </Button>
                  <p className="step-up-passkey__or" aria-hidden="true">
                    or
                  </p>
                </div>
              )}
              <TextField name="password" label="Password" type="password" autoComplete="current-password" autoFocus={!withPasskey} rule={StepUpFields.password} />
              <TextField name="code" label="Or an authentication code" autoComplete="one-time-code" rule={StepUpFields.code} />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button variant="minimal" onClick={state.cancel} disabled={submitting || state.passkeyBusy}>
                    Cancel
                  </Button>
                  <Button type="submit" intent="primary" loading={submitting} disabled={state.passkeyBusy}>
                    Confirm
                  </Button>
                </>
              }
            />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
