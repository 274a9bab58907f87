import { Button } from '@blueprintjs/core';
import { ImportIcon } from '@blueprintjs/icons';
import { ImportMessages } from '@stockroom/schema';
import { lazy, Suspense, useState } from 'react';
import { useCodeAfterFirstContent } from '../../../lib/prefetch-code';
import { useOnceTrue } from '../../../lib/useOnceTrue';
import { errorReportCsv, sampleCsv, saveTextFile } from './product-import-request';
import { useProductImport } from './useProductImport';

/** The dialog's code comes once the list is on screen, or at once when Import is pressed first. */
const loadImportDialog = () => import('./ProductImportDialog').then((module) => ({ default: module.ProductImportDialog }));
const ProductImportDialog = lazy(loadImportDialog);

/** The toolbar's Import button and the dialog it opens; the dialog starts afresh each time. */
export function ProductImportButton() {
  const [open, setOpen] = useState(false);
  useCodeAfterFirstContent(loadImportDialog);
  // Mounted when first opened, and then kept: a closing dialog keeps its transition.
  const dialogMounted = useOnceTrue(open);
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
      {dialogMounted && (
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
