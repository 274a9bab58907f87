import { AuthMessages } from '@stockroom/schema';
import { authActions, authReducer, initialAuthState, PLACEHOLDER_USER, type AuthState } from './auth-state';
import { TEST_USER } from './test-user';

const user = TEST_USER;
const now = new Date('2025-06-01T12:00:00.000Z');
const reduce = (state: AuthState, ...actions: ReturnType<(typeof authActions)[keyof typeof authActions]>[]) =>
  actions.reduce(authReducer, state);

describe('auth reducer', () => {
  it('starts signed out, not initialized, with nothing loading', () => {
    expect(initialAuthState).toEqual({
      user: null,
      token: null,
      isAuthenticated: false,
      loading: false,
      error: null,
      initialized: false,
      message: null,
    });
  });

  describe('initialization', () => {
    it('sets loading when it starts', () => {
      expect(authReducer(initialAuthState, authActions.initStart())).toMatchObject({ loading: true, initialized: false });
    });

    it('ends unauthenticated and initialized with no message when there is no valid session', () => {
      const state = reduce({ ...initialAuthState, message: 'stale' }, authActions.initStart(), authActions.initUnauthenticated());
      expect(state).toEqual({ ...initialAuthState, initialized: true });
    });

    it('authenticates at once with the Unknown User placeholder (empty email and id)', () => {
      const state = reduce(initialAuthState, authActions.initStart(), authActions.initRestored('tok'));
      expect(state).toMatchObject({ isAuthenticated: true, initialized: true, token: 'tok', user: PLACEHOLDER_USER });
      expect(state.user).toMatchObject({ firstName: 'Unknown', lastName: 'User', fullName: 'Unknown User', email: '', id: '' });
    });

    it('replaces the placeholder with the loaded profile, stamping updatedAt with the current date', () => {
      const state = reduce(initialAuthState, authActions.initRestored('tok'), authActions.profileLoaded(user, now));
      expect(state.user).toEqual({ ...user, updatedAt: now.toISOString() });
      expect(state).toMatchObject({ isAuthenticated: true, token: 'tok', loading: false, error: null });
    });

    it('keeps the placeholder and clears the error when the profile call fails', () => {
      const state = reduce(
        { ...initialAuthState, error: 'boom' },
        authActions.initRestored('tok'),
        authActions.profileFailed(),
      );
      expect(state).toMatchObject({ user: PLACEHOLDER_USER, isAuthenticated: true, error: null, loading: false });
    });
  });

  describe('sign-in and sign-up', () => {
    it('sets loading, then user, token and authenticated on success', () => {
      const loading = authReducer({ ...initialAuthState, initialized: true, error: 'old' }, authActions.authStart());
      expect(loading).toMatchObject({ loading: true, error: null });
      const state = authReducer(loading, authActions.authSuccess(user, 'tok', now));
      expect(state).toMatchObject({ isAuthenticated: true, token: 'tok', loading: false, error: null });
      expect(state.user).toEqual({ ...user, updatedAt: now.toISOString() });
    });

    it('clears user and token and stores the error on failure', () => {
      const signedIn = authReducer(initialAuthState, authActions.authSuccess(user, 'tok', now));
      const state = reduce(signedIn, authActions.authStart(), authActions.authFailure('Invalid email or password'));
      expect(state).toMatchObject({
        user: null,
        token: null,
        isAuthenticated: false,
        loading: false,
        error: 'Invalid email or password',
      });
    });
  });

  describe('profile updated (the user changed their own account)', () => {
    const signedIn = authReducer(initialAuthState, authActions.authSuccess(user, 'tok', now));
    const changed = { ...user, firstName: 'Grace', lastName: 'Hopper', fullName: 'Grace Hopper', avatar: '/uploads/a.png', updatedAt: '2025-06-02T08:00:00.000Z' };

    it('replaces the user with the server answer as is, keeping the session', () => {
      const state = authReducer(signedIn, authActions.profileUpdated(changed));
      expect(state).toEqual({ ...signedIn, user: changed });
    });

    it('ignores an answer about another account', () => {
      expect(authReducer(signedIn, authActions.profileUpdated({ ...changed, id: 'u2' }))).toBe(signedIn);
    });

    it('ignores an answer that arrives after sign-out', () => {
      const signedOut = authReducer(signedIn, authActions.signOut());
      expect(authReducer(signedOut, authActions.profileUpdated(changed))).toBe(signedOut);
    });
  });

  it('sign-out resets the whole state to its initial values', () => {
    const signedIn = reduce(
      initialAuthState,
      authActions.initRestored('tok'),
      authActions.profileLoaded(user, now),
      authActions.requestFailure('x'),
    );
    expect(authReducer(signedIn, authActions.signOut())).toEqual(initialAuthState);
  });

  describe('forgot and reset password', () => {
    it('forgot password: loading, then the server message', () => {
      const loading = authReducer(initialAuthState, authActions.requestStart());
      expect(loading).toMatchObject({ loading: true, error: null, message: null });
      expect(authReducer(loading, authActions.forgotPasswordSuccess('Sent!'))).toMatchObject({ loading: false, message: 'Sent!' });
    });

    it('forgot password: defaults the message', () => {
      expect(authReducer(initialAuthState, authActions.forgotPasswordSuccess(undefined)).message).toBe(
        'If an account exists, a reset link has been sent.',
      );
      expect(AuthMessages.forgotPasswordSent).toBe('If an account exists, a reset link has been sent.');
    });

    it('reset password: defaults the message', () => {
      expect(authReducer(initialAuthState, authActions.resetPasswordSuccess('')).message).toBe('Password reset successful');
    });

    it('stores the error on failure', () => {
      const state = reduce(initialAuthState, authActions.requestStart(), authActions.requestFailure('User not found'));
      expect(state).toMatchObject({ loading: false, error: 'User not found', message: null });
    });
  });

  it('clearError and clearMessage clear only their own field', () => {
    const state: AuthState = { ...initialAuthState, error: 'e', message: 'm' };
    expect(authReducer(state, authActions.clearError())).toEqual({ ...state, error: null });
    expect(authReducer(state, authActions.clearMessage())).toEqual({ ...state, message: null });
  });
});
