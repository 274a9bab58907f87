import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { PrintIcon } from '@blueprintjs/icons';
import { LabelMessages } from '@stockroom/schema';
import { createPortal } from 'react-dom';
import { LabelSheet } from './LabelSheet';
import type { LabelData } from './LabelSheet';

export interface PrintLabelsDialogProps {
  labels: readonly LabelData[];
  onClose(): void;
}

/**
 * The preview, and a second copy of the sheet straight under <body> that only
 * print media shows: the print stylesheet hides everything else, the app and
 * this dialog included, so the printer gets the labels alone.
 */
export default function PrintLabelsDialog({ labels, onClose }: PrintLabelsDialogProps) {
  return (
    <>
      <Dialog isOpen title={LabelMessages.title} onClose={onClose} className="print-labels-dialog">
        <DialogBody>
          <LabelSheet labels={labels} className="label-sheet--preview" />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>Close</Button>
              <Button intent="primary" icon={<PrintIcon />} onClick={() => window.print()}>
                {LabelMessages.print}
              </Button>
            </>
          }
        />
      </Dialog>
      {createPortal(
        <div className="label-print" aria-hidden>
          <LabelSheet labels={labels} />
        </div>,
        document.body,
      )}
    </>
  );
}
