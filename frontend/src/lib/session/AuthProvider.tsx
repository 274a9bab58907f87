import { useApolloClient } from '@apollo/client/react';
import {
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useSignInMutation,
  useSignInWithCodeMutation,
  useSignOutMutation,
  useSignUpMutation,
} from '@stockroom/schema/generated/hooks';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { signInPath } from '../urls';
import { onSessionRejected } from './session-events';
import { getBrowserStorages, readBrowserToken, readStoredSession } from './storage';
import { claimAnsweredFirstProfile, queryProfile, takeFirstProfileRequest } from './first-profile';
import { AuthContext, type AuthContextValue } from './auth-context';
import * as flows from './auth-flows';
import { authActions, authReducer, startingAuthState, type AuthAction } from './auth-state';

/** Sign-out waits this long for the server at most; the local sign-out never depends on it. */
const SIGN_OUT_SERVER_WAIT_MS = 3000;

const withTimeout = <T,>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);

const required = <T,>(value: T | null | undefined): T => {
  if (value === null || value === undefined) throw new Error('Empty response');
  return value;
};

/**
 * True while the build renders a signed-in screen's shell: there is no storage there, so
 * the provider is told to start as a restored session would, and the shell shows the page.
 */
export const PrerenderedSessionContext = createContext(false);
/** Stands for the token in a build-time shell; no request is made while rendering one. */
const PRERENDERED_TOKEN = 'build-time-shell';

export function AuthProvider({ children }: { children: ReactNode }) {
  const prerendered = useContext(PrerenderedSessionContext);
  const [state, rawDispatch] = useReducer(authReducer, null, () => {
    if (prerendered) return startingAuthState(PRERENDERED_TOKEN);
    const token = flows.unexpiredStoredToken(getBrowserStorages().local, Date.now());
    // The profile main.tsx asked for before this render, when it has come.
    return startingAuthState(token, token === null ? null : claimAnsweredFirstProfile(token), new Date());
  });
  const navigate = useNavigate();
  const client = useApolloClient();
  const [signInMutation] = useSignInMutation();
  const [signInWithCodeMutation] = useSignInWithCodeMutation();
  const [signUpMutation] = useSignUpMutation();
  const [signOutMutation] = useSignOutMutation();
  const [forgotPasswordMutation] = useForgotPasswordMutation();
  const [resetPasswordMutation] = useResetPasswordMutation();
  // A session that starts with its profile has been checked already.
  const initializing = useRef(state.isAuthenticated && !state.loading);

  // Sign-out resets the state to `initialized: false`, so initialization may
  // run again (and find no token) the next time something asks for it.
  const dispatch = useCallback((action: AuthAction) => {
    if (action.type === 'signOut') initializing.current = false;
    rawDispatch(action);
  }, []);

  // The hooks' functions are stable, but a ref keeps `deps` identity fixed
  // so the callbacks below never change between renders.
  const depsRef = useRef<flows.AuthDeps>(null as unknown as flows.AuthDeps);
  depsRef.current = {
    ...getBrowserStorages(),
    now: () => Date.now(),
    onSessionRejected: () => handleSessionRejected(),
    api: {
      // An imperative one-off read: useMeLazyQuery ties the request to the
      // hook's subscription, which React may reset while initialization runs
      // (Apollo then aborts it). The typed document keeps it fully typed.
      fetchProfile: () => takeFirstProfileRequest(readBrowserToken()) ?? queryProfile(client),
      signIn: async (input) => flows.signInAnswerOf(required((await signInMutation({ variables: { input } })).data?.signIn)),
      signInWithCode: async (input) => flows.sessionOf(required((await signInWithCodeMutation({ variables: { input } })).data?.signInWithCode)),
      signUp: async (input) => flows.sessionOf(required((await signUpMutation({ variables: { input } })).data?.signUp)),
      signOut: () => withTimeout(signOutMutation(), SIGN_OUT_SERVER_WAIT_MS),
      forgotPassword: async (input) =>
        required((await forgotPasswordMutation({ variables: { input } })).data?.forgotPassword),
      resetPassword: async (input) =>
        required((await resetPasswordMutation({ variables: { input } })).data?.resetPassword),
    },
  };

  /**
   * Sign-out resets the state and leaves for /auth/login in one transition:
   * the router applies location changes as transitions, so a plain dispatch
   * would render first and let the guard of the page being left redirect to
   * /auth/login?returnUrl=... on its own. The cache goes last: nothing may
   * show the previous user's data.
   */
  const runSignOut = useCallback(
    async (notifyServer: boolean) => {
      const leave = (action: AuthAction) =>
        startTransition(() => {
          dispatch(action);
          if (action.type === 'signOut') navigate(signInPath, { replace: true });
        });
      // Signing out (not a session the server turned down) leaves nothing of the account on the device, its copies
      // and the changes it had not sent yet: the person is asked first when such changes are there.
      const offline = notifyServer ? await import('../offline/offline-db').catch(() => null) : null;
      if (offline && !(await offline.mayClearOfflineData().catch(() => true))) return;
      await flows.signOut(depsRef.current, leave, { notifyServer });
      await offline?.clearOfflineData().catch(() => undefined);
      await client.clearStore();
    },
    [client, dispatch, navigate],
  );

  /** The 401 rule: only a session that was actually stored is signed out. */
  const handleSessionRejected = useCallback(() => {
    if (readStoredSession(getBrowserStorages().local).token === null) return;
    void runSignOut(false);
  }, [runSignOut]);

  useEffect(() => onSessionRejected(handleSessionRejected), [handleSessionRejected]);

  const initialize = useCallback(() => {
    if (initializing.current) return;
    initializing.current = true;
    void flows.initializeAuth(depsRef.current, dispatch);
  }, [dispatch]);

  // The header needs to know about a stored session on public pages too, not
  // only when a route guard asks. A session restored from the first render still
  // has its profile (and so the token) checked here.
  useEffect(() => {
    if (!state.initialized || !initializing.current) initialize();
  }, [state.initialized, initialize]);

  // Actions keep one identity for the provider's lifetime, so pages can use
  // them in effect dependencies (e.g. clearError on unmount) safely.
  const actions = useMemo<Omit<AuthContextValue, 'state'>>(
    () => ({
      initialize,
      signIn: (input) => flows.signIn(depsRef.current, dispatch, input),
      signInWithCode: (input) => flows.signInWithCode(depsRef.current, dispatch, input),
      signUp: (input) => flows.signUp(depsRef.current, dispatch, input),
      signInWith: (call) => flows.signInWith(depsRef.current, dispatch, call),
      signOut: () => runSignOut(true),
      forgotPassword: (input) => flows.forgotPassword(depsRef.current, dispatch, input),
      resetPassword: (input) => flows.resetPassword(depsRef.current, dispatch, input),
      reloadProfile: () => flows.reloadProfile(depsRef.current, dispatch),
      profileUpdated: (user) => dispatch(authActions.profileUpdated(user)),
      clearError: () => dispatch(authActions.clearError()),
      clearMessage: () => dispatch(authActions.clearMessage()),
    }),
    [dispatch, initialize, runSignOut],
  );

  const value = useMemo<AuthContextValue>(() => ({ state, ...actions }), [state, actions]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
