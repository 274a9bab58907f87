import { DeleteProductAlert } from '../trash/DeleteProductAlert';
import { ProductBulkDialogs, type ProductBulkDialogsProps } from '../bulk/ProductBulkDialogs';

export interface ProductListDialogsProps extends ProductBulkDialogsProps {
  /** The product whose deletion is being confirmed, by name; null otherwise. */
  deleteName: string | null;
  deleteBusy: boolean;
  onConfirmDelete(): void;
  onCancelDelete(): void;
}

/** The list's dialogs: the selection's actions and a row's delete confirmation. */
export default function ProductListDialogs({ deleteName, deleteBusy, onConfirmDelete, onCancelDelete, ...bulkDialogs }: ProductListDialogsProps) {
  return (
    <>
      <ProductBulkDialogs {...bulkDialogs} />
      <DeleteProductAlert name={deleteName} deleting={deleteBusy} onConfirm={onConfirmDelete} onCancel={onCancelDelete} />
    </>
  );
}
