import { useEffect } from 'react';
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

export function SideNav({ items, open, mode, onClose, onLinkClick }: SideNavProps) {
  useEffect(() => {
    if (!open || mode !== 'overlay') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, mode, onClose]);

  return (
    <>
      {mode === 'overlay' && open && <div className="side-nav__backdrop" onClick={onClose} aria-hidden="true" />}
      <aside
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
                <NavLink to={item.path} className="side-nav__link" onClick={onLinkClick}>
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
