import { countOf, ProductMessages } from './messages';
import { formatCount } from './numbers';
import { LOCATION_EXPORT_HEADERS } from './locations';
import { IMPORT_FIELD_RULES, PRODUCT_FIELDS } from './product-fields';
import type { FieldRule } from './validation';

/**
 * Importing products from a file: CSV or an Excel workbook, checked row by
 * row with the product rules, a dry run first, then applied all or nothing.
 * The server and the client's import dialog share the limits, the column
 * names and every message here.
 */

/** create: every row is a new product (a SKU the catalogue already has is an error); upsert: a row whose SKU matches one of your products updates it. */
export const PRODUCT_IMPORT_MODES = ['create', 'upsert'] as const;
export type ProductImportMode = (typeof PRODUCT_IMPORT_MODES)[number];

/** A product field a column can fill (the field table's imported fields, IMPORT_FIELD_RULES). */
export type ImportField = keyof typeof IMPORT_FIELD_RULES;
export const IMPORT_FIELDS = Object.keys(IMPORT_FIELD_RULES) as ImportField[];

/**
 * Columns that say where a row's stock is rather than fill a product field:
 * `location` (a location's path, as an export by location writes it, or its
 * code; blank is the default location) and `locationQuantity` (the quantity
 * there). With either, every row sets one stock level, rows of one product
 * may repeat it at other locations, and the product's quantity is the sum of
 * its levels.
 */
export const IMPORT_LOCATION_COLUMNS = ['location', 'locationQuantity'] as const;
export type ImportLocationColumn = (typeof IMPORT_LOCATION_COLUMNS)[number];
/** What a column of the file can fill: a product field, or where the row's stock is. */
export type ImportColumnField = ImportField | ImportLocationColumn;
export const IMPORT_COLUMN_FIELDS: readonly ImportColumnField[] = [...IMPORT_FIELDS, ...IMPORT_LOCATION_COLUMNS];
const IMPORT_LOCATION_LABELS: Record<ImportLocationColumn, string> = { location: 'Location', locationQuantity: 'Quantity at location' };
const isLocationColumn = (field: ImportColumnField): field is ImportLocationColumn => (IMPORT_LOCATION_COLUMNS as readonly string[]).includes(field);

/** A header as the aliases are written: lower case, letters and digits only. */
function importKey(header: string): string {
  return header.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]/g, '');
}
export const importHeaderKey = importKey;

const MB = 1024 * 1024;

/** The longest text a cell of the field can hold and still pass its rule: a number as its largest value is written, true/false as 'false'. */
const longestCell = (rule: FieldRule) => (rule.kind === 'text' ? rule.max : rule.kind === 'number' ? String(rule.max).length : 'false'.length);
const MAX_ROWS = 100_000;
const MAX_COLUMNS = 200;
const MAX_HEADER_LENGTH = 100;

export const IMPORT_LIMITS = {
  /** The largest file accepted. */
  maxBytes: 20 * MB,
  /** Product rows in one file (the header row not counted). */
  maxRows: MAX_ROWS,
  /**
   * A workbook's header row is looked for in its first rows: the first that
   * names a name and a price column, so a title above the header is passed
   * over. A CSV file's header is its first line.
   */
  headerSearchRows: 20,
  /** An answer lists at most this many row errors; `failed` still counts every failing row. */
  maxErrors: 1_000,
  /** Columns of any row, the header's included: the answer lists every column of the header. */
  maxColumns: MAX_COLUMNS,
  /** A header cell's length: the answer repeats headers, in its columns and beside each row error. */
  maxHeaderLength: MAX_HEADER_LENGTH,
  /**
   * What the parts of a workbook that an import reads (its first sheet, its
   * shared strings and the small parts that lead to them) may inflate to in
   * all, counted as they inflate: a few hundred KB of zip can hold gigabytes.
   * 100,000 rows with every product column at its longest take about 230 MB
   * of XML, inline in the sheet or split between it and the shared strings;
   * an export of 100,000 typical products takes under a third of that.
   */
  maxUnpackedBytes: 256 * MB,
  /** Parts of a workbook (sheets, pictures, styles...): a zip reader holds a record of each before reading any. */
  maxWorkbookParts: 10_000,
  /** A workbook's shared strings, each kept in memory: one for every product cell of every row, and the header's. */
  maxSharedStrings: MAX_ROWS * IMPORT_FIELDS.length + MAX_COLUMNS,
  /** The characters of those strings: every product cell of every row at its longest, and every header at its longest. */
  maxSharedStringCharacters: MAX_ROWS * IMPORT_FIELDS.reduce((sum, field) => sum + longestCell(IMPORT_FIELD_RULES[field]), 0) + MAX_COLUMNS * MAX_HEADER_LENGTH,
} as const;

