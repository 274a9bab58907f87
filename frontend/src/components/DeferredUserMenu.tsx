import { useEffect, useState } from 'react';
import { afterFirstContent } from '../lib/first-content';
import type { UserMenuProps } from './UserMenu';
import { UserMenuButton } from './UserMenuButton';

const loadUserMenu = () => import('./UserMenu');
const prefetchUserMenu = () => void loadUserMenu().catch(() => undefined);

/**
 * The user menu's popover and items are fetched once the page's content is on screen (or when
 * its button is pointed at); the same button stands in for the menu until it is pressed (a click,
 * Enter, Space or ArrowDown), and the menu then opens in its place. Only a press swaps them: a
 * swap between a mouse button's press and its release would lose the click.
 */
export function DeferredUserMenu(props: UserMenuProps) {
  const [loaded, setLoaded] = useState<Awaited<ReturnType<typeof loadUserMenu>> | null>(null);
  useEffect(() => afterFirstContent(prefetchUserMenu), []);

  if (loaded) return <loaded.UserMenu {...props} />;
  const press = () => {
    loadUserMenu()
      .then((module) => setLoaded((current) => current ?? module))
      // Offline: the button stays, and the next press tries again.
      .catch(() => undefined);
  };
  return (
    <UserMenuButton
      fullName={props.fullName}
      avatar={props.avatar}
      compact={props.compact}
      onPointerEnter={prefetchUserMenu}
      onClick={press}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        press();
      }}
    />
  );
}
