import { DisableIcon } from '@blueprintjs/icons';
import { ConfirmAlert } from '../../../components/ConfirmAlert';

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
    <ConfirmAlert
      titleClassName="admin-alert__title"
      isOpen={user !== null}
      title="Deactivate account?"
      icon={<DisableIcon size={40} />}
      confirmText="Deactivate"
      busy={deactivating}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        <strong>{user?.fullName}</strong> ({user?.email}) will be signed out everywhere and can no longer sign in until an admin
        reactivates the account. Their data is kept.
      </p>
    </ConfirmAlert>
  );
}
