import { useCallback, useEffect, useRef, useState } from 'react';
import { afterFirstContent, watchFirstContent } from '../lib/first-content';
import type { UserMenuProps } from './UserMenu';
import { UserAvatar } from './UserAvatar';
import { UserMenuButton } from './UserMenuButton';

const loadUserMenu = () => import('./UserMenu');

interface Loaded {
  UserMenu: Awaited<ReturnType<typeof loadUserMenu>>['UserMenu'];
  /** Asked for by a click or ArrowDown before the code had come: the menu opens as it mounts. */
  open: boolean;
  /** The button had focus when the menu replaced it: the menu's own button takes it over. */
  focused: boolean;
}

/**
 * The user menu's popover and items load once the page's content is on screen, or as soon as
 * the button is pointed at, focused or pressed. Until then the same button stands in for it;
 * a press meanwhile opens the menu once its code has come.
 */
export function DeferredUserMenu(props: Omit<UserMenuProps, 'initiallyOpen' | 'takeFocus'>) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openWanted = useRef(false);

  const load = useCallback(() => {
    loadUserMenu()
      .then(({ UserMenu }) =>
        setLoaded((current) => current ?? { UserMenu, open: openWanted.current, focused: buttonRef.current === document.activeElement }),
      )
      // Offline: the button stays, and the next press tries again.
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    watchFirstContent();
    return afterFirstContent(load);
  }, [load]);

  if (loaded) return <loaded.UserMenu {...props} initiallyOpen={loaded.open} takeFocus={loaded.focused} />;

  const openWhenLoaded = () => {
    openWanted.current = true;
    load();
  };
  return (
    <UserMenuButton
      ref={buttonRef}
      fullName={props.fullName}
      avatar={<UserAvatar fullName={props.fullName} avatar={props.avatar} />}
      compact={props.compact}
      onPointerEnter={load}
      onFocus={load}
      onClick={openWhenLoaded}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        openWhenLoaded();
      }}
    />
  );
}
