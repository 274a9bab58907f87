import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { DuplicateIcon } from '@blueprintjs/icons';
import { WEBHOOK_SIGNATURE_HEADER, WebhookMessages } from '@stockroom/schema';
import { useId } from 'react';

export interface NewWebhookSecretCalloutProps {
  url: string;
  secret: string;
  copied: boolean;
  onCopy(): void;
  onDone(): void;
}

/** The signing secret of a webhook just made: shown this once, with a copy button. */
export function NewWebhookSecretCallout({ url, secret, copied, onCopy, onDone }: NewWebhookSecretCalloutProps) {
  const inputId = useId();
  return (
    <Callout intent="success" className="profile-callout webhook-new">
      <h3 className="webhook-new__title">Webhook created</h3>
      <p>
        {WebhookMessages.shownOnce} Deliveries to <code className="webhook-new__url">{url}</code> carry a <code>{WEBHOOK_SIGNATURE_HEADER}</code> header signed with it.
      </p>
      <label htmlFor={inputId} className="webhook-new__label">
        Signing secret
      </label>
      <div className="webhook-new__row">
        <InputGroup id={inputId} readOnly value={secret} className="webhook-new__value" onFocus={(event) => event.currentTarget.select()} />
        <Button icon={<DuplicateIcon />} onClick={onCopy} aria-describedby={`${inputId}-copied`}>
          Copy
        </Button>
      </div>
      <p id={`${inputId}-copied`} role="status" className="webhook-new__status">
        {copied ? 'Copied to the clipboard.' : ''}
      </p>
      <Button variant="outlined" onClick={onDone}>
        Done
      </Button>
    </Callout>
  );
}
