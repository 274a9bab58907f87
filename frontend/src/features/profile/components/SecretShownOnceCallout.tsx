import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { DuplicateIcon } from '@blueprintjs/icons';
import { useId, type ReactNode } from 'react';

export interface SecretShownOnceCalloutProps {
  title: string;
  /** What the secret is for; says it is shown only this once. */
  children: ReactNode;
  /** The label of the field that holds the secret. */
  label: string;
  secret: string;
  copied: boolean;
  onCopy(): void;
  onDone(): void;
}

/** A secret the server shows only once (a new API token, a new webhook's signing secret), with a copy button. */
export function SecretShownOnceCallout({ title, children, label, secret, copied, onCopy, onDone }: SecretShownOnceCalloutProps) {
  const inputId = useId();
  return (
    <Callout intent="success" className="profile-callout secret-callout">
      {/* A heading of its own: Callout's title is an h5, out of order under the card's h2. */}
      <h3 className="secret-callout__title">{title}</h3>
      <p>{children}</p>
      <label htmlFor={inputId} className="secret-callout__label">
        {label}
      </label>
      <div className="secret-callout__row">
        <InputGroup id={inputId} readOnly value={secret} className="secret-callout__value" onFocus={(event) => event.currentTarget.select()} />
        <Button icon={<DuplicateIcon />} onClick={onCopy} aria-describedby={`${inputId}-copied`}>
          Copy
        </Button>
      </div>
      <p id={`${inputId}-copied`} role="status" className="secret-callout__status">
        {copied ? 'Copied to the clipboard.' : ''}
      </p>
      <Button variant="outlined" onClick={onDone}>
        Done
      </Button>
    </Callout>
  );
}
