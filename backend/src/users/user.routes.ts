import { Router, type Request } from 'express';
import { ProfileFields, UserAdminFields, UserListFields } from '@stockroom/schema';
import { EmailChangeRequest } from '../account/step-up-fields';
import { accountService } from '../account/account.service';
import { requireCaller } from '../account/viewer';
import type { RequestContext } from '../account/context';
import { readBody } from '../rest/body';
import { queryParams } from '../rest/query';
import { toUserJson } from '../account/user.entity';
import { userService } from './user.service';

type ContextOf = (req: Request) => RequestContext;

const PROFILE_FIELDS = { ...ProfileFields, ...EmailChangeRequest };
const USER_FIELDS = { ...PROFILE_FIELDS, ...UserAdminFields };

/** REST adapter over userService and accountService, mounted at /api/users. */
export function userRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/users?page&limit&search (admins): { users, pagination } */
  router.get('/', async (req, res) => {
    const { users, pagination } = await userService.list(contextOf(req), queryParams(req, UserListFields));
    res.json({ users: users.map(toUserJson), pagination });
  });

  /** GET /api/users/profile/me (signed in, or a personal access token): { user } */
  router.get('/profile/me', async (req, res) => {
    const { user } = await requireCaller(contextOf(req), 'read');
    res.json({ user: toUserJson(user) });
  });

  /** PUT /api/users/profile/me { firstName?, lastName?, email?, currentPassword? }: { user } — the same as updateProfile */
  router.put('/profile/me', async (req, res) => {
    const input = readBody(req, PROFILE_FIELDS);
    res.json({ user: toUserJson(await userService.updateProfile(contextOf(req), input)) });
  });

  /** POST /api/users/profile/password { currentPassword?, newPassword }: { message }; without currentPassword, a step-up within 10 minutes; other sessions are revoked */
  router.post('/profile/password', async (req, res) => {
    const input = readBody(req, ['currentPassword', 'newPassword'] as const);
    res.json({ message: await userService.changePassword(contextOf(req), input as never) });
  });

  /** GET /api/users/admin/stats (admins): { stats } */
  router.get('/admin/stats', async (req, res) => {
    res.json({ stats: await userService.adminStats(contextOf(req)) });
  });

  /** POST /api/users/verify-email (public): { email, token } from the emailed link -> { message } */
  router.post('/verify-email', async (req, res) => {
    const input = readBody(req, ['email', 'token'] as const);
    res.json({ message: await accountService.verifyEmail(contextOf(req), input as never) });
  });

  /** POST /api/users/resend-verification (signed in): emails a new verification link -> { message } */
  router.post('/resend-verification', async (req, res) => {
    res.json({ message: await accountService.resendVerification(contextOf(req)) });
  });

  /** GET /api/users/{id} (self or admin): { user } */
  router.get('/:id', async (req, res) => {
    res.json({ user: toUserJson(await userService.get(contextOf(req), req.params.id)) });
  });

  /** PUT /api/users/{id} (self or admin; role and status: admin, not on themself; a new email: the caller's currentPassword or a recent step-up): { user } */
  router.put('/:id', async (req, res) => {
    const input = readBody(req, USER_FIELDS);
    res.json({ user: toUserJson(await userService.update(contextOf(req), req.params.id, input)) });
  });

  /** DELETE /api/users/{id} (self or admin): deactivates the account -> { message } */
  router.delete('/:id', async (req, res) => {
    res.json({ message: await userService.deactivate(contextOf(req), req.params.id) });
  });

  /** GET /api/users/{id}/profile (public): { profile } — name, avatar, member since */
  router.get('/:id/profile', async (req, res) => {
    res.json({ profile: await userService.publicProfile(contextOf(req), req.params.id) });
  });

  return router;
}
