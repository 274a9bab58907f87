import { WEBHOOK_SIGNATURE_HEADER, WebhookMessages } from '@stockroom/schema';
import { SecretShownOnceCallout } from './SecretShownOnceCallout';

export interface NewWebhookSecretCalloutProps {
  url: string;
  secret: string;
  copied: boolean;
  onCopy(): void;
  onDone(): void;
}

/** The signing secret of a webhook just made: shown this once, with a copy button. */
export function NewWebhookSecretCallout({ url, ...shown }: NewWebhookSecretCalloutProps) {
  return (
    <SecretShownOnceCallout title="Webhook created" label="Signing secret" {...shown}>
      {WebhookMessages.shownOnce} Deliveries to <code className="webhook-new__url">{url}</code> carry a <code>{WEBHOOK_SIGNATURE_HEADER}</code> header signed with it.
    </SecretShownOnceCallout>
  );
}
