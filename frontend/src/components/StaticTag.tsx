import { Classes, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface StaticTagProps {
  intent?: Intent;
  minimal?: boolean;
  round?: boolean;
  large?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * Blueprint's Tag for a label that is only shown: the same classes and markup, so it looks the
 * same, without the component's measuring. Tag checks after each render whether its text
 * overflows, which makes the browser lay the page out there and then, and then renders itself
 * again; a list page draws a tag per row. A label that does not fit still ends in an ellipsis (CSS).
 */
export function StaticTag({ intent, minimal, round, large, className, children }: StaticTagProps) {
  const classes = [
    Classes.TAG,
    intent && intent !== 'none' ? Classes.intentClass(intent) : undefined,
    large ? Classes.LARGE : undefined,
    minimal ? Classes.MINIMAL : undefined,
    round ? Classes.ROUND : undefined,
    className,
  ];
  return (
    <span className={classes.filter(Boolean).join(' ')}>
      <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} ${Classes.FILL}`}>{children}</span>
    </span>
  );
}
