import { locationIdRule, StockAdjustmentFields, StockCountFields } from '@stockroom/schema';
import { readObject } from '../rest/body';

/**
 * The JSON bodies of a product's stock writes as REST reads them, whether
 * they come as a request's body (POST /api/products/{id}/stock and /stock/count)
 * or as one change of many (POST /api/stock-changes): only their own keys,
 * each of its JSON type.
 */

/** An adjustment's body { delta, reason?, note?, locationId? }; the reason may come in upper or lower case. */
export function adjustmentBodyOf(body: unknown) {
  const { reason, ...rest } = readObject(body, { ...StockAdjustmentFields, locationId: locationIdRule });
  return { ...rest, reason: typeof reason === 'string' ? reason.toUpperCase() : reason };
}

/** A stocktake's body { quantity, note?, locationId? }. */
export const countBodyOf = (body: unknown) => readObject(body, { ...StockCountFields, locationId: locationIdRule });
