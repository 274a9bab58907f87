import busboy from 'busboy';
import type { Request } from 'express';
import { CsvError, parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { IMPORT_LIMITS, ImportMessages } from '@stockroom/schema';
import { DomainError, ValidationError } from '../common/errors';

/**
 * Reading an import file: the multipart upload, then its bytes as a table of
 * text cells, whatever it came as (CSV with any of the three usual
 * delimiters, or an Excel workbook). Nothing here knows products.
 */

/** The file's field in the form. */
export const IMPORT_FILE_FIELD = 'file';

export class ImportFileTooLargeError extends DomainError {
  constructor() {
    super('PAYLOAD_TOO_LARGE', ImportMessages.tooLarge);
  }
}

/** Not a CSV file nor a workbook by its bytes: an image, a PDF, an old binary .xls. */
export class NotSpreadsheetError extends DomainError {
  constructor(message: string = ImportMessages.notSpreadsheet) {
    super('UNSUPPORTED_MEDIA_TYPE', message);
  }
}

const fileError = (message: string) => new ValidationError({ [IMPORT_FILE_FIELD]: message });

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

/** A data row of the file: its row number as a spreadsheet shows it (the header is row 1), and its cells as text ('' for an empty one). */
export interface ImportRow {
  row: number;
  cells: string[];
}

/** A file read as a table: its header row and its data rows (rows with nothing in them left out). */
export interface ImportTable {
  format: 'csv' | 'xlsx';
  header: string[];
  rows: ImportRow[];
}

const hasContent = (cells: string[]) => cells.some((cell) => cell.trim() !== '');

/** The header and the rows with content of a list of records, the first record being row 1. */
function tableOf(format: ImportTable['format'], records: Array<ImportRow>): ImportTable {
  const [header, ...rows] = records.filter((record) => hasContent(record.cells));
  return { format, header: header?.cells ?? [], rows };
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** File types people rename to .csv by mistake, each by its first bytes. */
const BINARY_MAGICS = [
  Buffer.from([0x89, 0x50, 0x4e, 0x47]), // PNG
  Buffer.from([0xff, 0xd8, 0xff]), // JPEG
  Buffer.from('GIF8'), // GIF
  Buffer.from('%PDF'), // PDF
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), // old binary Office files (.xls)
  Buffer.from('RIFF'), // WebP and other RIFF files
];

/** Text never holds NUL or most other control characters: a few of them in the first bytes mean a binary file. */
function looksBinary(bytes: Buffer): boolean {
  if (BINARY_MAGICS.some((magic) => bytes.subarray(0, magic.length).equals(magic))) return true;
  const head = bytes.subarray(0, 8192);
  let controls = 0;
  for (const byte of head) if (byte === 0 || (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c)) controls++;
  return controls > 0 && controls * 100 > head.length;
}

/** UTF-16 text starts with its BOM; it decodes as UTF-8 to NULs, so it is named for what it is. */
const isUtf16 = (bytes: Buffer) => (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/**
 * The delimiter of a CSV file, from its header line: whichever of comma,
 * semicolon and tab occurs most there outside quotes (a comma when none does:
 * a file of one column). Spreadsheets in locales with a decimal comma save
 * with semicolons; a header holds no numbers, so its count is unambiguous.
 */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts]++;
  }
  const best = (Object.keys(counts) as Array<keyof typeof counts>).reduce((a, b) => (counts[b] > counts[a] ? b : a), ',');
  return best;
}

/**
 * A cell as it was before an export neutralised it: the export puts a `'`
 * before a cell that a spreadsheet would run as a formula (=, +, -, @, tab
 * or carriage return first), so its own files import back as they were.
 */
const unneutralised = (cell: string) => (cell.length > 1 && cell[0] === "'" && /[=+\-@\t\r]/.test(cell[1]) ? cell.slice(1) : cell);

function readCsv(bytes: Buffer): ImportTable {
  if (isUtf16(bytes)) throw new NotSpreadsheetError(ImportMessages.notUtf8);
  if (looksBinary(bytes)) throw new NotSpreadsheetError();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(bytes.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0));
  } catch {
    throw new NotSpreadsheetError(ImportMessages.notUtf8);
  }
  if (text.trim() === '') throw fileError(ImportMessages.empty);
  let records: string[][];
  try {
    // Every cell stays text as written: "=SUM(A1)" is a name like any other, never evaluated. A quote
    // inside an unquoted cell (12" ruler) is kept as written, as spreadsheets read it.
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to: IMPORT_LIMITS.maxRows + 2,
    });
  } catch (error) {
    if (error instanceof CsvError) throw fileError(ImportMessages.malformedCsv((error as CsvError & { lines?: number }).lines ?? 1));
    throw error;
  }
  // A record of only delimiters is no product; it still counts as a row, as a spreadsheet shows it.
  // Undone here rather than in csv-parse's `cast`, which builds a context object for every cell it is given.
  return tableOf('csv', records.map((cells, i) => ({ row: i + 1, cells: cells.map(unneutralised) })));
}

/** A cell of a workbook as text: numbers and dates as written by JavaScript, a formula as the value Excel saved with it. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value) return String((value as ExcelJS.CellHyperlinkValue).text);
  return '';
}

/**
 * The first sheet of a workbook, read as a stream: a small file can unpack to
 * a huge sheet, so reading stops one row past the limit instead of loading
 * the whole workbook first.
 */
async function readXlsx(bytes: Buffer): Promise<ImportTable> {
  const records: ImportRow[] = [];
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
    for await (const sheet of workbook) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const cells: string[] = [];
        // row.values is 1-based, with holes for empty cells.
        const values = row.values as ExcelJS.CellValue[];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        records.push({ row: row.number, cells });
        if (records.length > IMPORT_LIMITS.maxRows + 1) break;
      }
      break;
    }
  } catch {
    throw fileError(ImportMessages.unreadableWorkbook);
  }
  return tableOf('xlsx', records);
}

/**
 * The table of an import file: a workbook when its bytes are a ZIP archive,
 * otherwise UTF-8 text (with or without a BOM) as CSV. Refused: an empty
 * file, one with a header and no rows, more than IMPORT_LIMITS.maxRows rows,
 * text in another encoding, and anything else binary.
 */
export async function readImportTable(bytes: Buffer): Promise<ImportTable> {
  if (bytes.length === 0) throw fileError(ImportMessages.empty);
  const table = bytes.subarray(0, 4).equals(ZIP_MAGIC) ? await readXlsx(bytes) : readCsv(bytes);
  if (table.header.length === 0) throw fileError(ImportMessages.empty);
  if (table.rows.length === 0) throw fileError(ImportMessages.headerOnly);
  if (table.rows.length > IMPORT_LIMITS.maxRows) throw fileError(ImportMessages.tooManyRows);
  return { ...table, header: table.header.map((cell) => cell.trim()) };
}
