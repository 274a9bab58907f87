import { profilePath } from '@stockroom/schema';
import { lazy, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { loginUrlFor } from '../lib/return-url';
import { profileEditPath } from '../lib/urls';
import { useAuth } from '../lib/session';
import { useWorkspace } from '../lib/workspace';

const SecondFactorRequired = lazy(() => import('../features/workspaces/components/SecondFactorRequired'));

/** Where a member kept out of a workspace by its second-factor requirement sets one up: open whichever workspace is chosen. */
const OPEN_WITHOUT_SECOND_FACTOR: ReadonlySet<string> = new Set([profilePath, profileEditPath]);

const SESSION_CHECK = 'Checking your session';

/**
 * Route guard of the signed-in screens: triggers initialization, waits for it, lets an
 * authenticated user through (to the page saying so, when the chosen workspace
 * requires a second factor they have not set up), otherwise sends them to sign in with the
 * requested URL (path and query) as returnUrl.
 */
export function RequireAuth() {
  const { state, initialize } = useAuth();
  const location = useLocation();
  const { current } = useWorkspace();

  useEffect(() => {
    if (!state.initialized) initialize();
  }, [state.initialized, initialize]);

  // The page's own heading comes with the page; until then (and in the build-time shell) the screen still has one.
  if (!state.initialized) {
    return (
      <>
        <h1 className="visually-hidden">{SESSION_CHECK}</h1>
        <LoadingScreen label={SESSION_CHECK} />
      </>
    );
  }
  if (state.isAuthenticated) {
    // Every request in a workspace that requires a second factor the account lacks is refused: one page says what to do instead.
    if (current?.needsSecondFactor && !OPEN_WITHOUT_SECOND_FACTOR.has(location.pathname)) return <SecondFactorRequired workspace={current} />;
    return <Outlet />;
  }
  return <Navigate to={loginUrlFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
}
