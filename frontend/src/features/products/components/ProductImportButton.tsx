import { Button } from '@blueprintjs/core';
import { ImportIcon } from '@blueprintjs/icons';
import { ImportMessages } from '@stockroom/schema';
import { lazy, Suspense, useState } from 'react';
import { errorReportCsv, sampleCsv, saveTextFile } from '../product-import-request';
import { useProductImport } from '../useProductImport';

/** The dialog's code comes once the list is on screen, or at once when Import is pressed first. */
const ProductImportDialog = lazy(() => import('./ProductImportDialog').then((module) => ({ default: module.ProductImportDialog })));

export interface ProductImportButtonProps {
  /** Whether to load the dialog before it is first opened. */
  loadDialog: boolean;
}

/** The toolbar's Import button and the dialog it opens; the dialog starts afresh each time. */
export function ProductImportButton({ loadDialog }: ProductImportButtonProps) {
  const [open, setOpen] = useState(false);
  const { state, chooseFile, changeMode, changeColumn, apply, reset } = useProductImport();
  const close = () => {
    setOpen(false);
    reset();
  };
  return (
    <>
      <Button className="product-toolbar__import" variant="minimal" icon={<ImportIcon />} onClick={() => setOpen(true)}>
        {ImportMessages.button}
      </Button>
      {(loadDialog || open) && (
        <Suspense fallback={null}>
          <ProductImportDialog
            isOpen={open}
            state={state}
            onChooseFile={chooseFile}
            onModeChange={changeMode}
            onColumnChange={changeColumn}
            onApply={apply}
            onDownloadSample={() => saveTextFile(sampleCsv(), 'stockroom-import-sample.csv')}
            onDownloadErrors={() => state.result && saveTextFile(errorReportCsv(state.result.errors), 'stockroom-import-errors.csv')}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
