import { WebhookMessages, type EventType } from '@stockroom/schema';
import { WebhookListDocument, useWebhookCreateMutation, useWebhookDeleteMutation, useWebhookListQuery, useWebhookRedeliverMutation, useWebhookSendTestMutation, useWebhookUpdateMutation } from '@stockroom/schema/generated/hooks';
import type { WebhookDetailsFragment } from '@stockroom/schema/generated/graphql';
import { useState } from 'react';
import { serverMessageOr } from '../../lib/errors';
import { toast } from '../../lib/toaster';
import { useSecretShownOnce } from './useSecretShownOnce';
import type { WebhookFormValues } from './components/WebhookCreateForm';
import { accountFieldErrors } from './profile-errors';
import type { WithStepUp } from './useStepUp';

const FORM_FIELDS = new Set(['url', 'events'] as const);

/**
 * The profile's webhooks: the list, a creation whose signing secret is kept
 * only until the person is done with it, on/off, a confirmed delete, and the
 * test event and redelivery a delivery log offers.
 */
export function useWebhooks(withStepUp: WithStepUp) {
  const list = useWebhookListQuery();
  const [createWebhook] = useWebhookCreateMutation();
  const [updateWebhook] = useWebhookUpdateMutation();
  const [deleteWebhook, { loading: deleting }] = useWebhookDeleteMutation();
  const [sendTestWebhook] = useWebhookSendTestMutation();
  const [redeliverWebhook] = useWebhookRedeliverMutation();
  const created = useSecretShownOnce<{ url: string; secret: string }>('the secret');
  const [confirming, setConfirming] = useState<WebhookDetailsFragment | null>(null);

  const create = async (values: WebhookFormValues) => {
    try {
      const { data } = await withStepUp(() =>
        createWebhook({
          variables: { input: { url: values.url.trim(), events: values.events } },
          update(cache, { data: answer }) {
            if (!answer) return;
            cache.updateQuery({ query: WebhookListDocument }, (list) => list && { webhooks: [answer.createWebhook.webhook, ...list.webhooks] });
          },
        }),
      );
      if (!data) throw new Error('Empty response');
      created.show({ url: data.createWebhook.webhook.url, secret: data.createWebhook.secret });
      toast.success(WebhookMessages.created);
      return undefined;
    } catch (error) {
      const fields = accountFieldErrors(error, FORM_FIELDS);
      if (!fields) toast.error(serverMessageOr(error, 'Failed to create webhook'));
      return fields;
    }
  };

  const setEnabled = async (webhook: WebhookDetailsFragment, enabled: boolean) => {
    try {
      await updateWebhook({ variables: { id: webhook.id, input: { enabled } } });
    } catch (error) {
      toast.error(serverMessageOr(error, 'Failed to change webhook'));
    }
  };

  const remove = async () => {
    if (!confirming) return;
    const { id } = confirming;
    try {
      await deleteWebhook({
        variables: { id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'Webhook', id }) });
          cache.gc();
        },
      });
      toast.success(WebhookMessages.deleted);
    } catch (error) {
      toast.error(serverMessageOr(error, 'Failed to delete webhook'));
    } finally {
      setConfirming(null);
    }
  };

  /** Queues a test event; resolves true once queued, so the log can look for it. */
  const sendTest = async (webhook: WebhookDetailsFragment) => {
    try {
      await sendTestWebhook({ variables: { id: webhook.id } });
      toast.success(WebhookMessages.testSent);
      return true;
    } catch (error) {
      toast.error(serverMessageOr(error, 'Failed to send the test event'));
      return false;
    }
  };

  const redeliver = async (deliveryId: string) => {
    try {
      await redeliverWebhook({ variables: { deliveryId } });
      toast.success(WebhookMessages.redelivered);
      return true;
    } catch (error) {
      toast.error(serverMessageOr(error, 'Failed to send the delivery again'));
      return false;
    }
  };

  return {
    webhooks: list.data?.webhooks,
    loading: list.loading,
    loadError: list.error,
    created: created.shown,
    copied: created.copied,
    create,
    copy: created.copy,
    dismissCreated: created.dismiss,
    setEnabled: (webhook: WebhookDetailsFragment, enabled: boolean) => void setEnabled(webhook, enabled),
    confirming,
    askToDelete: setConfirming,
    cancelDelete: () => setConfirming(null),
    remove: () => void remove(),
    deleting,
    sendTest,
    redeliver,
  };
}

export type { EventType };
