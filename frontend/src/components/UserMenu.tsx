import { Menu, MenuDivider, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { DesktopIcon, FlashIcon, HelpIcon, LogOutIcon, MoonIcon, PersonIcon, TickIcon } from '@blueprintjs/icons';
import { useId, useRef, useState, type MouseEvent, type ReactElement } from 'react';
import { moveMenuFocus } from '../lib/menu-keys';
import { THEME_PREFERENCES, useTheme, type ThemePreference } from '../lib/theme';
import { helpPath, profileEditPath } from '../lib/urls';
import { UserAvatar } from './UserAvatar';
import { UserMenuButton } from './UserMenuButton';

export interface UserMenuProps {
  fullName: string;
  email: string;
  role: string;
  avatar?: string | null;
  compact: boolean;
  onNavigate(path: string): void;
  onSignOut(): void;
}

const THEME_CHOICES: Record<ThemePreference, { label: string; icon: ReactElement }> = {
  system: { label: 'System', icon: <DesktopIcon /> },
  light: { label: 'Light', icon: <FlashIcon /> },
  dark: { label: 'Dark', icon: <MoonIcon /> },
};

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"]';

/**
 * The header's user menu: identity block (avatar, full name, email, role), then
 * Profile, Help, the theme (System / Light / Dark) and Sign Out.
 */
export function UserMenu({ fullName, email, role, avatar, compact, onNavigate, onSignOut }: UserMenuProps) {
  // It replaces its stand-in (DeferredUserMenu) when that is pressed, so it starts open.
  const [open, setOpen] = useState(true);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const themeLabelId = useId();
  const { preference, setPreference } = useTheme();

  const go = (path: string) => (event: MouseEvent) => {
    event.preventDefault();
    setOpen(false);
    onNavigate(path);
  };

  // Focus goes back to the button when the menu closes with focus inside it (Escape, a chosen item):
  // otherwise it would fall to <body> and a keyboard user would start over from the top of the page.
  // The button is lost too when the menu has just replaced the stand-in that had focus.
  const returnFocus = () => {
    const active = document.activeElement;
    const lost = active === null || active === document.body || contentRef.current?.contains(active) || !active.isConnected;
    if (lost && buttonRef.current?.isConnected) buttonRef.current.focus();
  };

  const content = (
    <div className="user-menu" ref={contentRef} onKeyDown={(event) => moveMenuFocus(event, ITEM_SELECTOR)}>
      <div className="user-menu__identity">
        <UserAvatar fullName={fullName} avatar={avatar} size="large" />
        <div className="user-menu__text">
          <div className="user-menu__name">{fullName}</div>
          {email && <div className="user-menu__email">{email}</div>}
          <Tag minimal round intent="primary" className="user-menu__role">
            {role}
          </Tag>
        </div>
      </div>
      <Menu aria-label="User menu">
        <MenuItem icon={<PersonIcon />} text="Profile" href={profileEditPath} onClick={go(profileEditPath)} />
        <MenuItem icon={<HelpIcon />} text="Help" href={helpPath} onClick={go(helpPath)} />
        <MenuDivider />
        <li role="none">
          <div className="user-menu__group-label" id={themeLabelId}>
            Theme
          </div>
          <ul role="group" aria-labelledby={themeLabelId} className="user-menu__group">
            {THEME_PREFERENCES.map((choice) => (
              <MenuItem
                key={choice}
                role="menuitemradio"
                aria-checked={preference === choice}
                icon={THEME_CHOICES[choice].icon}
                text={THEME_CHOICES[choice].label}
                labelElement={preference === choice ? <TickIcon /> : undefined}
                shouldDismissPopover={false}
                onClick={() => setPreference(choice)}
              />
            ))}
          </ul>
        </li>
        <MenuDivider />
        <MenuItem icon={<LogOutIcon />} text="Sign Out" intent="danger" onClick={onSignOut} />
      </Menu>
    </div>
  );

  return (
    <Popover
      content={content}
      placement="bottom-end"
      minimal={false}
      className="user-menu__popover"
      isOpen={open}
      onInteraction={setOpen}
      onOpened={() => contentRef.current?.querySelector<HTMLElement>(ITEM_SELECTOR)?.focus()}
      onClosed={returnFocus}
    >
      <UserMenuButton
        ref={buttonRef}
        fullName={fullName}
        avatar={avatar}
        compact={compact}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      />
    </Popover>
  );
}
