import { Router, type Request } from 'express';
import type { RequestContext } from '../account/context';
import { readBody } from '../rest/body';
import { replayStockChanges } from './stock-change-replay';

type ContextOf = (req: Request) => RequestContext;

/** REST adapter for many stock writes in one request, mounted at /api/stock-changes. */
export function stockChangeRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /**
   * POST /api/stock-changes { changes: [{ action, idempotencyKey, productId | stockCountId, body }] } (counters and
   * above; 1 to STOCK_CHANGES_MAX changes): { results: [{ idempotencyKey, outcome, status, answer }] }, one per change in order.
   */
  router.post('/', async (req, res) => {
    const { changes } = readBody(req, ['changes'] as const);
    res.json({ results: await replayStockChanges(contextOf(req), changes) });
  });

  return router;
}
