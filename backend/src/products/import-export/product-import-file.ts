import busboy from 'busboy';
import type { Request } from 'express';
import { IMPORT_LIMITS, ImportMessages } from '@stockroom/schema';
import { DomainError } from '../../common/errors';
import { readCsvTable } from './import-file/csv-table';
import { fileError, IMPORT_FILE_FIELD, NotSpreadsheetError, type HeaderTest, type ImportTable } from './import-file/import-table';
import { readXlsxTable } from './import-file/xlsx-table';

export { IMPORT_FILE_FIELD, NotSpreadsheetError, type HeaderTest, type ImportRow, type ImportTable } from './import-file/import-table';

/**
 * Reading an import file: the multipart upload, then its bytes as a table of
 * text cells, whatever it came as (CSV with any of the three usual
 * delimiters, or an Excel workbook). Nothing here knows products.
 */

export class ImportFileTooLargeError extends DomainError {
  constructor() {
    super('PAYLOAD_TOO_LARGE', ImportMessages.tooLarge);
  }
}

/** Room for the multipart boundary, part headers and the small fields (mode, dryRun, mapping) around the file. */
const MULTIPART_OVERHEAD_BYTES = 256 * 1024;
/** No import request is larger than this; past it the request is refused before it is read. */
export const IMPORT_REQUEST_LIMIT = IMPORT_LIMITS.maxBytes + MULTIPART_OVERHEAD_BYTES;

export interface ImportUpload {
  bytes: Buffer;
  /** The form's other fields (mode, dryRun, mapping), as text. */
  fields: Record<string, string>;
}

const isMultipart = (req: Request) => /^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '');

/**
 * The file of an import form, held in memory (at most 20 MB), and the form's
 * text fields. A request declaring more than the limit is refused before a
 * byte of it is read; one that sends more than it declared stops at the limit.
 */
export function receiveImportUpload(req: Request): Promise<ImportUpload> {
  if (!isMultipart(req)) return Promise.reject(new NotSpreadsheetError(`Send the file as multipart/form-data, in the field "${IMPORT_FILE_FIELD}"`));
  if (Number(req.headers['content-length']) > IMPORT_REQUEST_LIMIT) return Promise.reject(new ImportFileTooLargeError());
  let parser: busboy.Busboy;
  try {
    // fileSize one over the limit: busboy flags a file that merely reaches its limit as truncated.
    parser = busboy({ headers: req.headers, limits: { fileSize: IMPORT_LIMITS.maxBytes + 1, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20, headerPairs: 20 } });
  } catch {
    return Promise.reject(new NotSpreadsheetError());
  }
  return new Promise<ImportUpload>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const fields: Record<string, string> = {};
    let size = 0;
    let gotFile = false;
    let settled = false;
    function fail(error: unknown) {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // The rest of the body is drained by the router's error handler once the answer is going out.
      req.pause();
      reject(error);
    }
    parser.on('file', (name, file) => {
      if (name !== IMPORT_FILE_FIELD || gotFile) return void file.resume();
      gotFile = true;
      file.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > IMPORT_LIMITS.maxBytes) return fail(new ImportFileTooLargeError());
        chunks.push(chunk);
      });
      file.once('limit', () => fail(new ImportFileTooLargeError()));
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('close', () => {
      if (settled) return;
      if (!gotFile) return fail(fileError(ImportMessages.missingFile));
      settled = true;
      resolve({ bytes: Buffer.concat(chunks), fields });
    });
    parser.on('error', () => fail(fileError(ImportMessages.missingFile)));
    req.on('error', (error) => fail(error));
    req.pipe(parser);
  });
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The table of an import file: a workbook when its bytes are a ZIP archive,
 * otherwise UTF-8 text (with or without a BOM) as CSV. The header is the
 * first row with content; in a workbook, with `isHeader`, the first of its
 * first rows that passes it. Refused: an empty file, a workbook with no such
 * row, one with a header and no rows, more than IMPORT_LIMITS.maxRows rows
 * or maxColumns columns, a header longer than maxHeaderLength, a workbook
 * past its bounds (what it unpacks to, its parts, its shared strings), text
 * in another encoding, and anything else binary. Nothing is written to disk.
 */
export async function readImportTable(bytes: Buffer, isHeader?: HeaderTest): Promise<ImportTable> {
  if (bytes.length === 0) throw fileError(ImportMessages.empty);
  const table = bytes.subarray(0, 4).equals(ZIP_MAGIC) ? await readXlsxTable(bytes, isHeader) : readCsvTable(bytes);
  if (table.header.length === 0) throw fileError(ImportMessages.empty);
  if (table.rows.length === 0) throw fileError(ImportMessages.headerOnly);
  if (table.rows.length > IMPORT_LIMITS.maxRows) throw fileError(ImportMessages.tooManyRows);
  return table;
}
