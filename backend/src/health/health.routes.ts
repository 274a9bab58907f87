import { Router } from 'express';
import type { SqlPool } from '../db/sql';
import { healthReport } from './health.service';

/** GET /api/users/health/status (public): readiness, 503 while the database does not answer. */
export function healthRoutes(sql: SqlPool): Router {
  const router = Router();
  router.get('/status', async (_req, res) => {
    const report = await healthReport(sql);
    res.status(report.database === 'up' ? 200 : 503).json(report);
  });
  return router;
}
