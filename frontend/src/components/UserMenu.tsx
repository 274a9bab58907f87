import { Button, Menu, MenuDivider, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { ChevronDownIcon, HelpIcon, LogOutIcon, PersonIcon } from '@blueprintjs/icons';
import type { MouseEvent } from 'react';
import { helpPath, profileEditPath } from '../lib/urls';
import { UserAvatar } from './UserAvatar';

export interface UserMenuProps {
  fullName: string;
  email: string;
  role: string;
  avatar?: string | null;
  compact: boolean;
  onNavigate(path: string): void;
  onSignOut(): void;
}

/** The header's user menu: identity block (avatar, full name, email, role), then Profile, Help and Sign Out. */
export function UserMenu({ fullName, email, role, avatar, compact, onNavigate, onSignOut }: UserMenuProps) {
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
      <Menu>
        <MenuItem icon={<PersonIcon />} text="Profile" href={profileEditPath} onClick={go(profileEditPath)} />
        <MenuItem icon={<HelpIcon />} text="Help" href={helpPath} onClick={go(helpPath)} />
        <MenuDivider />
        <MenuItem icon={<LogOutIcon />} text="Sign Out" intent="danger" onClick={onSignOut} />
      </Menu>
    </div>
  );

  return (
    <Popover content={content} placement="bottom-end" minimal={false} className="user-menu__popover">
      <Button
        variant="minimal"
        className="user-menu__target"
        aria-label={`User menu for ${fullName}`}
        endIcon={compact ? undefined : <ChevronDownIcon />}
      >
        <span className="user-menu__target-inner">
          <UserAvatar fullName={fullName} avatar={avatar} />
          {!compact && <span className="user-menu__target-name">{fullName}</span>}
        </span>
      </Button>
    </Popover>
  );
}
