import { TrashIcon } from '@blueprintjs/icons';
import { ConfirmAlert } from '../../../components/ConfirmAlert';

export interface DeleteProductAlertProps {
  /** The product to delete; null when the alert is closed. */
  name: string | null;
  deleting: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Deleting cannot be undone, so it is confirmed first. */
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
        <strong>{name}</strong> will be removed from your catalogue. This cannot be undone.
      </p>
    </ConfirmAlert>
  );
}
