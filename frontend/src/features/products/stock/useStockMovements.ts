import type { ApolloCache } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useProductAdjustStockMutation, useProductCountStockMutation } from '@stockroom/schema/generated/hooks';
import { useCallback, useState } from 'react';
import { extractErrorMessage } from '../../../lib/errors';
import { isOffline } from '../../../lib/offline/network-status';
import { toast } from '../../../lib/toaster';
import type { StockAdjustment } from './AdjustStockDialog';
import type { StockCount } from './CountStockDialog';
import { applyProductDeleted, applyProductUpdated, applyStockHistoryChanged, applyStockLevelsChanged, readCachedProduct, type ProductRecord } from '../shared/product-cache';
import { isProductMissing } from '../shared/product-errors';
import { PRODUCT_TOASTS } from '../shared/product-toasts';
import { stockFieldErrors, type StockFieldErrors } from './stock-movements';

export type StockDialog = 'adjust' | 'count';

/** A movement changes the product like any update (lists, stats) and adds to its history, also when the quantity stayed, and to one of its places. */
function applyStockMovement(cache: ApolloCache, before: ProductRecord | null, after: ProductRecord) {
  applyProductUpdated(cache, before, after);
  applyStockHistoryChanged(cache, after.id);
  applyStockLevelsChanged(cache, after.id);
}

/** The stock dialogs' state and the two writes behind them; `onRecorded` runs after either succeeded. */
export function useStockMovements(productId: string, onRecorded: () => void) {
  const client = useApolloClient();
  const [dialog, setDialog] = useState<StockDialog | null>(null);
  const [errors, setErrors] = useState<StockFieldErrors>({});
  // Set when a write found the product deleted meanwhile: a page that stays open (a location's) says so.
  const [missing, setMissing] = useState(false);
  const [adjustStock, { loading: adjusting }] = useProductAdjustStockMutation();
  const [countStock, { loading: counting }] = useProductCountStockMutation();

  const open = useCallback((which: StockDialog) => {
    setErrors({});
    setDialog(which);
  }, []);
  const close = useCallback(() => setDialog(null), []);
  const clearErrors = useCallback(() => setErrors((current) => (Object.keys(current).length ? {} : current)), []);

  const record = async (write: (before: ProductRecord | null) => Promise<unknown>): Promise<boolean> => {
    setErrors({});
    try {
      await write(readCachedProduct(client.cache, productId));
      setDialog(null);
      onRecorded();
      toast.success(PRODUCT_TOASTS.stockUpdated);
      return true;
    } catch (error) {
      // Deleted meanwhile (in another tab, by someone else): the page stops showing it and says where it went.
      if (isProductMissing(error)) {
        setMissing(true);
        setDialog(null);
        applyProductDeleted(client.cache, productId, readCachedProduct(client.cache, productId));
      }
      const fieldErrors = stockFieldErrors(error);
      setErrors(fieldErrors);
      toast.error(fieldErrors.amount ?? fieldErrors.note ?? fieldErrors.reason ?? fieldErrors.form ?? '');
      return false;
    }
  };

  /** With no network the change goes to the offline queue, sent when the network is back; the dialog closes as after a write. */
  const queue = async (write: (productName: string) => Promise<unknown>): Promise<boolean> => {
    setErrors({});
    try {
      await write(readCachedProduct(client.cache, productId)?.name ?? 'Product');
      setDialog(null);
      onRecorded();
      toast.success(PRODUCT_TOASTS.stockQueued);
      return true;
    } catch (error) {
      setErrors({ form: extractErrorMessage(error) });
      return false;
    }
  };
  const offlineQueue = () => import('../../../lib/offline/change-queue');

  const adjust = (adjustment: StockAdjustment) =>
    isOffline()
      ? queue(async (name) => (await offlineQueue()).queueStockAdjustment(productId, adjustment, name))
      : record((before) =>
          adjustStock({
            variables: { id: productId, ...adjustment },
            update: (cache, { data }) => {
              if (data) applyStockMovement(cache, before, data.adjustStock);
            },
          }),
        );

  const count = (stockCount: StockCount) =>
    isOffline()
      ? queue(async (name) => (await offlineQueue()).queueStockCount(productId, stockCount, name))
      : record((before) =>
          countStock({
            variables: { id: productId, ...stockCount },
            update: (cache, { data }) => {
              if (data) applyStockMovement(cache, before, data.countStock);
            },
          }),
        );

  return { dialog, open, close, errors, clearErrors, missing, busy: adjusting || counting, adjust, count };
}
