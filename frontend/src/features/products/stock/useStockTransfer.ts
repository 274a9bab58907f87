import { useApolloClient } from '@apollo/client/react';
import { useProductTransferStockMutation } from '@stockroom/schema/generated/hooks';
import { useCallback, useState } from 'react';
import { toast } from '../../../lib/toaster';
import { applyProductUpdated, applyStockHistoryChanged, applyStockLevelsChanged, readCachedProduct } from '../shared/product-cache';
import type { StockTransferRequest } from './MoveStockDialog';
import type { StockLevelRow } from './ProductStockLocations';
import { transferFieldErrors, type TransferFieldErrors } from './stock-movements';

/** The Move dialog's state and the transfer behind it; `onMoved` runs once the stock has moved. */
export function useStockTransfer(productId: string, onMoved: () => void) {
  const client = useApolloClient();
  const [from, setFrom] = useState<StockLevelRow | null>(null);
  const [errors, setErrors] = useState<TransferFieldErrors>({});
  const [transferStock, { loading }] = useProductTransferStockMutation();

  const open = useCallback((level: StockLevelRow) => {
    setErrors({});
    setFrom(level);
  }, []);
  const close = useCallback(() => setFrom(null), []);
  const clearErrors = useCallback(() => setErrors((current) => (Object.keys(current).length ? {} : current)), []);

  const transfer = async (request: StockTransferRequest): Promise<boolean> => {
    setErrors({});
    const before = readCachedProduct(client.cache, productId);
    try {
      await transferStock({
        variables: { id: productId, ...request },
        // The total stays, but two movements join the history, each place's quantity changes, and so do lists by location.
        update: (cache, { data }) => {
          if (!data) return;
          applyProductUpdated(cache, before, data.transferStock.product);
          applyStockHistoryChanged(cache, productId);
          applyStockLevelsChanged(cache, productId);
        },
      });
      setFrom(null);
      onMoved();
      toast.success('Stock moved');
      return true;
    } catch (error) {
      const fieldErrors = transferFieldErrors(error);
      setErrors(fieldErrors);
      return false;
    }
  };

  return { from, open, close, errors, clearErrors, busy: loading, transfer };
}
