import { IMPORT_COLUMN_FIELDS, ImportMessages, type ImportColumnField, type ImportRowError, type ProductImportMode, type ProductImportResult } from '@stockroom/schema';
import { saveBlob } from '../../../lib/download';
import { uploadFile } from '../../../lib/upload';

/** The REST route of the import; the client's one place for it. */
export const PRODUCT_IMPORT_ENDPOINT = '/api/products/import';

/** An import may take a while: the upload on a slow line, then up to 100,000 rows written. */
const IMPORT_TIMEOUT_MS = 300_000;

export interface ImportRequest {
  file: File;
  mode: ProductImportMode;
  dryRun: boolean;
  /** Column header -> field (or null: leave the column out); only the columns whose mapping the user changed. */
  mapping: Record<string, ImportColumnField | null>;
  /** The share of the file sent so far (0..1); 1 once the server has it all and is working on it. */
  onUploadProgress?(fraction: number): void;
  signal?: AbortSignal;
}

const isResult = (body: unknown): body is ProductImportResult =>
  typeof body === 'object' && body !== null && Array.isArray((body as ProductImportResult).errors) && Array.isArray((body as ProductImportResult).columns);

/**
 * Posts the import form with the signed-in user's token (a refusal is an
 * UploadError with the server's message). An import refused for its rows
 * (400 with the dry run's body) resolves like a dry run does, with its
 * errors: nothing was written, and the dialog shows why.
 */
export function sendImport({ file, mode, dryRun, mapping, onUploadProgress, signal }: ImportRequest): Promise<ProductImportResult> {
  return uploadFile<ProductImportResult>({
    endpoint: PRODUCT_IMPORT_ENDPOINT,
    fieldName: 'file',
    file,
    fields: { mode, dryRun: String(dryRun), ...(Object.keys(mapping).length > 0 && { mapping: JSON.stringify(mapping) }) },
    onProgress: onUploadProgress,
    onSent: () => onUploadProgress?.(1),
    timeoutMs: IMPORT_TIMEOUT_MS,
    timeoutMessage: ImportMessages.failed,
    isAnswer: (status, body) => (status === 200 || status === 400) && isResult(body),
    signal,
  });
}

/** A CSV cell: quoted when it holds a delimiter, quote or line break, and a would-be formula neutralised as the export does. */
function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvText = (rows: Array<Array<string | number | null>>) => `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** The errors of a dry run as a CSV report (row, column, message), for the user to fix the file with. */
export const errorReportCsv = (errors: readonly ImportRowError[]) => csvText([['row', 'column', 'message'], ...errors.map((e) => [e.row, e.column, e.message])]);

/** A sample file: the export's columns, two products that import as they are. */
export const sampleCsv = () =>
  csvText([
    ['sku', 'name', 'description', 'category', 'price', 'quantity', 'reorder_level', 'barcode', 'featured', 'image_url'],
    ['LAMP-001', 'Desk lamp', 'An adjustable LED desk lamp with a heavy base', 'Home & Office', '24.90', 12, 3, '4006381333931', 'true', ''],
    ['MUG-002', 'Stoneware mug', 'A 350 ml mug, dishwasher safe', 'Kitchen', '8.50', 40, '', '', 'false', ''],
  ]);

/** Saves CSV `text` as a file named `name`, made in the browser. */
export const saveTextFile = (text: string, name: string): void => saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);

/** The fields a column may be mapped to, in the order the mapping's selects offer them: the product's, then where its stock is. */
export const IMPORT_FIELD_CHOICES: readonly ImportColumnField[] = IMPORT_COLUMN_FIELDS;
