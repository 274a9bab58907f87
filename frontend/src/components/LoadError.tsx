import { Button } from '@blueprintjs/core';
import { IssueIcon, RefreshIcon } from '@blueprintjs/icons';
import { EmptyState } from './EmptyState';

export interface LoadErrorProps {
  message: string;
  onRetry(): void;
  className?: string;
  /** 2 (the default) right under the page's title. */
  headingLevel?: 2 | 3;
}

/** Something a page needs that could not be loaded, with a way to try again. */
export function LoadError({ message, onRetry, className, headingLevel = 2 }: LoadErrorProps) {
  return (
    <EmptyState
      headingLevel={headingLevel}
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
