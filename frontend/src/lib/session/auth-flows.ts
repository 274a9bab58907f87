import { SESSION_TIMEOUT_MS } from '@stockroom/schema';
import type { ForgotPasswordInput, ResetPasswordInput, SignInInput, SignInWithCodeInput, SignUpInput } from '@stockroom/schema/generated/graphql';
import { extractErrorMessage, isUnauthenticatedError } from '../errors';
import {
  clearAllAuthStorage,
  readStoredSession,
  removeStoredSession,
  writeStoredSession,
  type KeyValueStorage,
} from './storage';
import { authActions, type AuthAction, type AuthUser } from './auth-state';

/**
 * The auth transitions as plain async functions. Every outside
 * effect (storage, the API, the clock) is passed in, so the same code runs in
 * the AuthProvider and in node unit tests.
 */
/** A session, as sign-up and a completed sign-in answer it. */
export interface SessionAnswer {
  accessToken: string;
  user: AuthUser;
}

/** A right password for an account with a second factor: no session yet, the token the code (or passkey) goes with, and which of them the account has. */
export interface CodeNeeded {
  mfaToken: string;
  /** "totp", "webauthn" (a passkey), "recovery". */
  methods: string[];
}

type AuthPayloadAnswer = { accessToken?: string | null; user?: AuthUser | null; mfaToken?: string | null; methods?: string[] | null };

/** The session an AuthPayload carries (sign-up, and a completed sign-in, always carry one). */
export function sessionOf(payload: AuthPayloadAnswer): SessionAnswer {
  if (!payload.accessToken || !payload.user) throw new Error('Empty response');
  return { accessToken: payload.accessToken, user: payload.user };
}

/** Sign-in's AuthPayload: the session, or the token of the code it still needs. */
export const signInAnswerOf = (payload: AuthPayloadAnswer): SessionAnswer | CodeNeeded =>
  payload.mfaToken ? { mfaToken: payload.mfaToken, methods: payload.methods ?? ['totp', 'recovery'] } : sessionOf(payload);

export interface AuthApi {
  fetchProfile(): Promise<AuthUser>;
  signIn(input: SignInInput): Promise<SessionAnswer | CodeNeeded>;
  signInWithCode(input: SignInWithCodeInput): Promise<SessionAnswer>;
  signUp(input: SignUpInput): Promise<{ accessToken: string; user: AuthUser }>;
  signOut(): Promise<unknown>;
  forgotPassword(input: ForgotPasswordInput): Promise<{ message?: string | null }>;
  resetPassword(input: ResetPasswordInput): Promise<{ message?: string | null }>;
}

export interface AuthDeps {
  local: KeyValueStorage;
  session: KeyValueStorage;
  api: AuthApi;
  now: () => number;
  /** Called when the server rejects a restored session with a 401: the user is signed out and sent to sign in. */
  onSessionRejected: () => void;
}

export type Dispatch = (action: AuthAction) => void;

/** Outcome handed back to the form that started a call. */
export type FlowResult = { ok: true; codeNeeded?: CodeNeeded } | { ok: false; error: unknown; message: string };

/** The stored token while it is unexpired, else null (initialization then removes it). */
export function unexpiredStoredToken(local: KeyValueStorage, now: number): string | null {
  const { token, expiresAt } = readStoredSession(local);
  return token === null || expiresAt === null || expiresAt <= now ? null : token;
}

export async function initializeAuth(deps: AuthDeps, dispatch: Dispatch): Promise<void> {
  dispatch(authActions.initStart());
  const token = unexpiredStoredToken(deps.local, deps.now());
  if (token === null) {
    removeStoredSession(deps.local);
    dispatch(authActions.initUnauthenticated());
    return;
  }
  dispatch(authActions.initRestored(token));
  try {
    const user = await deps.api.fetchProfile();
    dispatch(authActions.profileLoaded(user, new Date(deps.now())));
  } catch (error) {
    if (isUnauthenticatedError(error)) {
      deps.onSessionRejected();
      return;
    }
    dispatch(authActions.profileFailed());
  }
}