/** What the client shows for a field in the mapping: the rule's label. */
export const importFieldLabel = (field: ImportColumnField) => (isLocationColumn(field) ? IMPORT_LOCATION_LABELS[field] : IMPORT_FIELD_RULES[field].label);

/**
 * The headers each field is recognised by, compared without case, spaces or
 * punctuation ("Product Name", "product_name" and "PRODUCT-NAME" are one).
 * The export's own header names come first, so an export imports back.
 */
export const IMPORT_HEADER_ALIASES: Record<ImportColumnField, readonly string[]> = {
  ...(Object.fromEntries(IMPORT_FIELDS.map((field): [string, readonly string[]] => [field, PRODUCT_FIELDS[field].importAliases])) as Record<ImportField, readonly string[]>),
  location: [LOCATION_EXPORT_HEADERS.path, 'locationpath', 'locationcode', 'storagelocation', 'bin', 'binlocation'],
  locationQuantity: [importKey(LOCATION_EXPORT_HEADERS.quantity), 'quantityatlocation', 'locationqty', 'binquantity'],
};

/** Columns an export writes that an import recognises and leaves alone: the server sets these itself. */
export const IMPORT_IGNORED_HEADERS = ['id', 'createdat', 'updatedat', 'version', 'owner', 'lowstock'] as const;


/** How a column of the file is used: filling a field, recognised and ignored (the server's own columns), or not used at all. */
export type ImportColumnStatus = 'mapped' | 'ignored' | 'unmapped';

/** The field a header names, 'ignored' for the server's own columns, or null when it names nothing known (never guessed). */
export function importFieldOfHeader(header: string): ImportColumnField | 'ignored' | null {
  const key = importHeaderKey(header);
  if (!key) return null;
  for (const field of IMPORT_COLUMN_FIELDS) if (IMPORT_HEADER_ALIASES[field].includes(key)) return field;
  return (IMPORT_IGNORED_HEADERS as readonly string[]).includes(key) ? 'ignored' : null;
}

/** true/false as spreadsheets write it (yes/no, y/n, 1/0, any case); anything else is left for the rule to refuse. */
export function parseImportBoolean(cell: string): boolean | string {
  const text = cell.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(text)) return true;
  if (['false', 'no', 'n', '0'].includes(text)) return false;
  return cell;
}

/** One problem of one row: `row` is the file's row number as a spreadsheet shows it (the header's for a problem of the columns), `column` the header of the cell, if one cell is at fault. */
export interface ImportRowError {
  row: number;
  column: string | null;
  message: string;
}

/** What a dry run or an import answers. */
export interface ProductImportResult {
  dryRun: boolean;
  mode: ProductImportMode;
  /** Product rows in the file. */
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows with at least one error. */
  failed: number;
  /** The first IMPORT_LIMITS.maxErrors errors, in row order. */
  errors: ImportRowError[];
  /** More errors than those listed. */
  errorsTruncated: boolean;
  columns: Array<{ header: string; field: ImportColumnField | null; status: ImportColumnStatus }>;
}

