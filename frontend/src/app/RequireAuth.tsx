import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { loginUrlFor } from '../lib/return-url';
import { useAuth } from '../lib/session';

const SESSION_CHECK = 'Checking your session';

/**
 * Route guard of the signed-in screens: triggers initialization, waits for it, lets an
 * authenticated user through, otherwise sends them to sign in with the
 * requested URL (path and query) as returnUrl.
 */
export function RequireAuth() {
  const { state, initialize } = useAuth();
  const location = useLocation();

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
  if (state.isAuthenticated) return <Outlet />;
  return <Navigate to={loginUrlFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
}
