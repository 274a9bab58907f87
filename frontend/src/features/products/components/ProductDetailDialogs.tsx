import type { useStockMovements } from '../useStockMovements';
import { AdjustStockDialog } from './AdjustStockDialog';
import { CountStockDialog } from './CountStockDialog';
import { DeleteProductAlert } from './DeleteProductAlert';

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
  return (
    <>
      <AdjustStockDialog
        isOpen={stock.dialog === 'adjust'}
        quantity={quantity}
        busy={stock.busy}
        errors={stock.errors}
        onSubmit={stock.adjust}
        onEdit={stock.clearErrors}
        onClose={stock.close}
      />
      <CountStockDialog
        isOpen={stock.dialog === 'count'}
        quantity={quantity}
        busy={stock.busy}
        errors={stock.errors}
        onSubmit={stock.count}
        onEdit={stock.clearErrors}
        onClose={stock.close}
      />
      <DeleteProductAlert name={deleteName} deleting={deleteBusy} onConfirm={onConfirmDelete} onCancel={onCancelDelete} />
    </>
  );
}
