import { Button, Switch, Tag } from '@blueprintjs/core';
import type { WebhookDetailsFragment } from '@stockroom/schema/generated/graphql';
import { useState } from 'react';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';

export interface WebhookListProps {
  webhooks: readonly WebhookDetailsFragment[];
  onSetEnabled(webhook: WebhookDetailsFragment, enabled: boolean): void;
  onDelete(webhook: WebhookDetailsFragment): void;
  onSendTest(webhook: WebhookDetailsFragment): Promise<boolean>;
  onRedeliver(deliveryId: string): Promise<boolean>;
}

/** How often an open delivery log looks for new attempts. */
const LOG_POLL_MS = 2_000;

/** The caller's webhooks, newest first: URL, events, on/off, Send test event, the delivery log and Delete. */
export function WebhookList({ webhooks, onSetEnabled, onDelete, onSendTest, onRedeliver }: WebhookListProps) {
  const [openLogs, setOpenLogs] = useState<ReadonlySet<string>>(new Set());
  const setLogOpen = (id: string, open: boolean) =>
    setOpenLogs((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  if (!webhooks.length) return <p className="webhook-list__empty">You have no webhooks yet.</p>;
  return (
    <ul className="webhook-list" aria-label="Webhooks">
      {webhooks.map((webhook) => {
        const logOpen = openLogs.has(webhook.id);
        return (
          <li key={webhook.id} className="webhook-list__item" aria-label={webhook.url}>
            <div className="webhook-list__head">
              <code className="webhook-list__url">{webhook.url}</code>
              {webhook.failingSince && webhook.enabled && (
                <Tag minimal round intent="warning">
                  Failing
                </Tag>
              )}
            </div>
            {webhook.disabledReason && !webhook.enabled && <p className="webhook-list__reason">{webhook.disabledReason}</p>}
            <p className="webhook-list__events">{webhook.events.join(', ')}</p>
            <Switch checked={webhook.enabled} label="Enabled" onChange={(event) => onSetEnabled(webhook, event.currentTarget.checked)} className="webhook-list__switch" />
            <div className="webhook-list__actions">
              <Button variant="outlined" onClick={() => void onSendTest(webhook).then((sent) => sent && setLogOpen(webhook.id, true))}>
                Send test event
              </Button>
              <Button variant="outlined" onClick={() => setLogOpen(webhook.id, !logOpen)} aria-expanded={logOpen}>
                {logOpen ? 'Hide delivery log' : 'Delivery log'}
              </Button>
              <Button intent="danger" variant="outlined" onClick={() => onDelete(webhook)} aria-label={`Delete ${webhook.url}`}>
                Delete
              </Button>
            </div>
            {logOpen && <WebhookDeliveryLog webhookId={webhook.id} pollMs={LOG_POLL_MS} onRedeliver={onRedeliver} />}
          </li>
        );
      })}
    </ul>
  );
}
