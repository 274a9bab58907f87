import { Router, type Request } from 'express';
import type { RequestContext } from '../account/context';
import { toUserJson } from '../account/user.entity';
import { readBody } from '../rest/body';
import { authService, isMfaRequired, type AuthResult, type MfaRequired } from './auth.service';

type ContextOf = (req: Request) => RequestContext;

const authJson = ({ accessToken, expiresAt, user }: AuthResult) => ({ accessToken, expiresAt: expiresAt.toISOString(), user: toUserJson(user) });
/** A sign-in's answer: the session, or (for an account with a second factor) the token its second step needs, and no session yet. */
const signInJson = (result: AuthResult | MfaRequired) =>
  isMfaRequired(result) ? { mfaRequired: true, mfaToken: result.mfaToken, methods: result.methods } : authJson(result);

/** REST adapter over authService, mounted at /api/auth. */
export function authRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** POST /api/auth/signup (public): 201 { accessToken, expiresAt, user }; `confirmPassword` optional, as the original client sends it. */
  router.post('/signup', async (req, res) => {
    const input = readBody(req, ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const);
    res.status(201).json(authJson(await authService.signUp(contextOf(req), input as never)));
  });

  /** POST /api/auth/signin (public): 200 { accessToken, expiresAt, user }, or { mfaRequired, mfaToken, methods } for an account with a second factor */
  router.post('/signin', async (req, res) => {
    const input = readBody(req, ['email', 'password'] as const);
    res.json(signInJson(await authService.signIn(contextOf(req), input as never)));
  });

  /** POST /api/auth/signin/mfa (public): { mfaToken, code } or { mfaToken, assertion } (a passkey's) -> 200 { accessToken, expiresAt, user } */
  router.post('/signin/mfa', async (req, res) => {
    const input = readBody(req, ['mfaToken', 'code', 'assertion'] as const);
    res.json(authJson(await authService.signInWithCode(contextOf(req), input as never)));
  });

  /** POST /api/auth/passkey/options (public): {} or { mfaToken } -> the options for navigator.credentials.get() */
  router.post('/passkey/options', async (req, res) => {
    const input = readBody(req, ['mfaToken'] as const);
    res.json(await authService.passkeyOptions(contextOf(req), input));
  });

  /** POST /api/auth/passkey/signin (public): { assertion } instead of a password, or { mfaToken, assertion } as the second factor -> 200 { accessToken, expiresAt, user } */
  router.post('/passkey/signin', async (req, res) => {
    const input = readBody(req, ['mfaToken', 'assertion'] as const);
    res.json(authJson(await authService.signInWithPasskey(contextOf(req), input)));
  });

  /** POST /api/auth/signout (signed in): revokes this session. */
  router.post('/signout', async (req, res) => {
    res.json({ message: await authService.signOut(contextOf(req)) });
  });

  /** POST /api/auth/forgot-password (public): { email } -> { message } */
  router.post('/forgot-password', async (req, res) => {
    const input = readBody(req, ['email'] as const);
    res.json({ message: await authService.forgotPassword(contextOf(req), input as never) });
  });

  /** POST /api/auth/reset-password (public): { email, resetToken, newPassword } -> { message } */
  router.post('/reset-password', async (req, res) => {
    const input = readBody(req, ['email', 'resetToken', 'newPassword'] as const);
    res.json({ message: await authService.resetPassword(contextOf(req), input as never) });
  });

  return router;
}
