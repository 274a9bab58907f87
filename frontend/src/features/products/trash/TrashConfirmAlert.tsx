import { TrashIcon } from '@blueprintjs/icons';
import { ConfirmAlert } from '../../../components/ConfirmAlert';
import { formatCount } from '../../../lib/format';

export interface TrashConfirmAlertProps {
  /** What is about to go for good: one product (its name), or the whole trash; null when the alert is closed. */
  target: { kind: 'product'; name: string } | { kind: 'all'; count: number } | null;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Deleting from the trash cannot be undone, so it is confirmed first. */
export function TrashConfirmAlert({ target, busy, onConfirm, onCancel }: TrashConfirmAlertProps) {
  const all = target?.kind === 'all';
  return (
    <ConfirmAlert
      className="delete-alert"
      titleClassName="delete-alert__title"
      isOpen={target !== null}
      title={all ? 'Empty the trash?' : 'Delete forever?'}
      icon={<TrashIcon size={40} className="delete-alert__icon" />}
      confirmText={all ? 'Empty trash' : 'Delete forever'}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {target?.kind === 'all' ? (
        <p>
          All {target.count === 1 ? 'the product' : `${formatCount(target.count)} products`} in the trash will be deleted for good, with their stock
          history. This cannot be undone.
        </p>
      ) : (
        <p>
          <strong>{target?.name}</strong> will be deleted for good, with its stock history. This cannot be undone.
        </p>
      )}
    </ConfirmAlert>
  );
}
