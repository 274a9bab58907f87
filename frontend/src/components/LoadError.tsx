import { Button, NonIdealState } from '@blueprintjs/core';
import { IssueIcon, RefreshIcon } from '@blueprintjs/icons';

/** A list or product that could not be loaded, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <NonIdealState
      className="product-empty"
      icon={<IssueIcon size={48} />}
      title={message}
      action={
        <Button icon={<RefreshIcon />} onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
