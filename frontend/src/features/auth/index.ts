/** What the app shell and other features may use from the auth feature. */
export { AuthProvider } from './AuthProvider';
export { useAuth } from './useAuth';
export { RequireAuth } from './RequireAuth';
export { GuestOnly } from './GuestOnly';
export { fullNameOf, type AuthUser } from './auth-state';
