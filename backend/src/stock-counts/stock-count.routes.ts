import { Router, type Request } from 'express';
import { NewStockCountFields, StockCountLineFields, StockCountListFields, StockCountReviewFields } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { idempotencyKeyHeader } from '../idempotency/idempotency.routes';
import { readBody } from '../rest/body';
import { queryParams } from '../rest/query';
import { stockCountReviewService } from './stock-count-review.service';
import { stockCountService } from './stock-count.service';
import { stockCountStockService } from './stock-count-stock.service';

type ContextOf = (req: Request) => RequestContext;

const APPROVE_BODY = ['lineIds', 'notCountedAsZero'] as const;

/** REST adapter over stockCountService and stockCountReviewService, mounted at /api/stock-counts. */
export function stockCountRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/stock-counts?page&limit (members): { stockCounts, pagination }, newest first */
  router.get('/', async (req, res) => {
    res.json(await stockCountService.list(contextOf(req), queryParams(req, StockCountListFields)));
  });

  /** POST /api/stock-counts { locationId?, category?, blind? } (admins and above): 201 { stockCount } */
  router.post('/', async (req, res) => {
    res.status(201).json({ stockCount: await stockCountService.create(contextOf(req), readBody(req, NewStockCountFields)) });
  });

  /** GET /api/stock-counts/{id} (members): { stockCount, lines } */
  router.get('/:id', async (req, res) => {
    res.json(await stockCountService.get(contextOf(req), req.params.id));
  });

  /** GET /api/stock-counts/{id}/review?sortBy=value|product (members): { expectedHidden, items, notCounted } */
  router.get('/:id/review', async (req, res) => {
    res.json(await stockCountReviewService.review(contextOf(req), req.params.id, queryParams(req, StockCountReviewFields)));
  });

  /** GET /api/stock-counts/{id}/stock (counters and above, OPEN counts): { locationIds, quantitiesHidden, products } */
  router.get('/:id/stock', async (req, res) => {
    res.json(await stockCountStockService.stock(contextOf(req), req.params.id));
  });

  /**
   * POST /api/stock-counts/{id}/lines { productId, locationId?, quantity, ledgerPosition, countedAt?, replaces? }
   * (counters and above): 201 { line }. An Idempotency-Key header makes a repeat answer as the first did.
   */
  router.post('/:id/lines', async (req, res) => {
    const line = await stockCountService.addLine(contextOf(req), req.params.id, readBody(req, StockCountLineFields), idempotencyKeyHeader(req));
    res.status(201).json({ line });
  });

  /** POST /api/stock-counts/{id}/submit (counters and above): { stockCount }, IN_REVIEW */
  router.post('/:id/submit', async (req, res) => {
    readBody(req, []);
    res.json({ stockCount: await stockCountService.submit(contextOf(req), req.params.id) });
  });

  /** POST /api/stock-counts/{id}/approve { lineIds?, notCountedAsZero? } (admins and above): { stockCount, lines } */
  router.post('/:id/approve', async (req, res) => {
    res.json(await stockCountService.approve(contextOf(req), req.params.id, readBody(req, APPROVE_BODY)));
  });

  /** POST /api/stock-counts/{id}/cancel (admins and above): { stockCount }, CANCELLED */
  router.post('/:id/cancel', async (req, res) => {
    readBody(req, []);
    res.json({ stockCount: await stockCountService.cancel(contextOf(req), req.params.id) });
  });

  return router;
}
