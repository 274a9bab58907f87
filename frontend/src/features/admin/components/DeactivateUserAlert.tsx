import { Alert } from '@blueprintjs/core';
import { DisableIcon } from '@blueprintjs/icons';

export interface DeactivateUserAlertProps {
  /** The account to deactivate; null when the alert is closed. */
  user: { fullName: string; email: string } | null;
  deactivating: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Deactivation signs the person out everywhere, so it is confirmed first. */
export function DeactivateUserAlert({ user, deactivating, onConfirm, onCancel }: DeactivateUserAlertProps) {
  return (
    <Alert
      isOpen={user !== null}
      intent="danger"
      icon={<DisableIcon size={40} />}
      confirmButtonText="Deactivate"
      cancelButtonText="Cancel"
      loading={deactivating}
      canEscapeKeyCancel={!deactivating}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="admin-alert__title">Deactivate account?</p>
      <p>
        <strong>{user?.fullName}</strong> ({user?.email}) will be signed out everywhere and can no longer sign in until an admin
        reactivates the account. Their data is kept.
      </p>
    </Alert>
  );
}
