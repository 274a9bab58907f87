import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import type { NavItem } from './AppHeader';

export interface SideNavProps {
  items: readonly NavItem[];
  open: boolean;
  /** "overlay" on mobile (over the content, with a backdrop), "side" on desktop. */
  mode: 'side' | 'overlay';
  onClose(): void;
  onLinkClick(): void;
}

const FOCUSABLE = 'a[href], button:not([disabled])';

export function SideNav({ items, open, mode, onClose, onLinkClick }: SideNavProps) {
  const drawerRef = useRef<HTMLElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const overlayOpen = open && mode === 'overlay';
  const followedLink = useRef(false);

  // Over the content (a phone), the open drawer is modal to the keyboard: focus moves into it, Tab and
  // Shift+Tab cycle inside it, Escape closes it, and closing gives focus back to the button that opened it.
  // A followed link sends focus to the new page's content instead: the person went somewhere (and Enter,
  // which follows a link on keydown, would otherwise press the toggle on keypress and reopen the drawer).
  useEffect(() => {
    const drawer = drawerRef.current;
    if (!overlayOpen || !drawer) return;
    const toggle = document.querySelector<HTMLElement>('[aria-controls="side-nav"]');
    const focusable = () => [...drawer.querySelectorAll<HTMLElement>(FOCUSABLE)];
    followedLink.current = false;
    focusable()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return onCloseRef.current();
      if (event.key !== 'Tab') return;
      const stops = focusable();
      if (stops.length === 0) return;
      const active = document.activeElement;
      const inside = active !== null && drawer.contains(active);
      if (event.shiftKey && (!inside || active === stops[0])) {
        event.preventDefault();
        stops[stops.length - 1]!.focus();
      } else if (!event.shiftKey && (!inside || active === stops[stops.length - 1])) {
        event.preventDefault();
        stops[0]!.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      const active = document.activeElement;
      const lost = active === null || active === document.body || drawer.contains(active);
      if (!lost) return;
      if (followedLink.current) document.querySelector<HTMLElement>('main')?.focus();
      else if (toggle?.isConnected) toggle.focus();
    };
  }, [overlayOpen]);

  return (
    <>
      {mode === 'overlay' && open && <div className="side-nav__backdrop" onClick={onClose} aria-hidden="true" />}
      <aside
        ref={drawerRef}
        id="side-nav"
        className={`side-nav side-nav--${mode}${open ? ' side-nav--open' : ''}`}
        aria-label="Side navigation"
        hidden={!open}
      >
        <h2 className="side-nav__heading">Navigation</h2>
        <nav>
          <ul className="side-nav__list">
            {items.map((item) => (
              <li key={item.path}>
                <NavLink
                  to={item.path}
                  className="side-nav__link"
                  onClick={() => {
                    followedLink.current = true;
                    onLinkClick();
                  }}
                >
                  <span className="side-nav__icon">{item.icon}</span>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    </>
  );
}
