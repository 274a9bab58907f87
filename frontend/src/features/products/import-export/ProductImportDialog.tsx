import { Button, Callout, Dialog, DialogBody, DialogFooter, H2, HTMLSelect, HTMLTable, ProgressBar, SegmentedControl, Tag } from '@blueprintjs/core';
import { DocumentIcon, DownloadIcon, ImportIcon } from '@blueprintjs/icons';
import { countOf, IMPORT_LIMITS, ImportMessages, importFieldLabel, type ImportColumnField, type ProductImportMode } from '@stockroom/schema';
import { useId, useRef, useState, type DragEvent } from 'react';
import { formatCount } from '../../../lib/format';
import { IMPORT_FIELD_CHOICES } from './product-import-request';
import type { ProductImportState } from './useProductImport';
import './product-import.css';

export interface ProductImportDialogProps {
  isOpen: boolean;
  state: ProductImportState;
  onChooseFile(file: File): void;
  onModeChange(mode: ProductImportMode): void;
  onColumnChange(header: string, field: ImportColumnField | null): void;
  onApply(): void;
  onDownloadSample(): void;
  onDownloadErrors(): void;
  onClose(): void;
}

const NOT_IMPORTED = '';
const FIELD_OPTIONS = [{ value: NOT_IMPORTED, label: 'Not imported' }, ...IMPORT_FIELD_CHOICES.map((field) => ({ value: field, label: importFieldLabel(field) }))];
const MODE_OPTIONS = [
  { value: 'create', label: 'Add as new products' },
  { value: 'upsert', label: 'Update by SKU, add the rest' },
];
/** The errors shown in the dialog; the report has every one the server listed. */
const SHOWN_ERRORS = 200;
const STATUS_LABELS = { mapped: null, ignored: 'Ignored', unmapped: 'Not recognised' } as const;

/**
 * The import dialog: choose or drop a file, see how its columns map (each
 * correctable), choose create or upsert, read the dry run's counts and
 * errors, then apply. Presentational: useProductImport holds the state.
 */
