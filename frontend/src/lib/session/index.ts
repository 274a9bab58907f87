/**
 * The signed-in session, app-wide: the shell, the route guards and every
 * feature read it through useAuth; the provider wraps the routed app.
 */
export { AuthProvider, PrerenderedSessionContext } from './AuthProvider';
export { useAuth } from './useAuth';
export { fullNameOf, type AuthUser } from './auth-state';
export type { CodeNeeded, FlowResult } from './auth-flows';
