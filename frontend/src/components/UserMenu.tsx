import { Menu, MenuDivider, MenuItem, Tag } from '@blueprintjs/core';
import { DesktopIcon, FlashIcon, HelpIcon, LogOutIcon, MoonIcon, PersonIcon, TickIcon } from '@blueprintjs/icons';
import { useId, type MouseEvent, type ReactElement } from 'react';
import { THEME_PREFERENCES, useTheme, type ThemePreference } from '../lib/theme';
import { helpPath, profileEditPath } from '../lib/urls';
import { MenuPopover } from './MenuPopover';
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

/**
 * The header's user menu: identity block (avatar, full name, email, role), then
 * Profile, Help, the theme (System / Light / Dark) and Sign Out.
 */
export function UserMenu({ fullName, email, role, avatar, compact, onNavigate, onSignOut }: UserMenuProps) {
  const themeLabelId = useId();
  const { preference, setPreference } = useTheme();

  // The item is a real link (it can be opened in a new tab); a plain click stays in the app.
  const go = (path: string) => (event: MouseEvent) => {
    event.preventDefault();
    onNavigate(path);
  };

  const content = (
    <div className="user-menu">
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
    <MenuPopover
      content={content}
      placement="bottom-end"
      minimal={false}
      className="user-menu__popover"
      renderButton={(button) => <UserMenuButton {...button} fullName={fullName} avatar={avatar} compact={compact} />}
    />
  );
}
