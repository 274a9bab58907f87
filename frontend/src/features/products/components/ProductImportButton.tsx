import { Button } from '@blueprintjs/core';
import { ImportIcon } from '@blueprintjs/icons';
import { ImportMessages } from '@stockroom/schema';
import { useState } from 'react';
import { errorReportCsv, sampleCsv, saveTextFile } from '../product-import-request';
import { useProductImport } from '../useProductImport';
import { ProductImportDialog } from './ProductImportDialog';

/** The toolbar's Import button and the dialog it opens; the dialog starts afresh each time. */
export function ProductImportButton() {
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
    </>
  );
}
