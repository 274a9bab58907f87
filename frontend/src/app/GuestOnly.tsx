import { Navigate, Outlet, useSearchParams } from 'react-router-dom';
import { sanitizeReturnUrl } from '../lib/return-url';
import { useAuth } from '../lib/session';

/** Sign-in and sign-up are pointless when signed in: go where the user was heading. */
export function GuestOnly() {
  const { state } = useAuth();
  const [params] = useSearchParams();
  if (state.initialized && state.isAuthenticated) {
    return <Navigate to={sanitizeReturnUrl(params.get('returnUrl'))} replace />;
  }
  return <Outlet />;
}