/** Re-reads the profile of the signed-in user (after verifying the email, for one). */
export async function reloadProfile(deps: AuthDeps, dispatch: Dispatch): Promise<void> {
  try {
    const user = await deps.api.fetchProfile();
    dispatch(authActions.profileLoaded(user, new Date(deps.now())));
  } catch (error) {
    if (isUnauthenticatedError(error)) deps.onSessionRejected();
  }
}

async function authenticate(
  deps: AuthDeps,
  dispatch: Dispatch,
  call: () => Promise<SessionAnswer | CodeNeeded>,
): Promise<FlowResult> {
  dispatch(authActions.authStart());
  try {
    const answer = await call();
    if ('mfaToken' in answer) {
      dispatch(authActions.codeNeeded());
      return { ok: true, codeNeeded: answer };
    }
    const { accessToken, user } = answer;
    const now = deps.now();
    writeStoredSession(deps.local, accessToken, now + SESSION_TIMEOUT_MS);
    dispatch(authActions.authSuccess(user, accessToken, new Date(now)));
    return { ok: true };
  } catch (error) {
    const message = extractErrorMessage(error);
    dispatch(authActions.authFailure(message));
    return { ok: false, error, message };
  }
}

export const signIn = (deps: AuthDeps, dispatch: Dispatch, input: SignInInput) =>
  authenticate(deps, dispatch, () => deps.api.signIn(input));

/** Sign-in's second step: the token from the first and a code; the session as a plain sign-in gives it. */
export const signInWithCode = (deps: AuthDeps, dispatch: Dispatch, input: SignInWithCodeInput) =>
  authenticate(deps, dispatch, () => deps.api.signInWithCode(input));

export const signUp = (deps: AuthDeps, dispatch: Dispatch, input: SignUpInput) =>
  authenticate(deps, dispatch, () => deps.api.signUp(input));

/** A sign-in made elsewhere (a single sign-on's callback): its session is stored and shown as any sign-in's. */
export const signInWith = (deps: AuthDeps, dispatch: Dispatch, call: () => Promise<{ accessToken: string; user: AuthUser }>) =>
  authenticate(deps, dispatch, call);

/**
 * Tells the server (best effort: the local sign-out happens even when the
 * call fails), then resets the state and every stored auth key. Navigation
 * and the cache are the caller's concern.
 */
export async function signOut(deps: AuthDeps, dispatch: Dispatch, options: { notifyServer: boolean }): Promise<void> {
  if (options.notifyServer && readStoredSession(deps.local).token !== null) {
    try {
      await deps.api.signOut();
    } catch {
      // The token is dropped locally either way; it expires on the server.
    }
  }
  clearAllAuthStorage([deps.local, deps.session]);
  dispatch(authActions.signOut());
}

/** Forgot and reset password: loading, then the server's message (or the default one), or the error. */
async function messageFlow(
  dispatch: Dispatch,
  call: () => Promise<{ message?: string | null }>,
  success: (message?: string | null) => AuthAction,
): Promise<FlowResult> {
  dispatch(authActions.requestStart());
  try {
    const { message } = await call();
    dispatch(success(message));
    return { ok: true };
  } catch (error) {
    const message = extractErrorMessage(error);
    dispatch(authActions.requestFailure(message));
    return { ok: false, error, message };
  }
}

export const forgotPassword = (deps: AuthDeps, dispatch: Dispatch, input: ForgotPasswordInput): Promise<FlowResult> =>
  messageFlow(dispatch, () => deps.api.forgotPassword(input), authActions.forgotPasswordSuccess);

export const resetPassword = (deps: AuthDeps, dispatch: Dispatch, input: ResetPasswordInput): Promise<FlowResult> =>
  messageFlow(dispatch, () => deps.api.resetPassword(input), authActions.resetPasswordSuccess);
