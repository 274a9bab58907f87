import { ApiTokenMessages } from '@stockroom/schema';
import { SecretShownOnceCallout } from './SecretShownOnceCallout';

export interface NewApiTokenCalloutProps {
  name: string;
  token: string;
  copied: boolean;
  onCopy(): void;
  onDone(): void;
}

/** The secret of a token just made: shown this once, with a copy button. */
export function NewApiTokenCallout({ name, token, ...copying }: NewApiTokenCalloutProps) {
  return (
    <SecretShownOnceCallout title={`Token “${name}” created`} label="Your new token" secret={token} {...copying}>
      {ApiTokenMessages.shownOnce}
    </SecretShownOnceCallout>
  );
}
