import { Router } from 'express';
import { carriesBearerToken } from '../common/bearer-token';
import type { DatabaseBreaker } from '../common/database-outage';
import type { SqlPool } from '../db/sql';
import { healthReport, readiness, type DrainState, type JobsState, type StorageCheck } from './health.service';
import { rememberedCheck } from './remembered-check';

/** GET /api/users/health/status (public): readiness, 503 while the database does not answer. */
export function healthRoutes(sql: SqlPool): Router {
  const router = Router();
  router.get('/status', async (_req, res) => {
    const report = await healthReport(sql);
    res.status(report.database === 'up' ? 200 : 503).json(report);
  });
  return router;
}

/** A passed storage check stands this long; a failed one only a second, so a store that is back is seen at once. */
const STORAGE_PASSED_FOR_MS = 10_000;
const STORAGE_FAILED_FOR_MS = 1_000;

/**
 * The probes an orchestrator or a load balancer polls (public):
 * GET /api/health/live answers while the process does, GET /api/health/ready
 * only while the database answers, uploads can be stored, the instance is not shutting down and its
 * job workers run (an instance with WORKER=0 has none and reports "off"); at once, without asking the
 * database, while the breaker holds it to be away. Why the storage is down (a path, an endpoint and
 * a bucket) is logged, and answered only to `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function probeRoutes(sql: SqlPool, lifecycle: DrainState, breaker: DatabaseBreaker, storage: StorageCheck, jobs: JobsState, metricsToken?: string): Router {
  const router = Router();
  const storageCheck = rememberedCheck(storage, { passedForMs: STORAGE_PASSED_FOR_MS, failedForMs: STORAGE_FAILED_FOR_MS });
  router.get('/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/ready', async (req, res) => {
    const report = await readiness(sql, lifecycle, breaker, storageCheck, jobs, { withReasons: carriesBearerToken(req, metricsToken) });
    res.status(report.status === 'ready' ? 200 : 503);
    if (report.status !== 'ready') res.setHeader('Retry-After', '1');
    res.json(report);
  });
  return router;
}
