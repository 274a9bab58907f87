import { Router, type Request } from 'express';
import type { RequestContext } from '../../account/context';
import { readBody } from '../../rest/body';
import { queryParams } from '../../rest/query';
import { Rules } from '@stockroom/schema';
import { productTrashService } from './product-trash.service';

type ContextOf = (req: Request) => RequestContext;

/**
 * REST adapter over productTrashService, mounted at /api/products before the
 * product routes (so `/trash` is not taken for an id). Deleting for good one
 * product is `DELETE /api/products/{id}?permanent=true`, in product.routes.ts.
 */
export function productTrashRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/products/trash?page&limit: { products, pagination }, the most recently deleted first */
  router.get('/trash', async (req, res) => {
    res.json(await productTrashService.list(contextOf(req), queryParams(req, { page: Rules.page, limit: Rules.limit })));
  });

  /** GET /api/products/trash/{id}: { product }, one of the caller's trashed products (404 when it is not in their trash) */
  router.get('/trash/:id', async (req, res) => {
    res.json({ product: await productTrashService.find(contextOf(req), req.params.id) });
  });

  /** DELETE /api/products/trash: { affected }, everything in the caller's trash deleted for good */
  router.delete('/trash', async (req, res) => {
    res.json(await productTrashService.empty(contextOf(req)));
  });

  /** POST /api/products/restore { ids }: { affected }, all or nothing (404 when an id is not in the caller's trash) */
  router.post('/restore', async (req, res) => {
    const { ids } = readBody(req, ['ids']);
    res.json(await productTrashService.restoreMany(contextOf(req), ids));
  });

  /** POST /api/products/purge { ids }: { affected }, deleted for good, all or nothing (404 when an id is not one of the caller's) */
  router.post('/purge', async (req, res) => {
    const { ids } = readBody(req, ['ids']);
    res.json(await productTrashService.purgeMany(contextOf(req), ids));
  });

  /** POST /api/products/{id}/restore: { product } back from the trash (404 when not in the caller's trash, 409 when its SKU is taken) */
  router.post('/:id/restore', async (req, res) => {
    res.json({ product: await productTrashService.restore(contextOf(req), req.params.id) });
  });

  return router;
}
