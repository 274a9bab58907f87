import { Callout, Spinner } from '@blueprintjs/core';
import { LinkIcon } from '@blueprintjs/icons';
import { MAX_WEBHOOKS_PER_USER, WebhookMessages } from '@stockroom/schema';
import { ConfirmAlert } from '../../../components/ConfirmAlert';
import type { useWebhooks } from '../useWebhooks';
import { NewWebhookSecretCallout } from './NewWebhookSecretCallout';
import { WebhookCreateForm } from './WebhookCreateForm';
import { WebhookList } from './WebhookList';
import { ProfileSection } from './ProfileSection';
import { keptOutOfWorkspace, WorkspaceCardLoadError } from './WorkspaceCardLoadError';
import './webhooks.css';

/** The profile's "Webhooks" card: what webhooks do, the new secret once, the form and the list with each delivery log. */
export function WebhooksSection({ state }: { state: ReturnType<typeof useWebhooks> }) {
  const { webhooks, loading, loadError, created, copied, confirming } = state;
  const full = (webhooks?.length ?? 0) >= MAX_WEBHOOKS_PER_USER;
  return (
    <ProfileSection id="profile-webhooks" title="Webhooks">
      <p className="webhooks__intro">
        Stockroom can tell another system when your products or stock change: it sends a signed POST to your URL for each event you choose,
        and retries for a day if your system does not answer.
      </p>
      {created && <NewWebhookSecretCallout url={created.url} secret={created.secret} copied={copied} onCopy={state.copy} onDone={state.dismissCreated} />}
      {full && (
        <Callout intent="warning" className="profile-callout">
          {WebhookMessages.tooMany}.
        </Callout>
      )}
      <WebhookCreateForm key={created?.secret ?? 'new'} disabled={full || keptOutOfWorkspace(loadError)} onSubmit={state.create} />
      <h3 className="webhooks__list-title">Your webhooks</h3>
      {loading && !webhooks ? (
        <Spinner size={24} aria-label="Loading webhooks" />
      ) : loadError && !webhooks ? (
        <WorkspaceCardLoadError error={loadError} failed="Could not load your webhooks. Reload the page to try again." />
      ) : (
        <WebhookList webhooks={webhooks ?? []} onSetEnabled={state.setEnabled} onDelete={state.askToDelete} onSendTest={state.sendTest} onRedeliver={state.redeliver} />
      )}
      <ConfirmAlert
        isOpen={confirming !== null}
        title="Delete this webhook?"
        icon={<LinkIcon size={40} className="webhook-delete__icon" />}
        confirmText="Delete Webhook"
        busy={state.deleting}
        onConfirm={state.remove}
        onCancel={state.cancelDelete}
      >
        Nothing more is sent to {confirming?.url}, and its delivery log is deleted. This cannot be undone.
      </ConfirmAlert>
    </ProfileSection>
  );
}
