import { Router, type Request } from 'express';
import { authService } from '../auth/auth.service';
import { requireViewer } from '../auth/viewer';
import type { RequestContext } from '../common/context';
import { readBody } from '../rest/body';
import { toUserJson } from './user.entity';

type ContextOf = (req: Request) => RequestContext;

/** REST adapter for the signed-in user's own account, mounted at /api/users. */
export function userRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/users/profile/me (signed in): { user } */
  router.get('/profile/me', async (req, res) => {
    const { user } = await requireViewer(contextOf(req));
    res.json({ user: toUserJson(user) });
  });

  /** POST /api/users/verify-email (public): { email, token } from the emailed link -> { message } */
  router.post('/verify-email', async (req, res) => {
    const input = readBody(req, ['email', 'token'] as const);
    res.json({ message: await authService.verifyEmail(contextOf(req), input as never) });
  });

  /** POST /api/users/resend-verification (signed in): emails a new verification link -> { message } */
  router.post('/resend-verification', async (req, res) => {
    res.json({ message: await authService.resendVerification(contextOf(req)) });
  });

  return router;
}
