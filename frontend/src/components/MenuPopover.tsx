import { Popover, type PopoverProps } from '@blueprintjs/core';
import { useRef, useState, type KeyboardEvent, type ReactElement, type Ref } from 'react';
import { moveMenuFocus } from '../lib/menu-keys';

/** What a menu's keys move between: its enabled items, choices (the theme's) included. */
const MENU_ITEMS = '[role="menuitem"]:not([aria-disabled="true"]), [role="menuitemradio"]:not([aria-disabled="true"])';

export interface MenuButtonProps {
  ref: Ref<HTMLButtonElement>;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
}

export interface MenuPopoverProps extends Pick<PopoverProps, 'placement' | 'popoverClassName' | 'className' | 'minimal' | 'disabled'> {
  /** The menu's items (a Blueprint Menu, with anything drawn around it). */
  content: ReactElement;
  /** The button that opens the menu, given the ref and key handler the menu needs on it. */
  renderButton(props: MenuButtonProps): ReactElement;
}

/**
 * A menu in a popover. It replaces its stand-in button (DeferredMenu) when that is pressed, so it
 * starts open. Focus goes to the first item when it opens; arrow keys, Home and End move between
 * the items, and ArrowDown on the button opens it again. When it closes with focus inside it, or
 * with focus lost (the stand-in that had it is gone), focus goes back to its button: otherwise it
 * would fall to <body> and a keyboard user would start over from the top of the page.
 */
export function MenuPopover({ content, renderButton, disabled, ...popoverProps }: MenuPopoverProps) {
  const [open, setOpen] = useState(true);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  const returnFocus = () => {
    const active = document.activeElement;
    const lost = active === null || active === document.body || contentRef.current?.contains(active) || !active.isConnected;
    if (lost && buttonRef.current?.isConnected) buttonRef.current.focus();
  };

  return (
    <Popover
      {...popoverProps}
      disabled={disabled}
      isOpen={open && !disabled}
      onInteraction={setOpen}
      onOpened={() => contentRef.current?.querySelector<HTMLElement>(MENU_ITEMS)?.focus()}
      onClosed={returnFocus}
      content={
        <div ref={contentRef} role="presentation" onKeyDown={(event) => moveMenuFocus(event, MENU_ITEMS)}>
          {content}
        </div>
      }
    >
      {renderButton({
        ref: buttonRef,
        onKeyDown: (event) => {
          if (event.key !== 'ArrowDown' || open) return;
          event.preventDefault();
          setOpen(true);
        },
      })}
    </Popover>
  );
}
