import { AuthMessages, ROLES, USER_STATUS } from '@stockroom/schema';
import type { UserDetailsFragment } from '@stockroom/schema/generated/graphql';

/** The signed-in user as the client keeps it (the `UserDetails` fragment). */
export type AuthUser = UserDetailsFragment;

/** The auth client state. */
export interface AuthState {
  user: AuthUser | null;
  token: string | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
  initialized: boolean;
  message: string | null;
}

export const initialAuthState: AuthState = {
  user: null,
  token: null,
  isAuthenticated: false,
  loading: false,
  error: null,
  initialized: false,
  message: null,
};

/**
 * While the profile of a restored session loads, the user is
 * "Unknown User" with empty email and id, so the app can show signed-in
 * screens at once instead of waiting for the server.
 */
export const PLACEHOLDER_USER: AuthUser = {
  id: '',
  email: '',
  firstName: 'Unknown',
  lastName: 'User',
  fullName: 'Unknown User',
  avatar: null,
  status: USER_STATUS.active,
  role: ROLES.member,
  emailVerified: true,
  createdAt: '',
  updatedAt: '',
};

export type AuthAction =
  | { type: 'init/start' }
  | { type: 'init/unauthenticated' }
  | { type: 'init/restored'; token: string }
  | { type: 'profile/loaded'; user: AuthUser }
  | { type: 'profile/failed' }
  | { type: 'profile/updated'; user: AuthUser }
  | { type: 'auth/start' }
  | { type: 'auth/success'; user: AuthUser; token: string }
  | { type: 'auth/failure'; error: string }
  | { type: 'auth/code-needed' }
  | { type: 'signOut' }
  | { type: 'request/start' }
  | { type: 'request/success'; message: string }
  | { type: 'request/failure'; error: string }
  | { type: 'clearError' }
  | { type: 'clearMessage' };

/**
 * `updatedAt` is set on the client to the current date on
 * sign-in, sign-up and profile load. Done in the action creator so the
 * reducer stays pure.
 */
const touched = (user: AuthUser, now: Date): AuthUser => ({ ...user, updatedAt: now.toISOString() });

export const authActions = {
  initStart: (): AuthAction => ({ type: 'init/start' }),
  initUnauthenticated: (): AuthAction => ({ type: 'init/unauthenticated' }),
  initRestored: (token: string): AuthAction => ({ type: 'init/restored', token }),
  profileLoaded: (user: AuthUser, now: Date): AuthAction => ({ type: 'profile/loaded', user: touched(user, now) }),
  profileFailed: (): AuthAction => ({ type: 'profile/failed' }),
  /** The signed-in user changed their own account (name, email, avatar): the server's answer replaces it as is. */
  profileUpdated: (user: AuthUser): AuthAction => ({ type: 'profile/updated', user }),
  authStart: (): AuthAction => ({ type: 'auth/start' }),
  authSuccess: (user: AuthUser, token: string, now: Date): AuthAction => ({
    type: 'auth/success',
    user: touched(user, now),
    token,
  }),
  authFailure: (error: string): AuthAction => ({ type: 'auth/failure', error }),
  /** The password was right and the sign-in waits for a code: no session, no error. */
  codeNeeded: (): AuthAction => ({ type: 'auth/code-needed' }),
  signOut: (): AuthAction => ({ type: 'signOut' }),
  requestStart: (): AuthAction => ({ type: 'request/start' }),
  forgotPasswordSuccess: (message?: string | null): AuthAction => ({
    type: 'request/success',
    message: message || AuthMessages.forgotPasswordSent,
  }),
  resetPasswordSuccess: (message?: string | null): AuthAction => ({
    type: 'request/success',
    message: message || AuthMessages.resetSuccess,
  }),
  requestFailure: (error: string): AuthAction => ({ type: 'request/failure', error }),
  clearError: (): AuthAction => ({ type: 'clearError' }),
  clearMessage: (): AuthAction => ({ type: 'clearMessage' }),
};

/**
 * Where a provider starts. With a stored session it is signed in from the first render
 * (the placeholder user until the profile loads), as a restore would make it a moment
 * later: the page itself draws at once, and so does its build-time shell, instead of a
 * session check; the check still runs and decides. With the session's profile already
 * answered (asked for before the first render), it starts checked and loaded. Without a
 * session, initialization decides.
 */
export function startingAuthState(restoredToken: string | null, profile: AuthUser | null = null, now = new Date()): AuthState {
  if (restoredToken === null) return initialAuthState;
  const restored = authReducer(initialAuthState, authActions.initRestored(restoredToken));
  return profile ? authReducer(restored, authActions.profileLoaded(profile, now)) : restored;
}

/** The auth transitions (initialize, sign in/up, sign out, forgot/reset password, clear), one case each. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'init/start':
      return { ...state, loading: true };
    case 'init/unauthenticated':
      return { ...state, user: null, token: null, isAuthenticated: false, loading: false, initialized: true, message: null };
    case 'init/restored':
      return {
        ...state,
        user: PLACEHOLDER_USER,
        token: action.token,
        isAuthenticated: true,
        // Still loading: the real profile replaces the placeholder next.
        loading: true,
        initialized: true,
      };
    case 'profile/loaded':
      return { ...state, user: action.user, loading: false, error: null };
    case 'profile/failed':
      return { ...state, loading: false, error: null };
    case 'profile/updated':
      // Only the account that is signed in: an answer that arrives after a
      // sign-out, or about someone else, changes nothing.
      return state.isAuthenticated && state.user?.id === action.user.id ? { ...state, user: action.user } : state;
    case 'auth/start':
      return { ...state, loading: true, error: null, message: null };
    case 'auth/success':
      return {
        ...state,
        user: action.user,
        token: action.token,
        isAuthenticated: true,
        loading: false,
        error: null,
        initialized: true,
      };
    case 'auth/code-needed':
      return { ...state, loading: false, error: null };
    case 'auth/failure':
      return { ...state, user: null, token: null, isAuthenticated: false, loading: false, error: action.error };
    case 'signOut':
      return initialAuthState;
    case 'request/start':
      return { ...state, loading: true, error: null, message: null };
    case 'request/success':
      return { ...state, loading: false, message: action.message };
    case 'request/failure':
      return { ...state, loading: false, error: action.error };
    case 'clearError':
      return { ...state, error: null };
    case 'clearMessage':
      return { ...state, message: null };
  }
}

/** "First Last": the full name the header and user menu show. */
export const fullNameOf = (user: Pick<AuthUser, 'firstName' | 'lastName'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
