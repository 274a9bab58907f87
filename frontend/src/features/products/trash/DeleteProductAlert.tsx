import { TrashIcon } from '@blueprintjs/icons';
import { TRASH_RETENTION_DAYS } from '@stockroom/schema';
import { ConfirmAlert } from '../../../components/ConfirmAlert';

export interface DeleteProductAlertProps {
  /** The product to delete; null when the alert is closed. */
  name: string | null;
  deleting: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Deleting is confirmed first; the product then waits in the trash, where it can be restored. */
export function DeleteProductAlert({ name, deleting, onConfirm, onCancel }: DeleteProductAlertProps) {
  return (
    <ConfirmAlert
      className="delete-alert"
      titleClassName="delete-alert__title"
      isOpen={name !== null}
      title="Delete product?"
      icon={<TrashIcon size={40} className="delete-alert__icon" />}
      confirmText="Delete"
      busy={deleting}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        <strong>{name}</strong> will be moved to the trash. You can restore it from there for {TRASH_RETENTION_DAYS} days.
      </p>
    </ConfirmAlert>
  );
}
