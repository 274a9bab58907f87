import { Router, type Request } from 'express';
import type { RequestContext } from '../account/context';
import { toUserJson } from '../account/user.entity';
import { dashboardService } from './dashboard.service';

type ContextOf = (req: Request) => RequestContext;

/** REST adapter over dashboardService, mounted at /api/dashboard. */
export function dashboardRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/dashboard (signed in): { overview, recentActivity, features, inventory } */
  router.get('/', async (req, res) => {
    const dashboard = await dashboardService.get(contextOf(req));
    res.json({ ...dashboard, overview: { ...dashboard.overview, user: toUserJson(dashboard.overview.user) } });
  });

  return router;
}
