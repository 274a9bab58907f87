import { useApolloClient } from '@apollo/client/react';
import { TrashMessages, UNDO_TOAST_MS } from '@stockroom/schema';
import { ProductRestoreDocument, ProductRestoreTrashBatchDocument } from '@stockroom/schema/generated/hooks';
import { useMemo } from 'react';
import { toast } from '../../../lib/toaster';
import { productErrorMessage } from '../shared/product-errors';
import { PRODUCT_TOASTS } from '../shared/product-toasts';
import { applyProductRestored, applyTrashChanged } from './trash-cache';

/**
 * The toasts that follow a delete, now that a delete only moves products to
 * the trash: "Product deleted" or "12 products deleted", each with an Undo
 * that restores exactly those products and brings the cache up to date.
 * The toast outlives the page that deleted (the detail page navigates away at
 * once), so Undo runs the generated documents on the client itself rather
 * than through a hook of an unmounted page.
 */
export function useUndoDelete() {
  const client = useApolloClient();
  return useMemo(() => {
    const restoreOne = async (id: string) => {
      try {
        const { data } = await client.mutate({ mutation: ProductRestoreDocument, variables: { id } });
        if (data) applyProductRestored(client.cache, data.restoreProduct);
        toast.success(TrashMessages.restored);
      } catch (error) {
        toast.error(productErrorMessage(error, TrashMessages.restoreFailed));
      }
    };
    const restoreBatch = async (batch: string, count: number) => {
      try {
        const { data } = await client.mutate({ mutation: ProductRestoreTrashBatchDocument, variables: { batch } });
        applyTrashChanged(client.cache, { catalogue: true });
        toast.success(TrashMessages.restoredMany(data?.restoreTrashBatch.affected ?? count));
      } catch (error) {
        toast.error(productErrorMessage(error, TrashMessages.restoreFailed));
      }
    };
    return {
      /** One product was moved to the trash: "Product deleted", with Undo restoring it. */
      productDeleted(id: string) {
        toast.successWithAction(PRODUCT_TOASTS.deleted, { text: TrashMessages.undo, onClick: () => void restoreOne(id) }, UNDO_TOAST_MS);
      },
      /**
       * A bulk delete moved `count` products to the trash: "12 products deleted", with Undo restoring
       * the delete's trash batch, which names them whether they were picked or were every product
       * a filter matched (whose ids the client never had).
       */
      productsDeleted(batch: string, count: number) {
        toast.successWithAction(TrashMessages.deletedMany(count), { text: TrashMessages.undo, onClick: () => void restoreBatch(batch, count) }, UNDO_TOAST_MS);
      },
    };
  }, [client]);
}
