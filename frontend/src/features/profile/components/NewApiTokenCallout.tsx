import { ApiTokenMessages } from '@stockroom/schema';
import { SecretShownOnceCallout } from './SecretShownOnceCallout';

export interface NewApiTokenCalloutProps {
  name: string;
  /** The token itself. */
  secret: string;
  copied: boolean;
  onCopy(): void;
  onDone(): void;
}

/** The secret of a token just made: shown this once, with a copy button. */
export function NewApiTokenCallout({ name, ...shown }: NewApiTokenCalloutProps) {
  return (
    <SecretShownOnceCallout title={`Token “${name}” created`} label="Your new token" {...shown}>
      {ApiTokenMessages.shownOnce}
    </SecretShownOnceCallout>
  );
}
