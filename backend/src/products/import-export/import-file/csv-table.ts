import { CsvError, parse } from 'csv-parse/sync';
import { IMPORT_LIMITS, ImportMessages } from '@stockroom/schema';
import { fileError, NotSpreadsheetError, tableOf, tooManyColumns, type ImportTable } from './import-table';

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

type Delimiter = ',' | ';' | '\t';

/**
 * The delimiter of a CSV file and the number of columns of its header line:
 * whichever of comma, semicolon and tab occurs most there outside quotes (a
 * comma when none does: a file of one column). Spreadsheets in locales with a
 * decimal comma save with semicolons; a header holds no numbers, so its count
 * is unambiguous. A header of too many columns is known here, before the file
 * is parsed into a row of that many cells.
 */
export function csvHeaderOf(text: string): { delimiter: Delimiter; columns: number } {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts && ++counts[char as Delimiter] >= IMPORT_LIMITS.maxColumns) return { delimiter: char as Delimiter, columns: IMPORT_LIMITS.maxColumns + 1 };
  }
  const delimiter = (Object.keys(counts) as Delimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ',');
  return { delimiter, columns: counts[delimiter] + 1 };
}

/**
 * A cell as it was before an export neutralised it: the export puts a `'`
 * before a cell that a spreadsheet would run as a formula (=, +, -, @, tab
 * or carriage return first), so its own files import back as they were.
 */
const unneutralised = (cell: string) => (cell.length > 1 && cell[0] === "'" && /[=+\-@\t\r]/.test(cell[1]) ? cell.slice(1) : cell);

/** A record of more cells than a row may have is refused as csv-parse finishes it, before it joins the others. */
function withinColumns(record: string[]): string[] {
  if (record.length > IMPORT_LIMITS.maxColumns) throw tooManyColumns();
  return record;
}

/** The table of a CSV file in UTF-8 (with or without a BOM), in any of the three usual delimiters. */
export function readCsvTable(bytes: Buffer): ImportTable {
  if (isUtf16(bytes)) throw new NotSpreadsheetError(ImportMessages.notUtf8);
  if (looksBinary(bytes)) throw new NotSpreadsheetError();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(bytes.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0));
  } catch {
    throw new NotSpreadsheetError(ImportMessages.notUtf8);
  }
  if (text.trim() === '') throw fileError(ImportMessages.empty);
  const header = csvHeaderOf(text);
  if (header.columns > IMPORT_LIMITS.maxColumns) throw tooManyColumns();
  let records: string[][];
  try {
    // Every cell stays text as written: "=SUM(A1)" is a name like any other, never evaluated. A quote
    // inside an unquoted cell (12" ruler) is kept as written, as spreadsheets read it.
    records = parse(text, {
      delimiter: header.delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to: IMPORT_LIMITS.maxRows + 2,
      on_record: withinColumns,
    });
  } catch (error) {
    if (error instanceof CsvError) throw fileError(ImportMessages.malformedCsv((error as CsvError & { lines?: number }).lines ?? 1));
    throw error;
  }
  // A record of only delimiters is no product; it still counts as a row, as a spreadsheet shows it.
  // Undone here rather than in csv-parse's `cast`, which builds a context object for every cell it is given.
  return tableOf('csv', records.map((cells, i) => ({ row: i + 1, cells: cells.map(unneutralised) })));
}
