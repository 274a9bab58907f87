import type { Request, Router } from 'express';
import { locationIdRule, StockMovementListFields, TransferFields } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { readBody } from '../rest/body';
import { queryParams } from '../rest/query';
import { idempotencyKeyHeader } from '../idempotency/idempotency.routes';
import { adjustmentBodyOf, countBodyOf } from './stock-bodies';
import { stockService } from './stock.service';
import { transferService } from './transfers/transfer.service';

type ContextOf = (req: Request) => RequestContext;

/**
 * REST adapter over stockService: one product's stock, under its path. The
 * product router adds these routes to itself (productRoutes), so every path
 * under /api/products/{id} is answered by one router. Every route needs a
 * signed-in caller.
 */
export function addStockRoutes(router: Router, contextOf: ContextOf): void {
  /**
   * POST /api/products/{id}/stock { delta, reason?, note?, locationId? } (counters and above): { product }; a sale beyond the
   * location's stock is a 409.
   * The reason may be sent in upper or lower case; it is answered in upper case.
   * Every POST here takes an Idempotency-Key header: a repeat answers as the first did and writes nothing.
   */
  router.post('/:id/stock', async (req, res) => {
    const input = adjustmentBodyOf(req.body ?? {});
    res.json({ product: await stockService.adjust(contextOf(req), req.params.id, input, idempotencyKeyHeader(req)) });
  });

  /** POST /api/products/{id}/stock/count { quantity, note?, locationId? } (counters and above): { product } after a stocktake (403 for anyone else's) */
  router.post('/:id/stock/count', async (req, res) => {
    const input = countBodyOf(req.body ?? {});
    res.json({ product: await stockService.count(contextOf(req), req.params.id, input, idempotencyKeyHeader(req)) });
  });

  /** GET /api/products/{id}/stock (members): { total, levels: [{ location: { id, name, path }, quantity }] } */
  router.get('/:id/stock', async (req, res) => {
    res.json(await stockService.levels(contextOf(req), req.params.id));
  });

  /** POST /api/products/{id}/transfer { fromLocationId, toLocationId, quantity, note? } (counters and above): { product, movements } */
  router.post('/:id/transfer', async (req, res) => {
    const body = readBody(req, { ...TransferFields, fromLocationId: locationIdRule, toLocationId: locationIdRule });
    res.json(await transferService.transfer(contextOf(req), req.params.id, body, idempotencyKeyHeader(req)));
  });

  /** GET /api/products/{id}/movements?page&limit: { movements, pagination }, newest first (404 for anyone else's) */
  router.get('/:id/movements', async (req, res) => {
    res.json(await stockService.movements(contextOf(req), req.params.id, queryParams(req, StockMovementListFields)));
  });
}
