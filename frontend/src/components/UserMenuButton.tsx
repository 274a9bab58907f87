import { Button, type ButtonProps } from '@blueprintjs/core';
import { ChevronDownIcon } from '@blueprintjs/icons';
import { forwardRef } from 'react';
import { UserAvatar } from './UserAvatar';

export interface UserMenuButtonProps extends Omit<ButtonProps, 'children' | 'variant' | 'endIcon'> {
  fullName: string;
  avatar?: string | null;
  compact: boolean;
}

/**
 * The header's user menu button: drawn inside the menu's popover, and on its own while the
 * menu's code has not loaded yet, so the header looks and reads the same either way.
 */
export const UserMenuButton = forwardRef<HTMLButtonElement, UserMenuButtonProps>(function UserMenuButton(
  { fullName, avatar, compact, className, ...buttonProps },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant="minimal"
      className={className ? `user-menu__target ${className}` : 'user-menu__target'}
      endIcon={compact ? undefined : <ChevronDownIcon />}
      {...buttonProps}
    >
      {/* The name is the button's text, so what is read matches what is shown (no aria-label that differs from it). */}
      <span className="user-menu__target-inner">
        <span className="visually-hidden">User menu for </span>
        <UserAvatar fullName={fullName} avatar={avatar} />
        <span className={compact ? 'visually-hidden' : 'user-menu__target-name'}>{fullName}</span>
      </span>
    </Button>
  );
});
