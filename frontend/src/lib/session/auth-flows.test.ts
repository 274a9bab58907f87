import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { SESSION_TIMEOUT_MS, TOKEN_EXPIRATION_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@stockroom/schema';
import { createTestStorage } from './test-storage';
import { LEGACY_AUTH_STORAGE_KEYS } from './storage';
import * as flows from './auth-flows';
import { authReducer, initialAuthState, PLACEHOLDER_USER, startingAuthState, type AuthAction, type AuthState, type AuthUser } from './auth-state';
import { TEST_USER } from './test-user';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');

const user = TEST_USER;

const graphQLError = (message: string, code: string) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code } }] });

function setup(stored: Record<string, string> = {}, api: Partial<flows.AuthApi> = {}) {
  const local = createTestStorage(stored);
  const session = createTestStorage();
  const onSessionRejected = jest.fn();
  const deps: flows.AuthDeps = {
    local,
    session,
    now: () => NOW,
    onSessionRejected,
    api: {
      fetchProfile: jest.fn().mockResolvedValue(user),
      signIn: jest.fn().mockResolvedValue({ accessToken: 'new-token', user }),
      signInWithCode: jest.fn().mockResolvedValue({ accessToken: 'new-token', user }),
      signUp: jest.fn().mockResolvedValue({ accessToken: 'new-token', user }),
      signOut: jest.fn().mockResolvedValue({ message: 'Signed out' }),
      forgotPassword: jest.fn().mockResolvedValue({ message: 'Check your inbox' }),
      resetPassword: jest.fn().mockResolvedValue({ message: 'Done' }),
      ...api,
    },
  };
  const actions: AuthAction[] = [];
  const states: AuthState[] = [];
  let state = initialAuthState;
  const dispatch = (action: AuthAction) => {
    actions.push(action);
    state = authReducer(state, action);
    states.push(state);
  };
  return { deps, local, session, onSessionRejected, dispatch, actions, states, current: () => state };
}

const validSession = { [TOKEN_STORAGE_KEY]: 'stored-token', [TOKEN_EXPIRATION_STORAGE_KEY]: String(NOW + 60_000) };

describe('initializeAuth (restoring a stored session)', () => {
  it('with no stored token: unauthenticated, initialized, no message, stored items removed', async () => {
    const t = setup({ [TOKEN_EXPIRATION_STORAGE_KEY]: String(NOW + 60_000) });
    await flows.initializeAuth(t.deps, t.dispatch);
    expect(t.states[0]).toMatchObject({ loading: true });
    expect(t.current()).toEqual({ ...initialAuthState, initialized: true });
    expect(t.local.dump()).toEqual({});
    expect(t.deps.api.fetchProfile).not.toHaveBeenCalled();
  });

  it('with a token but no expiry: unauthenticated and both removed', async () => {
    const t = setup({ [TOKEN_STORAGE_KEY]: 'tok' });
    await flows.initializeAuth(t.deps, t.dispatch);
    expect(t.current()).toMatchObject({ isAuthenticated: false, initialized: true, message: null });
    expect(t.local.dump()).toEqual({});
  });

  it('with an expired expiry: unauthenticated and stored items removed', async () => {
    const t = setup({ [TOKEN_STORAGE_KEY]: 'tok', [TOKEN_EXPIRATION_STORAGE_KEY]: String(NOW - 1) });
    await flows.initializeAuth(t.deps, t.dispatch);
    expect(t.current()).toEqual({ ...initialAuthState, initialized: true });
    expect(t.local.dump()).toEqual({});
  });

  it('with a valid session: placeholder at once, then the profile replaces it', async () => {
    let resolveProfile: (value: AuthUser) => void = () => undefined;
    const t = setup(validSession, { fetchProfile: () => new Promise<AuthUser>((resolve) => (resolveProfile = resolve)) });
    const done = flows.initializeAuth(t.deps, t.dispatch);
    expect(t.current()).toMatchObject({ isAuthenticated: true, initialized: true, token: 'stored-token', user: PLACEHOLDER_USER });
    resolveProfile(user);
    await done;
    expect(t.current().user).toEqual({ ...user, updatedAt: new Date(NOW).toISOString() });
    expect(t.current()).toMatchObject({ isAuthenticated: true, loading: false, error: null });
  });

  it('keeps the placeholder and clears the error when the profile call fails', async () => {
    const t = setup(validSession, { fetchProfile: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) });
    await flows.initializeAuth(t.deps, t.dispatch);
    expect(t.current()).toMatchObject({ isAuthenticated: true, user: PLACEHOLDER_USER, error: null, loading: false });
    expect(t.onSessionRejected).not.toHaveBeenCalled();
    expect(t.local.dump()).toEqual(validSession);
  });

  it('hands an UNAUTHENTICATED profile answer to the 401 rule instead of keeping the placeholder', async () => {
    const t = setup(validSession, {
      fetchProfile: jest.fn().mockRejectedValue(graphQLError('Your session has expired. Please log in again', 'UNAUTHENTICATED')),
    });
    await flows.initializeAuth(t.deps, t.dispatch);
    expect(t.onSessionRejected).toHaveBeenCalledTimes(1);
    expect(t.actions.map((a) => a.type)).not.toContain('profile/failed');
  });
});

