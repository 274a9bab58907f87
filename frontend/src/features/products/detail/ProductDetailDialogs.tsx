import type { useStockMovements } from '../stock/useStockMovements';
import type { useStockTransfer } from '../stock/useStockTransfer';
import { AdjustStockDialog } from '../stock/AdjustStockDialog';
import { CountStockDialog } from '../stock/CountStockDialog';
import { MoveStockDialog } from '../stock/MoveStockDialog';
import type { StockLevelRow } from '../stock/ProductStockLocations';
import type { StockLocationOption } from '../stock/StockLocationSelect';
import { DeleteProductAlert } from '../trash/DeleteProductAlert';

export interface ProductDetailDialogsProps {
  quantity: number;
  stock: ReturnType<typeof useStockMovements>;
  transfer: ReturnType<typeof useStockTransfer>;
  /** The workspace's locations and the product's stock at each, for the dialogs' choice of place. */
  locations: readonly StockLocationOption[];
  levels: readonly StockLevelRow[] | null;
  /** The product's name while its deletion is being confirmed; null otherwise. */
  deleteName: string | null;
  deleteBusy: boolean;
  onConfirmDelete(): void;
  onCancelDelete(): void;
}

/** A product's stock dialogs (adjust, count, move) and its delete confirmation. */
export default function ProductDetailDialogs({ quantity, stock, transfer, locations, levels, deleteName, deleteBusy, onConfirmDelete, onCancelDelete }: ProductDetailDialogsProps) {
  // What the two stock dialogs share: the quantity they start from and the state of the stock request.
  const stockDialog = { quantity, busy: stock.busy, errors: stock.errors, onEdit: stock.clearErrors, onClose: stock.close };
  return (
    <>
      <AdjustStockDialog isOpen={stock.dialog === 'adjust'} onSubmit={stock.adjust} locations={locations} {...stockDialog} />
      <CountStockDialog isOpen={stock.dialog === 'count'} onSubmit={stock.count} locations={locations} levels={levels ?? undefined} {...stockDialog} />
      <MoveStockDialog
        from={transfer.from}
        locations={locations}
        busy={transfer.busy}
        errors={transfer.errors}
        onSubmit={transfer.transfer}
        onEdit={transfer.clearErrors}
        onClose={transfer.close}
      />
      <DeleteProductAlert name={deleteName} deleting={deleteBusy} onConfirm={onConfirmDelete} onCancel={onCancelDelete} />
    </>
  );
}
