import { GeneralMessages, IMPORT_FIELDS, ImportMessages, type ImportField, type ImportRowError, type ProductImportMode, type ProductImportResult } from '@stockroom/schema';
import { extractErrorMessage, parseJson } from '../../lib/errors';
import { notifySessionRejected } from '../../lib/session/session-events';
import { readBrowserToken } from '../../lib/session/storage';

/** The REST route of the import; the client's one place for it. */
export const PRODUCT_IMPORT_ENDPOINT = '/api/products/import';

/** An import may take a while: the upload on a slow line, then up to 100,000 rows written. */
const IMPORT_TIMEOUT_MS = 300_000;

/** A refused or failed import request; `message` is the one to show (the server's when it sent one). */
export class ImportRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ImportRequestError';
  }
}

export interface ImportRequest {
  file: File;
  mode: ProductImportMode;
  dryRun: boolean;
  /** Column header -> field (or null: leave the column out); only the columns whose mapping the user changed. */
  mapping: Record<string, ImportField | null>;
  /** The share of the file sent so far (0..1); 1 once the server has it all and is working on it. */
  onUploadProgress?(fraction: number): void;
  signal?: AbortSignal;
}

const isResult = (body: unknown): body is ProductImportResult =>
  typeof body === 'object' && body !== null && Array.isArray((body as ProductImportResult).errors) && Array.isArray((body as ProductImportResult).columns);

/**
 * Posts the import form with the signed-in user's token. XMLHttpRequest
 * rather than fetch: only it reports upload progress. An import refused for
 * its rows (400 with the dry run's body) resolves like a dry run does, with
 * its errors: nothing was written, and the dialog shows why.
 */
export function sendImport({ file, mode, dryRun, mapping, onUploadProgress, signal }: ImportRequest): Promise<ProductImportResult> {
  return new Promise<ProductImportResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('mode', mode);
    form.append('dryRun', String(dryRun));
    if (Object.keys(mapping).length) form.append('mapping', JSON.stringify(mapping));
    form.append('file', file, file.name);
    xhr.open('POST', PRODUCT_IMPORT_ENDPOINT);
    xhr.timeout = IMPORT_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readBrowserToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => onUploadProgress?.(1);
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if ((xhr.status === 200 || xhr.status === 400) && isResult(body)) return resolve(body);
      if (xhr.status === 401) notifySessionRejected();
      reject(new ImportRequestError(extractErrorMessage({ status: xhr.status, body }), xhr.status));
    };
    xhr.onerror = () => reject(new ImportRequestError(GeneralMessages.network));
    xhr.ontimeout = () => reject(new ImportRequestError(ImportMessages.failed));
    xhr.onabort = () => reject(new DOMException('Import cancelled', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('Import cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
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

/** Saves `text` as a file named `name`, made in the browser. */
export function saveTextFile(text: string, name: string): void {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** The fields a column may be mapped to, in the order the mapping's selects offer them. */
export const IMPORT_FIELD_CHOICES: readonly ImportField[] = IMPORT_FIELDS;
