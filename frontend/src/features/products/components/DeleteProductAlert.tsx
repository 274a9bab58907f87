import { Alert } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';

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
    <Alert
      className="delete-alert"
      isOpen={name !== null}
      intent="danger"
      icon={<TrashIcon size={40} className="delete-alert__icon" />}
      confirmButtonText="Delete"
      cancelButtonText="Cancel"
      loading={deleting}
      canEscapeKeyCancel={!deleting}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="delete-alert__title">Delete product?</p>
      <p>
        <strong>{name}</strong> will be removed from your catalogue. This cannot be undone.
      </p>
    </Alert>
  );
}
