import { Button, Dialog, DialogBody, DialogFooter, H2 } from '@blueprintjs/core';
import { StepUpFields } from '@stockroom/schema';
import { useId } from 'react';
import { Form } from 'react-final-form';
import { TextField } from '../../../components/form/TextField';
import type { StepUpValues, useStepUp } from '../useStepUp';

/** "Confirm it is you": the password, or a code from the authenticator app, before a sensitive action goes on. */
export function StepUpDialog({ state }: { state: ReturnType<typeof useStepUp> }) {
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
              <p>It has been more than 10 minutes since you signed in. Enter your password, or a code from your authenticator app.</p>
              <TextField name="password" label="Password" type="password" autoComplete="current-password" autoFocus rule={StepUpFields.password} />
              <TextField name="code" label="Or an authentication code" autoComplete="one-time-code" rule={StepUpFields.code} />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button variant="minimal" onClick={state.cancel} disabled={submitting}>
                    Cancel
                  </Button>
                  <Button type="submit" intent="primary" loading={submitting}>
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
