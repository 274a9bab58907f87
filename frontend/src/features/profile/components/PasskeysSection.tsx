import { Button, Callout, Dialog, DialogBody, DialogFooter, H2, Spinner } from '@blueprintjs/core';
import { KeyIcon } from '@blueprintjs/icons';
import { MAX_PASSKEYS_PER_ACCOUNT, PasskeyNameFields } from '@stockroom/schema';
import { useId } from 'react';
import { Form } from 'react-final-form';
import { ConfirmAlert } from '../../../components/ConfirmAlert';
import { TextField } from '../../../components/form/TextField';
import { submitFocusingFirstError } from '../../../components/form/focus-first-error';
import { formatLongDate } from '../../../lib/format';
import type { PasskeyNameValues, usePasskeys } from '../usePasskeys';
import { ProfileSection } from './ProfileSection';

type PasskeysState = ReturnType<typeof usePasskeys>;

/** The profile's "Passkeys" card: what they are, adding one under a name, and the list with Rename and Remove. */
export function PasskeysSection({ state }: { state: PasskeysState }) {
  const { passkeys, loading, loadError, confirming } = state;
  const full = (passkeys?.length ?? 0) >= MAX_PASSKEYS_PER_ACCOUNT;
  return (
    <ProfileSection id="profile-passkeys" title="Passkeys">
      <p className="api-tokens__intro">
        A passkey signs you in with your fingerprint, face or device PIN instead of your password, and also counts as the second step of a
        sign-in with your password. Each device or security key keeps its own.
      </p>
      {!state.supported ? (
        <Callout intent="warning" className="profile-callout">
          This browser cannot use passkeys.
        </Callout>
      ) : (
        // A new key empties the form once a passkey is added.
        <Form<PasskeyNameValues> key={state.added} onSubmit={state.add} initialValues={{ name: '' }}>
          {({ handleSubmit, submitting, form }) => (
            <form
              onSubmit={(event) => submitFocusingFirstError(event, handleSubmit, form)}
              noValidate
              aria-label="Add a passkey"
              className="api-token-form"
            >
              <TextField name="name" label="Passkey name" rule={PasskeyNameFields.name} helperText="Which device or key it is, e.g. 'Work laptop'." />
              <div className="profile-form__actions">
                <Button type="submit" intent="primary" size="large" loading={submitting} disabled={full}>
                  Add Passkey
                </Button>
              </div>
            </form>
          )}
        </Form>
      )}
      <h3 className="api-tokens__list-title">Your passkeys</h3>
      {loading && !passkeys ? (
        <Spinner size={24} aria-label="Loading passkeys" />
      ) : loadError && !passkeys ? (
        <Callout intent="danger">Could not load your passkeys. Reload the page to try again.</Callout>
      ) : !passkeys?.length ? (
        <p className="api-token-list__empty">You have no passkeys yet.</p>
      ) : (
        <ul className="api-token-list" aria-label="Passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="api-token-list__item" aria-label={passkey.name}>
              <div className="api-token-list__head">
                <strong className="api-token-list__name">{passkey.name}</strong>
              </div>
              <dl className="api-token-list__details">
                <div>
                  <dt>Added</dt>
                  <dd>{formatLongDate(passkey.createdAt)}</dd>
                </div>
                <div>
                  <dt>Last used</dt>
                  <dd>{passkey.lastUsedAt ? formatLongDate(passkey.lastUsedAt) : 'Never'}</dd>
                </div>
              </dl>
              <div className="passkey-list__actions">
                <Button variant="outlined" onClick={() => state.askToRename(passkey)} aria-label={`Rename ${passkey.name}`}>
                  Rename
                </Button>
                <Button intent="danger" variant="outlined" onClick={() => state.askToRemove(passkey)} aria-label={`Remove ${passkey.name}`}>
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <RenamePasskeyDialog state={state} />
      <ConfirmAlert
        isOpen={confirming !== null}
        title={`Remove “${confirming?.name ?? ''}”?`}
        icon={<KeyIcon size={40} className="api-token-revoke__icon" />}
        confirmText="Remove Passkey"
        busy={state.removing}
        onConfirm={state.remove}
        onCancel={state.cancelRemove}
      >
        This passkey will no longer sign you in. You can add it again later.
      </ConfirmAlert>
    </ProfileSection>
  );
}

function RenamePasskeyDialog({ state }: { state: PasskeysState }) {
  const titleId = useId();
  const { renaming } = state;
  return (
    <Dialog isOpen={renaming !== null} aria-labelledby={titleId} className="stock-dialog" onClose={state.cancelRename}>
      <Form<PasskeyNameValues> onSubmit={state.rename} initialValues={{ name: renaming?.name ?? '' }}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
            <DialogBody>
              <H2 id={titleId} className="stock-dialog__title">
                Rename passkey
              </H2>
              <TextField name="name" label="Passkey name" autoFocus rule={PasskeyNameFields.name} />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button variant="minimal" onClick={state.cancelRename} disabled={submitting}>
                    Cancel
                  </Button>
                  <Button type="submit" intent="primary" loading={submitting}>
                    Save
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
