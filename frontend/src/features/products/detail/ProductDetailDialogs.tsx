import type { useStockMovements } from '../stock/useStockMovements';
import { AdjustStockDialog } from '../stock/AdjustStockDialog';
import { CountStockDialog } from '../stock/CountStockDialog';
import { DeleteProductAlert } from '../trash/DeleteProductAlert';

export interface ProductDetailDialogsProps {
  quantity: number;
  stock: ReturnType<typeof useStockMovements>;
  /** The product's name while its deletion is being confirmed; null otherwise. */
  deleteName: string | null;
  deleteBusy: boolean;
  onConfirmDelete(): void;
  onCancelDelete(): void;
}

/** A product's stock dialogs (adjust, count) and its delete confirmation. */
export default function ProductDetailDialogs({ quantity, stock, deleteName, deleteBusy, onConfirmDelete, onCancelDelete }: ProductDetailDialogsProps) {
  // What the two stock dialogs share: the quantity they start from and the state of the stock request.
  const stockDialog = { quantity, busy: stock.busy, errors: stock.errors, onEdit: stock.clearErrors, onClose: stock.close };
  return (
    <>
      <AdjustStockDialog isOpen={stock.dialog === 'adjust'} onSubmit={stock.adjust} {...stockDialog} />
      <CountStockDialog isOpen={stock.dialog === 'count'} onSubmit={stock.count} {...stockDialog} />
      <DeleteProductAlert name={deleteName} deleting={deleteBusy} onConfirm={onConfirmDelete} onCancel={onCancelDelete} />
    </>
  );
}
