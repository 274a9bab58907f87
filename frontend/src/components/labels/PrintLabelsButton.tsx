import { Button } from '@blueprintjs/core';
import { PrintIcon } from '@blueprintjs/icons';
import { LabelMessages } from '@stockroom/schema';
import { lazy, Suspense, useState } from 'react';
import type { LabelData } from './LabelSheet';

/** The preview and the barcode library load when a label is first asked for. */
const PrintLabelsDialog = lazy(() => import('./PrintLabelsDialog'));

export interface PrintLabelsButtonProps {
  labels: readonly LabelData[];
  /** The button's text; "Print label" by default. */
  children?: string;
}

/** Opens the label preview, from which the labels are printed. */
export function PrintLabelsButton({ labels, children = LabelMessages.printButton }: PrintLabelsButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" icon={<PrintIcon />} disabled={labels.length === 0} onClick={() => setOpen(true)}>
        {children}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PrintLabelsDialog labels={labels} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
