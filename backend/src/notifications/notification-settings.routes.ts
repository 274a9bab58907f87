import { Router, type Request } from 'express';
import { NotificationSettingsFields } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { readBody } from '../rest/body';
import { notificationSettingsService } from './notification-settings.service';

type ContextOf = (req: Request) => RequestContext;

/** REST adapter over notificationSettingsService, mounted at /api/users: the signed-in user's low-stock emails (sessions only). */
export function notificationSettingsRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/users/profile/notifications (signed in): { notificationSettings } */
  router.get('/profile/notifications', async (req, res) => {
    res.json({ notificationSettings: await notificationSettingsService.get(contextOf(req)) });
  });

  /** PUT /api/users/profile/notifications { lowStockEmails?, digestHour?, timeZone? } (signed in): { notificationSettings } — the same as updateNotificationSettings */
  router.put('/profile/notifications', async (req, res) => {
    const input = readBody(req, NotificationSettingsFields);
    res.json({ notificationSettings: await notificationSettingsService.update(contextOf(req), input) });
  });

  return router;
}
