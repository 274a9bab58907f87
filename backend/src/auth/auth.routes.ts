import { Router, type Request } from 'express';
import type { RequestContext } from '../account/context';
import { toUserJson } from '../account/user.entity';
import { readBody } from '../rest/body';
import { authService, type AuthResult } from './auth.service';

type ContextOf = (req: Request) => RequestContext;

const authJson = ({ accessToken, expiresAt, user }: AuthResult) => ({ accessToken, expiresAt: expiresAt.toISOString(), user: toUserJson(user) });

/** REST adapter over authService, mounted at /api/auth. */
export function authRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** POST /api/auth/signup (public): 201 { accessToken, expiresAt, user }; `confirmPassword` optional, as the original client sends it. */
  router.post('/signup', async (req, res) => {
    const input = readBody(req, ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const);
    res.status(201).json(authJson(await authService.signUp(contextOf(req), input as never)));
  });

  /** POST /api/auth/signin (public): 200 { accessToken, expiresAt, user } */
  router.post('/signin', async (req, res) => {
    const input = readBody(req, ['email', 'password'] as const);
    res.json(authJson(await authService.signIn(contextOf(req), input as never)));
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
