import { Router, type Request } from 'express';
import type { RequestContext } from '../../account/context';
import { readBody } from '../../rest/body';
import { idempotencyKeyHeader } from '../../idempotency/idempotency.routes';
import { transferService } from './transfer.service';

type ContextOf = (req: Request) => RequestContext;

/** REST adapter over stockService's transfers of many products, mounted at /api/transfers. */
export function transferRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /**
   * POST /api/transfers { fromLocationId, toLocationId, lines: [{ productId, quantity }], note? } (counters and above):
   * { transferId, movements }, all or nothing. An Idempotency-Key header makes a repeat answer as the first did.
   */
  router.post('/', async (req, res) => {
    const body = readBody(req, ['fromLocationId', 'toLocationId', 'lines', 'note'] as const);
    res.json(await transferService.transferBatch(contextOf(req), body, idempotencyKeyHeader(req)));
  });

  return router;
}
