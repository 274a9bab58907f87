import { DeferredMenu } from './DeferredMenu';
import type { UserMenuProps } from './UserMenu';
import { UserMenuButton } from './UserMenuButton';

const loadUserMenu = () => import('./UserMenu').then((module) => module.UserMenu);

/** The header's user menu, its code fetched once the page's content is on screen (DeferredMenu). */
export function DeferredUserMenu(props: UserMenuProps) {
  return (
    <DeferredMenu
      load={loadUserMenu}
      className="user-menu__popover"
      menuProps={props}
      renderStandIn={(standIn) => <UserMenuButton {...standIn} fullName={props.fullName} avatar={props.avatar} compact={props.compact} />}
    />
  );
}
