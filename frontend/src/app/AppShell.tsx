import { APP_NAME, ROLES } from '@stockroom/schema';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { AppFooter } from '../components/AppFooter';
import { AppHeader, type NavItem } from '../components/AppHeader';
import { LoadingScreen } from '../components/LoadingScreen';
import { SideNav } from '../components/SideNav';
import { MOBILE_QUERY, useMediaQuery } from '../lib/useMediaQuery';
import { fullNameOf, useAuth } from '../lib/session';
import { FOOTER, SIGNED_OUT_LINKS, useSignedInLinks } from './navigation';
import { OfflineStatusSlot } from './OfflineStatusSlot';
import { WorkspaceSwitcherSlot } from './WorkspaceSwitcherSlot';

const NO_LINKS: readonly NavItem[] = [];

/** Header, side navigation (signed in only), routed content and footer. */
export function AppShell() {
  const { state, signOut } = useAuth();
  const navigate = useNavigate();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  // On mobile the side navigation would cover the content, so it starts closed there; on desktop it sits beside it,
  // open. A toggle holds until the page crosses between the two. It is read in the same render as the width: the
  // render that turns a desk's open column into a phone's overlay must not open the overlay, which took focus into it.
  const [sideNavChoice, setSideNavChoice] = useState<{ isMobile: boolean; open: boolean } | null>(null);
  const sideNavOpen = sideNavChoice?.isMobile === isMobile ? sideNavChoice.open : !isMobile;
  const setSideNavOpen = useCallback((open: boolean) => setSideNavChoice({ isMobile, open }), [isMobile]);
  useEffect(() => setSideNavChoice(null), [isMobile]);
  // A stored session is signed in from the first render (the placeholder user until its profile loads), so the
  // signed-in layout, side navigation included, is there from the first paint and stays when the check answers.
  const signedIn = state.isAuthenticated && state.user !== null;
  const shownUser = signedIn ? state.user! : null;

  const closeOnMobile = useCallback(() => {
    if (isMobile) setSideNavOpen(false);
  }, [isMobile, setSideNavOpen]);

  const user = shownUser
    ? {
        fullName: fullNameOf(shownUser),
        email: shownUser.email,
        role: shownUser.role || ROLES.member,
        avatar: shownUser.avatar,
      }
    : null;

  const signedInLinks = useSignedInLinks(signedIn, shownUser?.role ?? ROLES.member);
  const links = shownUser ? (signedInLinks ?? NO_LINKS) : SIGNED_OUT_LINKS;
  const shellClass = ['app-shell', signedIn && 'app-shell--signed-in', signedIn && sideNavOpen && !isMobile && 'app-shell--with-side-nav'];
  return (
    <div className={shellClass.filter(Boolean).join(' ')}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <AppHeader
        brand={APP_NAME}
        links={links}
        user={user}
        compact={isMobile}
        workspaceMenu={signedIn ? <WorkspaceSwitcherSlot compact={isMobile} onNavigate={navigate} /> : undefined}
        networkStatus={signedIn ? <OfflineStatusSlot compact={isMobile} /> : undefined}
        sideNavOpen={sideNavOpen}
        onToggleSideNav={() => setSideNavOpen(!sideNavOpen)}
        onNavigate={navigate}
        onSignOut={() => void signOut()}
      />
      <div className="app-shell__body">
        {signedIn && (
          <SideNav
            items={links}
            open={sideNavOpen}
            mode={isMobile ? 'overlay' : 'side'}
            onClose={() => setSideNavOpen(false)}
            onLinkClick={closeOnMobile}
          />
        )}
        <div className="app-shell__main">
          <main id="main-content" className="app-content" tabIndex={-1}>
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </main>
          <AppFooter year={FOOTER.year} company={FOOTER.company} badges={FOOTER.badges} />
        </div>
      </div>
    </div>
  );
}
