import { Button, NonIdealState } from '@blueprintjs/core';
import { IssueIcon, RefreshIcon } from '@blueprintjs/icons';

export interface LoadErrorProps {
  message: string;
  onRetry(): void;
  className?: string;
}

/** Something a page needs that could not be loaded, with a way to try again. */
export function LoadError({ message, onRetry, className }: LoadErrorProps) {
  return (
    <NonIdealState
      className={className}
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