export function ProductImportDialog({ isOpen, state, onChooseFile, onModeChange, onColumnChange, onApply, onDownloadSample, onDownloadErrors, onClose }: ProductImportDialogProps) {
  const titleId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { file, mode, phase, result, error, uploadProgress } = state;
  const busy = phase === 'checking' || phase === 'applying';
  const applied = phase === 'applied';
  const writes = result ? result.created + result.updated : 0;
  const canApply = phase === 'checked' && !!result && result.errors.length === 0 && writes > 0;

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !busy) onChooseFile(dropped);
  };

  return (
    <Dialog isOpen={isOpen} aria-labelledby={titleId} className="import-dialog" canEscapeKeyClose={!busy} canOutsideClickClose={!busy} onClose={onClose}>
      <DialogBody>
        <H2 id={titleId} className="import-dialog__title">
          {ImportMessages.title}
        </H2>
        {!applied && (
          <>
            <div
              className={`import-dialog__drop${dragging ? ' import-dialog__drop--active' : ''}`}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={drop}
            >
              <DocumentIcon size={24} className="import-dialog__drop-icon" />
              <p className="import-dialog__drop-text">
                {file ? (
                  <>
                    <strong className="import-dialog__file-name">{file.name}</strong> ({formatCount(Math.ceil(file.size / 1024))} KB)
                  </>
                ) : (
                  'Drop a CSV or Excel file here, or'
                )}
              </p>
              <label htmlFor={inputId} className={`bp6-button${busy ? ' bp6-disabled' : ''} import-dialog__choose`}>
                {file ? 'Choose another file' : 'Choose a file'}
              </label>
              <input
                ref={input}
                id={inputId}
                type="file"
                className="import-dialog__input"
                accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                disabled={busy}
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  if (chosen) onChooseFile(chosen);
                  event.target.value = '';
                }}
              />
              <p className="import-dialog__hint">
                CSV (UTF-8; comma, semicolon or tab) or .xlsx, at most {IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and {formatCount(IMPORT_LIMITS.maxRows)} rows.{' '}
                <Button variant="minimal" size="small" className="import-dialog__sample" icon={<DownloadIcon />} onClick={onDownloadSample}>
                  Download a sample file
                </Button>
              </p>
              <p className="import-dialog__hint">
                Stock per location: add a <code>location</code> column (a location&apos;s path, as &quot;Shop / Back room&quot;, or its code; blank is the default location) and a{' '}
                <code>location_quantity</code> column (the quantity there). Rows of one SKU set its stock at each location they name; an export by location imports back as it is.
              </p>
            </div>
            <div className="import-dialog__mode">
              <span id={`${titleId}-mode`} className="import-dialog__label">
                Rows become
              </span>
              <SegmentedControl aria-labelledby={`${titleId}-mode`} options={MODE_OPTIONS} value={mode} disabled={busy} onValueChange={(value) => onModeChange(value as ProductImportMode)} />
            </div>
          </>
        )}

        {busy && (
          <div className="import-dialog__progress">
            <p id={`${titleId}-progress`}>{uploadProgress !== null ? `Uploading… ${Math.round(uploadProgress * 100)} %` : phase === 'checking' ? 'Checking every row…' : 'Importing…'}</p>
            <ProgressBar aria-labelledby={`${titleId}-progress`} value={uploadProgress ?? undefined} intent="primary" animate={uploadProgress === null} stripes={uploadProgress === null} />
          </div>
        )}

        {error && (
          <Callout intent="danger" className="import-dialog__error" role="alert">
            {error}
          </Callout>
        )}

        {result && !busy && (
          <section aria-label="Result" className="import-dialog__result">
            {applied ? (
              <Callout intent="success" role="status">
                {ImportMessages.imported(result.created, result.updated)}
                {result.unchanged > 0 && `; ${formatCount(result.unchanged)} already up to date`}.
              </Callout>
            ) : (
              <Callout intent={result.errors.length ? 'warning' : 'primary'} role="status" className="import-dialog__summary">
                {result.dryRun ? 'Checked' : 'Nothing was imported:'} {countOf(result.rows, 'row')}: <strong>{formatCount(result.created)}</strong> new,{' '}
                <strong>{formatCount(result.updated)}</strong> to update, <strong>{formatCount(result.unchanged)}</strong> unchanged,{' '}
                <strong>{formatCount(result.failed)}</strong> with errors.
              </Callout>
            )}

            {!applied && (
              <>
                <h3 className="import-dialog__heading">Columns</h3>
                <ul className="import-dialog__columns" aria-label="Columns of the file">
                  {result.columns.map((column, index) => (
                    <li key={`${index}-${column.header}`} className="import-dialog__column">
                      <span className="import-dialog__header" title={column.header}>
                        {column.header || `(column ${index + 1})`}
                      </span>
                      <HTMLSelect
                        aria-label={`Field for the column ${column.header || index + 1}`}
                        options={FIELD_OPTIONS}
                        value={column.field ?? NOT_IMPORTED}
                        disabled={busy}
                        onChange={(event) => onColumnChange(column.header, (event.target.value || null) as ImportColumnField | null)}
                      />
                      {STATUS_LABELS[column.status] && (
                        <Tag minimal intent={column.status === 'unmapped' ? 'warning' : 'none'}>
                          {STATUS_LABELS[column.status]}
                        </Tag>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            )}

            {result.errors.length > 0 && (
              <>
                <div className="import-dialog__errors-head">
                  <h3 className="import-dialog__heading">
                    Errors{result.errorsTruncated ? ` (the first ${formatCount(result.errors.length)})` : ''}
                  </h3>
                  <Button icon={<DownloadIcon />} variant="outlined" size="small" onClick={onDownloadErrors}>
                    Download error report
                  </Button>
                </div>
                <div className="import-dialog__errors" tabIndex={0} role="region" aria-label="Errors by row">
                  <HTMLTable compact striped className="import-dialog__error-table">
                    <thead>
                      <tr>
                        <th scope="col">Row</th>
                        <th scope="col">Column</th>
                        <th scope="col">Problem</th>
                      </tr>
                    </thead>
                    <tbody>
                      {result.errors.slice(0, SHOWN_ERRORS).map((row, index) => (
                        <tr key={index}>
                          <td>{formatCount(row.row)}</td>
                          <td>{row.column ?? '—'}</td>
                          <td>{row.message}</td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                  {result.errors.length > SHOWN_ERRORS && <p className="import-dialog__more">The report lists all {formatCount(result.errors.length)}.</p>}
                </div>
              </>
            )}
          </section>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          applied ? (
            <Button intent="primary" onClick={onClose}>
              Done
            </Button>
          ) : (
            <>
              <Button variant="minimal" onClick={onClose} disabled={phase === 'applying'}>
                Cancel
              </Button>
              <Button intent="primary" icon={<ImportIcon />} disabled={!canApply} loading={phase === 'applying'} onClick={onApply}>
                {canApply ? `Import ${countOf(writes, 'product')}` : 'Import'}
              </Button>
            </>
          )
        }
      />
    </Dialog>
  );
}
