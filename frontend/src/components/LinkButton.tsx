import { AnchorButton, type AnchorButtonProps } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export interface LinkButtonProps extends Omit<AnchorButtonProps, 'href'> {
  to: To;
  /** History state handed to the next page (e.g. the list to go back to). */
  state?: unknown;
}

/**
 * A Blueprint button that is a real link: a plain click navigates inside the
 * app, while a middle or modified click opens a new tab as links do. It is
 * announced as a link (Blueprint's AnchorButton says "button"), since that is
 * what it does.
 */
export function LinkButton({ to, state, onClick, ...props }: LinkButtonProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { state });
  return (
    <AnchorButton
      role="link"
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event as MouseEvent<HTMLAnchorElement>);
      }}
    />
  );
}
