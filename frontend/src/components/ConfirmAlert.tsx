import { Button, Classes, Dialog } from '@blueprintjs/core';
import { useId, type ReactElement, type ReactNode } from 'react';

export interface ConfirmAlertProps {
  isOpen: boolean;
  /** The question, e.g. 'Delete product?': the dialog's accessible name. */
  title: string;
  icon: ReactElement;
  confirmText: string;
  /** The confirm button's colour: red for what destroys (the default), the primary colour for what completes a piece of work. */
  intent?: 'danger' | 'primary';
  /** The confirmed action is on its way: the buttons wait and Escape does nothing. */
  busy: boolean;
  className?: string;
  titleClassName?: string;
  /** What will happen: the dialog's accessible description. */
  children: ReactNode;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A confirmation for something that cannot be undone. Blueprint's Alert is
 * close, but it leaves the dialog without a name, starts focus on an invisible
 * trap element and puts the confirm button before Cancel in tab order; here
 * the question names the dialog, focus starts on Cancel (the safe choice) and
 * Tab reaches Cancel first. Cancel still shows on the left.
 */
export function ConfirmAlert({ isOpen, title, icon, confirmText, intent = 'danger', busy, className, titleClassName, children, onConfirm, onCancel }: ConfirmAlertProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      isOpen={isOpen}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className={`${Classes.ALERT} confirm-alert${className ? ` ${className}` : ''}`}
      canEscapeKeyClose={!busy}
      canOutsideClickClose={false}
      onClose={onCancel}
    >
      <div className={Classes.ALERT_BODY}>
        {icon}
        <div className={Classes.ALERT_CONTENTS}>
          <p id={titleId} className={titleClassName}>
            {title}
          </p>
          <div id={bodyId}>{children}</div>
        </div>
      </div>
      <div className={`${Classes.ALERT_FOOTER} confirm-alert__footer`}>
        <Button autoFocus text="Cancel" disabled={busy} onClick={onCancel} />
        <Button intent={intent} loading={busy} text={confirmText} onClick={onConfirm} />
      </div>
    </Dialog>
  );
}