export const ImportMessages = {
  button: 'Import',
  title: 'Import products',
  missingFile: 'Choose a CSV or Excel file to import',
  /** Not text a CSV can be, nor a workbook: an image, a PDF, an old .xls... */
  notSpreadsheet: 'The file must be a CSV file (UTF-8 text) or an Excel workbook (.xlsx)',
  /** Text in another encoding (Latin-1, Windows-1252): its accents would be read wrong. */
  notUtf8: 'The file must be UTF-8 encoded text (CSV) or an Excel workbook (.xlsx). Save it as "CSV UTF-8" and try again',
  /** A .xlsx that does not open (damaged, or password-protected). */
  unreadableWorkbook: 'The Excel workbook could not be read. Save it again as .xlsx and try again',
  tooLarge: `The file cannot exceed ${IMPORT_LIMITS.maxBytes / MB} MB`,
  tooManyRows: `The file cannot have more than ${formatCount(IMPORT_LIMITS.maxRows)} product rows. Split it into smaller files`,
  /** More than IMPORT_LIMITS.maxColumns cells in a row. */
  tooManyColumns: 'The file has too many columns',
  headerTooLong: `A column header cannot be longer than ${formatCount(IMPORT_LIMITS.maxHeaderLength)} characters`,
  /** Its first sheet and shared strings unpack to more than IMPORT_LIMITS.maxUnpackedBytes. */
  workbookTooLarge: `The workbook unpacks to more than ${IMPORT_LIMITS.maxUnpackedBytes / MB} MB. Keep only the sheet of products in it, or split it into smaller files`,
  /** More shared strings, or more characters in them, than IMPORT_LIMITS allows. */
  workbookTooMuchText: `The workbook holds more text than ${formatCount(IMPORT_LIMITS.maxRows)} products can. Keep only the sheet of products in it, or split it into smaller files`,
  workbookTooManyParts: 'The workbook has too many sheets, pictures or other parts. Copy the products into a new workbook and try again',
  empty: 'The file is empty',
  headerOnly: 'The file has a header row but no products',
  /** A workbook whose first rows have none that names a name and a price column (by the headers known, or the mapping sent). */
  noHeaderRow: `No header row found: none of the first ${IMPORT_LIMITS.headerSearchRows} rows names a product's name and price, or two columns to map`,
  /** A quote that never closes, and the like. */
  malformedCsv: (line: number) => `The CSV file could not be read: check the quotes around line ${formatCount(line)}`,
  unknownMode: `Mode must be one of ${PRODUCT_IMPORT_MODES.join(', ')}`,
  badDryRun: 'dryRun must be true or false',
  badMapping: 'Mapping must be a JSON object from a column header to a product field (or null to leave the column out)',
  unknownMappingField: (field: string) => `"${field}" is not a product field. Use one of ${IMPORT_COLUMN_FIELDS.join(', ')}`,
  /** Two columns filling one field. */
  sameField: (field: ImportColumnField, headers: string[]) => `The columns ${headers.map((h) => `"${h}"`).join(' and ')} both fill ${importFieldLabel(field)}`,
  duplicateSkuInFile: (row: number) => `The SKU is also on row ${formatCount(row)} of this file`,
  /** A `location` cell naming no location of the workspace by its path or code. */
  unknownLocation: (cell: string) => `Unknown location '${cell}'. Give a location's path (as "Shop / Back room") or its code`,
  /** A path two locations share (sibling locations may have one name): only a code tells them apart. */
  ambiguousLocation: (cell: string) => `More than one location has the path '${cell}'. Give its code instead`,
  /** A product's level at one location set twice. */
  duplicateLocationInFile: (row: number) => `Row ${formatCount(row)} of this file already sets this product's quantity at this location`,
  /** A later row of one product whose product cells differ from its first row's. */
  productDiffersInFile: (row: number) => `This product is also on row ${formatCount(row)} of this file with other values: its rows may differ only in location and quantity there`,
  /** A stock level the import was setting changed meanwhile. */
  levelsChanged: 'The stock or its locations changed while the file was being imported, so nothing was imported. Import it again',
  duplicateBarcodeInFile: (row: number) => `The barcode is also on row ${formatCount(row)} of this file`,
  /** Create mode: a SKU one of your products already has. */
  skuTaken: `${ProductMessages.duplicateSku}. Import in update mode to change it`,
  /** The answer to an import refused for its errors: nothing was written. */
  nothingImported: (failed: number) => `Nothing was imported: ${countOf(failed, 'row has', 'rows have')} errors`,
  /** The dashboard's activity item. */
  imported: (created: number, updated: number) => `Imported ${countOf(created + updated, 'product')} (${formatCount(created)} new, ${formatCount(updated)} updated)`,
  importedTitle: 'Products imported',
  failed: 'The import could not be completed. Please try again',
} as const;
