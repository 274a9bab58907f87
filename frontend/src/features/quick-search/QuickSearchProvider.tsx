import { ROLES } from '@stockroom/schema';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { QuickSearchContext, type QuickSearchControl } from '../../lib/quick-search';
import { useAuth } from '../../lib/session';
import { isQuickSearchShortcut } from './shortcut';

// The dialog and its query load the first time someone opens it, not with every page.
const QuickSearchDialog = lazy(() => import('./QuickSearchDialog'));

/**
 * Offers the quick search to the signed-in: the header's search button opens
 * it (through QuickSearchContext), and so do Ctrl+K / Cmd+K anywhere and `/`
 * outside a text field.
 */
export function QuickSearchProvider({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const signedIn = state.isAuthenticated && state.user !== null;
  const isAdmin = state.user?.role === ROLES.admin;
  const [isOpen, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps Blueprint's exit transition and the cached results.
  const [wanted, setWanted] = useState(false);

  // What had the focus when the dialog opened. Blueprint's own return of focus reads the active element once
  // the reopened dialog's input has already taken it (from the second opening on), and so gave it to <body>.
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback(() => {
    const active = document.activeElement;
    if (!opener.current && active instanceof HTMLElement && active !== document.body) opener.current = active;
    setWanted(true);
    setOpen(true);
  }, []);
  /** Back to the opener, unless what the dialog chose (a page) has put the focus somewhere of its own. */
  const returnFocus = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    const active = document.activeElement;
    const focusLeftNowhere = !active || active === document.body || !active.isConnected || active.closest('.quick-search') !== null;
    if (target?.isConnected && focusLeftNowhere) target.focus();
  }, []);

  useEffect(() => {
    if (!signedIn) {
      setOpen(false);
      return undefined;
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isQuickSearchShortcut(event)) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [signedIn, open]);

  const control = useMemo<QuickSearchControl>(() => ({ available: signedIn, open }), [signedIn, open]);
  return (
    <QuickSearchContext.Provider value={control}>
      {children}
      {signedIn && wanted && (
        <Suspense fallback={null}>
          <QuickSearchDialog isOpen={isOpen} isAdmin={isAdmin} onClose={() => setOpen(false)} onClosed={returnFocus} />
        </Suspense>
      )}
    </QuickSearchContext.Provider>
  );
}
