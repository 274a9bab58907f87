import { Router, type Request } from 'express';
import { BULK_ACTIONS, BulkChangeFields, BulkDerivedChangeFields, BulkFilterFields, BulkMessages, StockAdjustmentFields, type BulkAction } from '@stockroom/schema';
import type { RequestContext } from '../../account/context';
import { ValidationError } from '../../common/errors';
import { readBody, readObject } from '../../rest/body';
import { isRecord, productBulkService, type BulkResult } from './product-bulk.service';
import { stockStatusFilter } from '../list-query/product-list-request';

type ContextOf = (req: Request) => RequestContext;

/**
 * The selection with only the keys it may carry: an unknown key is a 400, never
 * ignored, since a filter missing a misspelt condition selects more (with none
 * left, the whole catalogue). A selection by filter takes `stockStatus` as the
 * list's query string does (`low`, `LOW_STOCK`, any case), but not blank.
 * Anything else that is not a selection is the service's to refuse.
 */
function selectionOf(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const selection = readObject(raw, ['ids', 'filter'] as const, 'selection', 'Selection');
  if (!isRecord(selection.filter)) return selection;
  const filter = readObject(selection.filter, BulkFilterFields, 'filter', 'Filter');
  return { ...selection, filter: { ...filter, stockStatus: stockStatusFilter(filter.stockStatus) } };
}

/** REST adapter over productBulkService, mounted at /api/products beside the product routes. */
export function productBulkRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /**
   * POST /api/products/bulk { action, selection: { ids } | { filter }, changes }: { affected }. `changes`:
   * update { category?, price? | pricePercent?, reorderLevel?, featured? }; adjustStock { delta, reason?, note? }; delete none.
   */
  router.post('/bulk', async (req, res) => {
    const { action, selection: rawSelection, changes } = readBody(req, ['action', 'selection', 'changes']);
    if (!BULK_ACTIONS.includes(action as BulkAction)) throw new ValidationError({ action: BulkMessages.unknownAction });
    const ctx = contextOf(req);
    const selection = selectionOf(rawSelection);
    // Each action's changes hold its own fields only, each of its JSON type, as a product's body does.
    const changesOf: typeof readObject = (value, fields) => readObject(value ?? {}, fields, 'changes', 'Changes');
    const run: Record<BulkAction, () => Promise<BulkResult>> = {
      delete: () => productBulkService.remove(ctx, selection),
      update: () => productBulkService.update(ctx, selection, changesOf(changes, { ...BulkChangeFields, ...BulkDerivedChangeFields })),
      adjustStock: () => {
        const { reason, ...rest } = changesOf(changes, StockAdjustmentFields);
        // Like one product's adjustment, the reason may come in upper or lower case.
        return productBulkService.adjustStock(ctx, selection, { ...rest, reason: typeof reason === 'string' ? reason.toUpperCase() : reason });
      },
    };
    // The REST answer is { affected } for every action; a delete's trash batch serves GraphQL's Undo only.
    const { affected } = await run[action as BulkAction]();
    res.json({ affected });
  });

  return router;
}
