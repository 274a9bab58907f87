import { Button, Callout, Spinner, Tag } from '@blueprintjs/core';
import { useWebhookDeliveryListQuery } from '@stockroom/schema/generated/hooks';
import { formatDateTime } from '../../../lib/format';

export interface WebhookDeliveryLogProps {
  webhookId: string;
  /** Refreshed while the log is open, so a test event or a retry shows up on its own. */
  pollMs: number;
  onRedeliver(deliveryId: string): Promise<boolean>;
}

const outcomeOf = (statusCode: number | null) =>
  statusCode !== null && statusCode >= 200 && statusCode < 300 ? { ok: true, text: String(statusCode) } : { ok: false, text: statusCode !== null ? String(statusCode) : 'No answer' };

/** A webhook's last deliveries, newest first: event, outcome, duration, attempt and time, each with Redeliver. */
export function WebhookDeliveryLog({ webhookId, pollMs, onRedeliver }: WebhookDeliveryLogProps) {
  const { data, loading, error, refetch } = useWebhookDeliveryListQuery({ variables: { id: webhookId }, pollInterval: pollMs });
  if (loading && !data) return <Spinner size={20} aria-label="Loading deliveries" />;
  if (error && !data) return <Callout intent="danger">Could not load the delivery log.</Callout>;
  const deliveries = data?.webhookDeliveries ?? [];
  if (!deliveries.length) return <p className="webhook-log__empty">No deliveries yet. Send a test event to try the webhook.</p>;
  return (
    <ul className="webhook-log" aria-label="Deliveries">
      {deliveries.map((delivery) => {
        const outcome = outcomeOf(delivery.statusCode);
        return (
          <li key={delivery.id} className="webhook-log__item">
            <div className="webhook-log__head">
              <code className="webhook-log__event">{delivery.eventType}</code>
              <Tag minimal round intent={outcome.ok ? 'success' : 'danger'}>
                {outcome.text}
              </Tag>
            </div>
            <p className="webhook-log__meta">
              {formatDateTime(delivery.createdAt)} · {delivery.durationMs} ms · attempt {delivery.attempt}
            </p>
            {delivery.error && <p className="webhook-log__error">{delivery.error}</p>}
            <Button size="small" variant="outlined" onClick={() => void onRedeliver(delivery.id).then((sent) => (sent ? void refetch() : undefined))} aria-label={`Redeliver ${delivery.eventType} of ${formatDateTime(delivery.createdAt)}`}>
              Redeliver
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
