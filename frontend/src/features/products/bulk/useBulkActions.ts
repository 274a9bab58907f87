import { useApolloClient } from '@apollo/client/react';
import { BulkMessages, moneyValue, ProductMessages, TrashMessages, UNDO_TOAST_MS } from '@stockroom/schema';
import type { BulkProductChangesInput } from '@stockroom/schema/generated/graphql';
import { ProductBulkUndoDocument, useProductBulkAdjustStockMutation, useProductBulkDeleteMutation, useProductBulkUpdateMutation } from '@stockroom/schema/generated/hooks';
import { useState } from 'react';
import type { ProductLabelData } from '../../../components/labels/ProductLabel';
import { toast } from '../../../lib/toaster';
import { applyBulkChange } from '../shared/bulk-cache';
import type { StockAdjustment } from '../stock/AdjustStockDialog';
import type { BulkActionKind } from './ProductSelectionBar';
import { productErrorMessage } from '../shared/product-errors';
import type { ProductListParams } from '../shared/product-list-params';
import { NOTHING_SELECTED, pickedProducts, selectionInput, type ProductSelection } from './product-selection';
import { stockFieldErrors, type StockFieldErrors } from '../stock/stock-movements';
import { useUndoDelete } from '../trash/useUndoDelete';
import { productPath } from '../urls';

/** A dialog the bar opens; the feature switches need none. */
export type BulkDialog = Exclude<BulkActionKind, 'feature' | 'unfeature'>;


/**
 * The selection bar's actions: each runs one bulk mutation over the selection
 * (its ids, or the list's filters), says what it did, clears the selection and
 * drops what it may have changed from the cache (what is shown is fetched again).
 */
export function useBulkActions(params: ProductListParams, selection: ProductSelection, setSelection: (next: ProductSelection) => void) {
  const client = useApolloClient();
  const [bulkUpdate, update] = useProductBulkUpdateMutation();
  const [bulkDelete, remove] = useProductBulkDeleteMutation();
  const [bulkAdjust, adjust] = useProductBulkAdjustStockMutation();
  const undo = useUndoDelete();
  const [dialog, setDialog] = useState<BulkDialog | null>(null);
  const [valueError, setValueError] = useState<string | undefined>();
  const [stockErrors, setStockErrors] = useState<StockFieldErrors>({});

  const ids = selection.kind === 'picked' ? [...selection.products.keys()] : null;
  const done = (message: string | null) => {
    applyBulkChange(client.cache, ids);
    setSelection(NOTHING_SELECTED);
    setDialog(null);
    if (message) toast.success(message);
  };

  /** Puts back what one bulk update replaced; the toast outlives the list, so it runs on the client itself. */
  const undoUpdate = async (batch: string) => {
    try {
      const { data } = await client.mutate({ mutation: ProductBulkUndoDocument, variables: { batch } });
      applyBulkChange(client.cache, null);
      toast.success(BulkMessages.undone(data?.undoBulkUpdate.affected ?? 0, data?.undoBulkUpdate.skipped ?? 0));
    } catch (error) {
      toast.error(productErrorMessage(error, BulkMessages.undoFailed));
    }
  };

  /** Sets the same values on every selected product, with Undo in the toast; a refusal shows in the open dialog, or as a toast. */
  const runUpdate = async (changes: BulkProductChangesInput, said: (count: number) => string) => {
    setValueError(undefined);
    try {
      const { data } = await bulkUpdate({ variables: { selection: selectionInput(selection, params), changes } });
      const message = said(data?.bulkUpdateProducts.affected ?? 0);
      const batch = data?.bulkUpdateProducts.undoBatch;
      done(batch ? null : message);
      if (batch) toast.successWithAction(message, { text: TrashMessages.undo, onClick: () => void undoUpdate(batch) }, UNDO_TOAST_MS);
    } catch (error) {
      const message = productErrorMessage(error, ProductMessages.updateFailed);
      if (dialog) setValueError(message);
      else toast.error(message);
    }
  };

  const open = (kind: BulkActionKind) => {
    setValueError(undefined);
    setStockErrors({});
    if (kind === 'feature') void runUpdate({ featured: true }, BulkMessages.featured);
    else if (kind === 'unfeature') void runUpdate({ featured: false }, BulkMessages.unfeatured);
    else setDialog(kind);
  };

  return {
    dialog,
    open,
    close: () => setDialog(null),
    busy: update.loading || remove.loading || adjust.loading,
    valueError,
    stockErrors,
    clearStockErrors: () => setStockErrors({}),
    setCategory: (category: string) => runUpdate({ category: category.trim() }, BulkMessages.categorySet),
    /** The price as typed, read as people write money ("12,50", "$4.99"). */
    setPrice: (text: string) => runUpdate({ price: moneyValue(text) }, BulkMessages.priceSet),
    changePriceByPercent: (text: string) => runUpdate({ pricePercent: Number(text.trim()) }, BulkMessages.priceChanged),
    setReorderLevel: (text: string) => runUpdate({ reorderLevel: text.trim() === '' ? null : Number(text) }, BulkMessages.reorderLevelSet),
    /** Resolves true once the server applied it (the dialog then closes). */
    adjustStock: async ({ delta, reason, note }: StockAdjustment): Promise<boolean> => {
      try {
        const { data } = await bulkAdjust({ variables: { selection: selectionInput(selection, params), delta, reason, note } });
        done(BulkMessages.stockAdjusted(data?.bulkAdjustStock.affected ?? 0));
        return true;
      } catch (error) {
        setStockErrors(stockFieldErrors(error));
        return false;
      }
    },
    remove: async () => {
      try {
        const { data } = await bulkDelete({ variables: { selection: selectionInput(selection, params) } });
        const affected = data?.bulkDeleteProducts.affected ?? 0;
        const batch = data?.bulkDeleteProducts.trashBatch;
        done(null);
        // A delete that matched nothing has no batch, and nothing to undo.
        if (batch) undo.productsDeleted(batch, affected);
        else toast.success(TrashMessages.deletedMany(affected));
      } catch (error) {
        setDialog(null);
        toast.error(productErrorMessage(error, ProductMessages.deleteFailed));
      }
    },
    /** The picked products as labels (a selection by filter has no values to print). */
    labels: (): ProductLabelData[] =>
      pickedProducts(selection).map(({ id, name, price, sku, barcode }) => ({ id, name, price, sku, barcode, url: new URL(productPath(id), window.location.origin).href })),
  };
}
