import { Classes } from '@blueprintjs/core';
import { useState, type ComponentType, type KeyboardEvent, type ReactElement } from 'react';
import { prefetchCode, useCodeAfterFirstContent } from '../lib/prefetch-code';

export interface StandInProps {
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  onClick(): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  onPointerEnter(): void;
}

export interface DeferredMenuProps<P> {
  /** Fetches the menu (a MenuPopover that starts open); the same function each render. */
  load(): Promise<ComponentType<P>>;
  /** What the menu is drawn with once it has loaded. */
  menuProps: P;
  /** The menu's button as drawn by the menu itself, given the handlers that swap the menu in. */
  renderStandIn(props: StandInProps): ReactElement;
  /** The menu's popover's class name: the stand-in is wrapped as the popover wraps its button, so the two lay out alike. */
  className?: string;
}

/**
 * A menu whose code (Blueprint's popover and menu, floating-ui) is fetched once the page's content
 * is on screen, or when its button is pointed at: a page's first view does without it. Until then
 * its button stands in, looking and reading the same, and a press (a click, Enter, Space or
 * ArrowDown) swaps in the menu, open. Only a press swaps them: a swap between a mouse button's
 * press and its release would lose the click.
 */
export function DeferredMenu<P extends object>({ load, menuProps, renderStandIn, className }: DeferredMenuProps<P>) {
  const [Menu, setMenu] = useState<ComponentType<P> | null>(null);
  useCodeAfterFirstContent(load);

  if (Menu) return <Menu {...menuProps} />;
  const press = () => {
    load()
      .then((menu) => setMenu((current: ComponentType<P> | null) => current ?? menu))
      // Offline: the button stays, and the next press tries again.
      .catch(() => undefined);
  };
  return (
    <span className={className ? `${Classes.POPOVER_TARGET} ${className}` : Classes.POPOVER_TARGET}>
      {renderStandIn({
        'aria-haspopup': 'menu',
        'aria-expanded': false,
        onClick: press,
        onPointerEnter: () => prefetchCode(load),
        onKeyDown: (event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          press();
        },
      })}
    </span>
  );
}