describe('the state a provider starts in', () => {
  it('is a restored session (placeholder, loading) when an unexpired token is stored, so the page draws from the first frame', () => {
    const token = flows.unexpiredStoredToken(createTestStorage(validSession), NOW);
    expect(token).toBe('stored-token');
    expect(startingAuthState(token)).toEqual({
      ...initialAuthState,
      user: PLACEHOLDER_USER,
      token: 'stored-token',
      isAuthenticated: true,
      loading: true,
      initialized: true,
    });
  });

  it('is a checked, loaded session when the profile was answered before the first render: no placeholder, no second check', () => {
    const state = startingAuthState('stored-token', user, new Date(NOW));
    expect(state).toMatchObject({ token: 'stored-token', isAuthenticated: true, loading: false, initialized: true, error: null });
    expect(state.user).toMatchObject({ id: user.id, email: user.email, firstName: user.firstName });
    expect(state.user).not.toBe(PLACEHOLDER_USER);
    // No session, no profile to start with.
    expect(startingAuthState(null, user, new Date(NOW))).toEqual(initialAuthState);
  });

  it.each([
    ['no token', {}],
    ['a token with no expiry', { [TOKEN_STORAGE_KEY]: 'tok' }],
    ['an expired token', { [TOKEN_STORAGE_KEY]: 'tok', [TOKEN_EXPIRATION_STORAGE_KEY]: String(NOW) }],
  ])('is not yet initialized with %s: the session check decides', (_name, stored) => {
    const token = flows.unexpiredStoredToken(createTestStorage(stored), NOW);
    expect(token).toBeNull();
    expect(startingAuthState(token)).toEqual(initialAuthState);
  });
});

describe('signIn / signUp', () => {
  it('stores the token and expiry (now + session timeout, ms as a string) and authenticates', async () => {
    const t = setup();
    const result = await flows.signIn(t.deps, t.dispatch, { email: 'ada@example.com', password: 'pw' });
    expect(result).toEqual({ ok: true });
    expect(t.states[0]).toMatchObject({ loading: true });
    expect(t.local.dump()).toEqual({
      [TOKEN_STORAGE_KEY]: 'new-token',
      [TOKEN_EXPIRATION_STORAGE_KEY]: String(NOW + SESSION_TIMEOUT_MS),
    });
    expect(t.current()).toMatchObject({ isAuthenticated: true, token: 'new-token', loading: false });
    expect(t.current().user?.updatedAt).toBe(new Date(NOW).toISOString());
  });

  it('sign-up goes through the same transitions', async () => {
    const t = setup();
    const input = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Secret1!' };
    await flows.signUp(t.deps, t.dispatch, input);
    expect(t.deps.api.signUp).toHaveBeenCalledWith(input);
    expect(t.current()).toMatchObject({ isAuthenticated: true, token: 'new-token' });
  });

  it('on failure clears user and token, stores the server message, and stores nothing', async () => {
    const error = graphQLError('Invalid email or password', 'UNAUTHENTICATED');
    const t = setup({}, { signIn: jest.fn().mockRejectedValue(error) });
    const result = await flows.signIn(t.deps, t.dispatch, { email: 'ada@example.com', password: 'bad' });
    expect(result).toEqual({ ok: false, error, message: 'Invalid email or password' });
    expect(t.current()).toMatchObject({ user: null, token: null, isAuthenticated: false, loading: false, error: 'Invalid email or password' });
    expect(t.local.dump()).toEqual({});
  });
});

