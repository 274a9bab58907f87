import { Button } from '@blueprintjs/core';
import { BoxIcon, MenuIcon, SearchIcon } from '@blueprintjs/icons';
import type { ReactElement, ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useQuickSearch } from '../lib/quick-search';
import { dashboardPath, homePath } from '../lib/urls';
import { DeferredUserMenu } from './DeferredUserMenu';
import type { UserMenuProps } from './UserMenu';

export interface NavItem {
  label: string;
  path: string;
  icon: ReactElement;
  /** Only in the side navigation: the header's row has room for a few links beside the workspace and user menus. */
  sideOnly?: boolean;
}

export interface AppHeaderProps {
  brand: string;
  links: readonly NavItem[];
  /** Signed in: the menu button, search button and user menu appear. */
  user: Omit<UserMenuProps, 'compact' | 'onNavigate' | 'onSignOut'> | null;
  compact: boolean;
  /** Signed in: the workspace switcher, before the search button. */
  workspaceMenu?: ReactNode;
  /** Signed in: the network and the offline queue's state ("Offline", "3 changes waiting"), before the workspace switcher. */
  networkStatus?: ReactNode;
  sideNavOpen: boolean;
  onToggleSideNav(): void;
  onNavigate(path: string): void;
  onSignOut(): void;
}

export function AppHeader(props: AppHeaderProps) {
  const { brand, links, user, compact, workspaceMenu, networkStatus, sideNavOpen, onToggleSideNav, onNavigate, onSignOut } = props;
  const quickSearch = useQuickSearch();
  return (
    <header className={`app-header${user ? ' app-header--signed-in' : ''}`}>
      <div className="app-header__start">
        {user && (
          <Button
            variant="minimal"
            icon={<MenuIcon />}
            aria-label={sideNavOpen ? 'Close navigation' : 'Open navigation'}
            aria-expanded={sideNavOpen}
            aria-controls="side-nav"
            onClick={onToggleSideNav}
          />
        )}
        <NavLink to={user ? dashboardPath : homePath} className="app-header__brand">
          <span className="app-header__logo" aria-hidden="true">
            <BoxIcon size={18} />
          </span>
          <span className="app-header__brand-text">{brand}</span>
        </NavLink>
        <nav className="app-header__nav" aria-label="Main">
          {links.filter((link) => !link.sideOnly).map((link) => (
            <NavLink key={link.path} to={link.path} className="app-header__link" end={link.path === '/'}>
              {link.label}
            </NavLink>
          ))}
        </nav>
      </div>
      <div className="app-header__end">
        {/* Signed-out visitors get only the Home link; the pages carry the calls to action. */}
        {user && (
          <>
            {networkStatus}
            {workspaceMenu}
            {/* Signed-in users only: it opens the quick search over their products and the app's pages. */}
            {quickSearch.available && (
              <Button
                variant="minimal"
                icon={<SearchIcon />}
                aria-label="Search"
                aria-haspopup="dialog"
                aria-keyshortcuts="Control+K Meta+K /"
                title="Search (Ctrl+K)"
                onClick={quickSearch.open}
              />
            )}
            <DeferredUserMenu {...user} compact={compact} onNavigate={onNavigate} onSignOut={onSignOut} />
          </>
        )}
      </div>
    </header>
  );
}
