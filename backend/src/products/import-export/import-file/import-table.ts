import { characterCount, IMPORT_LIMITS, ImportMessages } from '@stockroom/schema';
import { DomainError, ValidationError } from '../../../common/errors';

/** The file's field in the form. */
export const IMPORT_FILE_FIELD = 'file';

/** Not a CSV file nor a workbook by its bytes: an image, a PDF, an old binary .xls. */
export class NotSpreadsheetError extends DomainError {
  constructor(message: string = ImportMessages.notSpreadsheet) {
    super('UNSUPPORTED_MEDIA_TYPE', message);
  }
}

/** A file refused for what is in it, as an error of the form's file field. */
export const fileError = (message: string) => new ValidationError({ [IMPORT_FILE_FIELD]: message });

/** A row of more than IMPORT_LIMITS.maxColumns cells: refused as soon as it is seen, before the rest of the file is read. */
export const tooManyColumns = () => fileError(ImportMessages.tooManyColumns);

/** A data row of the file: its row number as a spreadsheet shows it (the header is row 1), and its cells as text ('' for an empty one). */
export interface ImportRow {
  row: number;
  cells: string[];
}

/** A file read as a table: its header row, its row number, and the data rows below it (rows with nothing in them left out). */
export interface ImportTable {
  format: 'csv' | 'xlsx';
  header: string[];
  headerRow: number;
  rows: ImportRow[];
}

/** Whether a row's cells, trimmed, are the header the importer is looking for. */
export type HeaderTest = (cells: string[]) => boolean;

export const hasContent = (cells: string[]) => cells.some((cell) => cell.trim() !== '');

/**
 * The table of the rows read. The header is the first row with content, or,
 * with `isHeader`, the first of the first IMPORT_LIMITS.headerSearchRows rows
 * that passes it (a title and notes above the header are passed over), or
 * else the first of them naming two or more columns (to map by hand), and
 * none refuses the file; the rows below it are the data. The
 * readers refuse a row of too many columns as they meet it; the length of a
 * header is bounded here, as the answer repeats headers (in its list of
 * columns, and beside each error of a cell).
 */
export function tableOf(format: ImportTable['format'], records: ImportRow[], isHeader?: HeaderTest): ImportTable {
  const filled = records.filter((record) => hasContent(record.cells));
  if (filled.length === 0) return { format, header: [], headerRow: 1, rows: [] };
  const searched = (record: ImportRow) => record.row <= IMPORT_LIMITS.headerSearchRows;
  let at = isHeader ? filled.findIndex((record) => searched(record) && isHeader(record.cells.map((cell) => cell.trim()))) : 0;
  // Headers that name no known column (another language, a supplier's words) are still a header
  // to map by hand: the first row naming two or more columns, as a title is one cell.
  if (at < 0) at = filled.findIndex((record) => searched(record) && record.cells.filter((cell) => cell.trim() !== '').length >= 2);
  if (at < 0) throw fileError(ImportMessages.noHeaderRow);
  const header = filled[at];
  const names = header.cells.map((cell) => cell.trim());
  if (names.some((name) => characterCount(name) > IMPORT_LIMITS.maxHeaderLength)) throw fileError(ImportMessages.headerTooLong);
  return { format, header: names, headerRow: header.row, rows: filled.slice(at + 1) };
}
