import type { MikroORM } from '@mikro-orm/postgresql';
import { APP_VERSION } from '@stockroom/schema';
import { Router } from 'express';

/** GET /api/users/health/status (public): readiness, 503 while the database does not answer. */
export function healthRoutes(orm: MikroORM): Router {
  const router = Router();
  router.get('/status', async (_req, res) => {
    const database = await orm.em
      .getConnection()
      .execute('SELECT 1')
      .then(() => 'up' as const)
      .catch(() => 'down' as const);
    res
      .status(database === 'up' ? 200 : 503)
      .json({ status: database === 'up' ? 'ok' : 'unavailable', database, version: APP_VERSION, uptimeSeconds: Math.round(process.uptime()) });
  });
  return router;
}
