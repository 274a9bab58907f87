import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { DuplicateIcon } from '@blueprintjs/icons';
import { ApiTokenMessages } from '@stockroom/schema';
import { useId } from 'react';

export interface NewApiTokenCalloutProps {
  name: string;
  token: string;
  copied: boolean;
  onCopy(): void;
  onDone(): void;
}

/** The secret of a token just made: shown this once, with a copy button. */
export function NewApiTokenCallout({ name, token, copied, onCopy, onDone }: NewApiTokenCalloutProps) {
  const inputId = useId();
  return (
    <Callout intent="success" className="profile-callout api-token-new">
      {/* A heading of its own: Callout's title is an h5, out of order under the card's h2. */}
      <h3 className="api-token-new__title">Token “{name}” created</h3>
      <p>{ApiTokenMessages.shownOnce}</p>
      <label htmlFor={inputId} className="api-token-new__label">
        Your new token
      </label>
      <div className="api-token-new__row">
        <InputGroup id={inputId} readOnly value={token} className="api-token-new__value" onFocus={(event) => event.currentTarget.select()} />
        <Button icon={<DuplicateIcon />} onClick={onCopy} aria-describedby={`${inputId}-copied`}>
          Copy
        </Button>
      </div>
      <p id={`${inputId}-copied`} role="status" className="api-token-new__status">
        {copied ? 'Copied to the clipboard.' : ''}
      </p>
      <Button variant="outlined" onClick={onDone}>
        Done
      </Button>
    </Callout>
  );
}