describe('a sign-in with a second factor', () => {
  it('stops after the password without a session or an error, and hands back the token the code goes with', async () => {
    const t = setup({}, { signIn: jest.fn().mockResolvedValue({ mfaToken: 'waiting', methods: ['webauthn'] }) });
    const result = await flows.signIn(t.deps, t.dispatch, { email: 'ada@example.com', password: 'pw' });
    expect(result).toEqual({ ok: true, codeNeeded: { mfaToken: 'waiting', methods: ['webauthn'] } });
    expect(t.current()).toMatchObject({ isAuthenticated: false, token: null, loading: false, error: null });
    expect(t.local.dump()).toEqual({});
  });

  it('then signs in with the code as a plain sign-in does', async () => {
    const t = setup();
    const result = await flows.signInWithCode(t.deps, t.dispatch, { mfaToken: 'waiting', code: '123456' });
    expect(result).toEqual({ ok: true });
    expect(t.deps.api.signInWithCode).toHaveBeenCalledWith({ mfaToken: 'waiting', code: '123456' });
    expect(t.current()).toMatchObject({ isAuthenticated: true, token: 'new-token' });
  });

  it('reads the GraphQL answer: the token when one is set, else the session', () => {
    expect(flows.signInAnswerOf({ accessToken: null, user: null, mfaToken: 'waiting', methods: ['totp', 'webauthn', 'recovery'] })).toEqual({
      mfaToken: 'waiting',
      methods: ['totp', 'webauthn', 'recovery'],
    });
    // A server that names no methods asks for a code.
    expect(flows.signInAnswerOf({ accessToken: null, user: null, mfaToken: 'waiting' })).toEqual({ mfaToken: 'waiting', methods: ['totp', 'recovery'] });
    expect(flows.signInAnswerOf({ accessToken: 'tok', user, mfaToken: null })).toEqual({ accessToken: 'tok', user });
    expect(() => flows.sessionOf({ accessToken: null, user: null })).toThrow('Empty response');
  });
});

describe('signOut', () => {
  const everything = () =>
    Object.fromEntries([TOKEN_STORAGE_KEY, TOKEN_EXPIRATION_STORAGE_KEY, ...LEGACY_AUTH_STORAGE_KEYS].map((key) => [key, 'x']));

  it('tells the server, resets the state and removes token, expiry and legacy keys from both storages', async () => {
    const t = setup();
    await flows.signIn(t.deps, t.dispatch, { email: 'ada@example.com', password: 'pw' });
    for (const [key, value] of Object.entries(everything())) {
      if (key !== TOKEN_STORAGE_KEY && key !== TOKEN_EXPIRATION_STORAGE_KEY) t.local.setItem(key, value);
      t.session.setItem(key, value);
    }
    t.local.setItem('unrelated', 'kept');
    await flows.signOut(t.deps, t.dispatch, { notifyServer: true });
    expect(t.deps.api.signOut).toHaveBeenCalledTimes(1);
    expect(t.current()).toEqual(initialAuthState);
    expect(t.local.dump()).toEqual({ unrelated: 'kept' });
    expect(t.session.dump()).toEqual({});
  });

  it('signs out locally even when the server call fails', async () => {
    const t = setup(validSession, { signOut: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) });
    await flows.signOut(t.deps, t.dispatch, { notifyServer: true });
    expect(t.current()).toEqual(initialAuthState);
    expect(t.local.dump()).toEqual({});
  });

  it('does not call the server for a rejected session', async () => {
    const t = setup(validSession);
    await flows.signOut(t.deps, t.dispatch, { notifyServer: false });
    expect(t.deps.api.signOut).not.toHaveBeenCalled();
    expect(t.local.dump()).toEqual({});
  });
});

describe('forgotPassword / resetPassword', () => {
  it('forgot password sets the server message on success', async () => {
    const t = setup();
    await flows.forgotPassword(t.deps, t.dispatch, { email: 'ada@example.com' });
    expect(t.states[0]).toMatchObject({ loading: true });
    expect(t.current()).toMatchObject({ loading: false, message: 'Check your inbox', error: null });
  });

  it('forgot password defaults the message when the server sends none', async () => {
    const t = setup({}, { forgotPassword: jest.fn().mockResolvedValue({ message: null }) });
    await flows.forgotPassword(t.deps, t.dispatch, { email: 'ada@example.com' });
    expect(t.current().message).toBe('If an account exists, a reset link has been sent.');
  });

  it('reset password defaults the message when the server sends none', async () => {
    const t = setup({}, { resetPassword: jest.fn().mockResolvedValue({}) });
    await flows.resetPassword(t.deps, t.dispatch, { email: 'a@b.co', resetToken: 't', newPassword: 'Secret1!' });
    expect(t.current().message).toBe('Password reset successful');
  });

  it('sets the error on failure', async () => {
    const t = setup({}, { resetPassword: jest.fn().mockRejectedValue(graphQLError('This password reset link is invalid or has expired', 'BAD_USER_INPUT')) });
    const result = await flows.resetPassword(t.deps, t.dispatch, { email: 'a@b.co', resetToken: 't', newPassword: 'Secret1!' });
    expect(result.ok).toBe(false);
    expect(t.current()).toMatchObject({ loading: false, error: 'This password reset link is invalid or has expired', message: null });
  });

  it('reports a network failure as a network error', async () => {
    const t = setup({}, { forgotPassword: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) });
    await flows.forgotPassword(t.deps, t.dispatch, { email: 'ada@example.com' });
    expect(t.current().error).toBe('Network error. Please check your connection');
  });
});
