import {
  IMPORT_FIELD_RULES,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  ImportMessages,
  PRODUCT_DRAFT_DEFAULTS,
  ProductMessages,
  PRODUCT_DRAFT_FIELDS,
  PRODUCT_IMPORT_MODES,
  WRITABLE_PRODUCT_FIELDS,
  blankProductValues,
  importFieldOfHeader,
  isBlank,
  moneyValue,
  parseImportBoolean,
  toDecimals,
  validateField,
  writableField,
  type ImportField,
  type ImportRowError,
  type ProductImportMode,
  type ProductImportResult,
  type ProductValues,
  type WritableProductFieldName,
} from '@stockroom/schema';
import { requireMember } from '../../account/workspace-access';
import { logWorkspaceActivityStatement } from '../../activity/activity-log';
import type { RequestContext } from '../../account/context';
import { ValidationError } from '../../common/errors';
import { HeavyWork } from '../../common/heavy-work';
import type { SqlPool, SqlTransaction } from '../../db/sql';
import { copyRows, type CopyValue } from '../../db/copy-text';
import { duplicateCodeErrorOf, stockShortErrorOf } from '../../product-record/product.errors';
import { readImportTable, type ImportTable, type ImportUpload } from './product-import-file';
import {
  applyImportStatement,
  barcodeHoldersStatement,
  copyImportRowsSql,
  createImportTableSql,
  productsBySkuStatement,
  type ExistingProductRow,
} from './product-import.queries';

/**
 * One import statement writes up to 100,000 products with their movements:
 * far past the pool's limit for a request's statement, and slower still on a
 * busy machine (docs/benchmarks.md, "Import").
 */
const IMPORT_STATEMENT_TIMEOUT_MS = 300_000;

/** Imports running on this instance, in slots shared with exports (see heavyWorkLimits). */
const productImports = new HeavyWork(ProductMessages.busy);

/** What an import was asked to do, as the form sent it; the service checks it. */
export interface ProductImportOptions {
  mode?: unknown;
  dryRun?: unknown;
  mapping?: unknown;
}

/** A product as an import writes it: every writable field, cleaned. */
type ImportProduct = ProductValues;

/** A row that passed its checks: a new product, or an existing one with its new values. */
interface PlannedRow {
  row: number;
  productId: string | null;
  product: ImportProduct;
}

interface ImportPlan {
  result: Omit<ProductImportResult, 'dryRun'>;
  writes: PlannedRow[];
}

type Columns = ProductImportResult['columns'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function modeOf(raw: unknown): ProductImportMode {
  if (isBlank(raw)) return 'create';
  const mode = PRODUCT_IMPORT_MODES.find((name) => name === String(raw).trim().toLowerCase());
  if (!mode) throw new ValidationError({ mode: ImportMessages.unknownMode });
  return mode;
}

/** Left out, false: the import is applied. */
function dryRunOf(raw: unknown): boolean {
  if (isBlank(raw)) return false;
  if (raw === true || raw === false) return raw;
  const text = String(raw).trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new ValidationError({ dryRun: ImportMessages.badDryRun });
}

/** `{ "Column header": "field" | null }`, as JSON text or an object. */
function mappingOf(raw: unknown): Record<string, ImportField | null> {
  if (isBlank(raw)) return {};
  let mapping: unknown = raw;
  if (typeof raw === 'string') {
    try {
      mapping = JSON.parse(raw);
    } catch {
      throw new ValidationError({ mapping: ImportMessages.badMapping });
    }
  }
  if (!isRecord(mapping)) throw new ValidationError({ mapping: ImportMessages.badMapping });
  for (const field of Object.values(mapping)) {
    if (field === null || field === '') continue;
    if (typeof field !== 'string') throw new ValidationError({ mapping: ImportMessages.badMapping });
    if (!IMPORT_FIELDS.includes(field as ImportField)) throw new ValidationError({ mapping: ImportMessages.unknownMappingField(field) });
  }
  return Object.fromEntries(Object.entries(mapping).map(([header, field]) => [header.trim(), (field || null) as ImportField | null]));
}

/**
 * What each column of the file fills: the mapping's choice for its header
 * when it names one, else the field its header is known by. A header known
 * by no name is reported as unmapped, never guessed at; the export's own
 * id and dates are recognised and ignored.
 */
function columnsOf(header: string[], mapping: Record<string, ImportField | null>): Columns {
  return header.map((name) => {
    const chosen = Object.hasOwn(mapping, name) ? mapping[name] : importFieldOfHeader(name);
    if (chosen === 'ignored') return { header: name, field: null, status: 'ignored' as const };
    return { header: name, field: chosen, status: chosen ? ('mapped' as const) : Object.hasOwn(mapping, name) ? ('ignored' as const) : ('unmapped' as const) };
  });
}

/** A header row the import can make products from: a column fills the name, and one the price (the fields a new product cannot do without). */
const namesProducts = (columns: Columns) => columns.some(({ field }) => field === 'name') && columns.some(({ field }) => field === 'price');

/** A cell as its rule reads it: true/false as spreadsheets write them; anything else as the text it is (money text is read by its rule, as in the product form). */
function cellValue(field: ImportField, cell: string): unknown {
  const { type } = writableField(field);
  if (type === 'boolean') return parseImportBoolean(cell);
  return cell;
}

const text = (value: unknown) => String(value).trim();

/** A value that passed its rule, as it is stored: text trimmed, money to the cent, numbers as numbers, a blank optional value as none. */
function cleanValue(field: ImportField, value: unknown): unknown {
  const spec = writableField(field);
  if (spec.nullable && isBlank(value)) return null;
  switch (spec.type) {
    case 'money':
      return toDecimals(moneyValue(value as string | number), 2);
    case 'integer':
      return Number(value);
    case 'boolean':
      return value;
    case 'text':
      return text(value);
  }
}

/** A product read for the comparison, as an import writes it (money as a number). */
const fromExisting = (row: ExistingProductRow): ImportProduct =>
  Object.fromEntries(
    WRITABLE_PRODUCT_FIELDS.map((name) => {
      const value = row[name];
      return [name, writableField(name).type === 'money' && value !== null ? Number(value) : value];
    }),
  ) as ImportProduct;

const sameProduct = (a: ImportProduct, b: ImportProduct) => WRITABLE_PRODUCT_FIELDS.every((field) => a[field] === b[field]);

/**
 * The fields whose cells a blank leaves as they are in an update: those that
 * cannot be none. A blank optional field (barcode, image, reorder level) is
 * cleared; the SKU is the one the row was matched by, so it is never blank there.
 */
const KEPT_WHEN_BLANK: ReadonlySet<ImportField> = new Set(IMPORT_FIELDS.filter((field) => !writableField(field).nullable));

/**
 * Checks every row with the product rules and decides what it does. A new
 * product is checked as a create is: description, category and quantity left
 * blank take their draft values, featured is false. A row whose SKU matches
 * one of the caller's products (upsert) changes only the cells it fills: a
 * blank name, price, quantity... keeps the product's, a blank barcode, image
 * URL or reorder level removes it. In create mode a SKU the catalogue already
 * has is an error, and in both a SKU twice in the file is; so is a barcode
 * twice in the file, or one another product than the row's already has.
 */
function planImport(table: ImportTable, columns: Columns, mode: ProductImportMode, codes: CatalogueCodes): ImportPlan {
  const { bySku: existing, barcodeHolders } = codes;
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  let failed = 0;
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  const writes: PlannedRow[] = [];
  const addError = (error: ImportRowError) => {
    errorCount += 1;
    if (errors.length < IMPORT_LIMITS.maxErrors) errors.push(error);
  };

  // A field filled by two columns is an error of the header row: which one to take would be a guess.
  const firstColumnOf = new Map<ImportField, number>();
  columns.forEach(({ field }, index) => {
    if (!field) return;
    const first = firstColumnOf.get(field);
    if (first === undefined) firstColumnOf.set(field, index);
    else addError({ row: table.headerRow, column: columns[index].header, message: ImportMessages.sameField(field, [columns[first].header, columns[index].header]) });
  });
  const mapped = [...firstColumnOf.entries()];
  const skuColumn = firstColumnOf.get('sku');
  const firstRowOfSku = new Map<string, number>();
  const barcodeColumn = firstColumnOf.get('barcode');
  const firstRowOfBarcode = new Map<string, number>();

  for (const { row, cells } of table.rows) {
    const rowErrors: ImportRowError[] = [];
    const raw: Partial<Record<ImportField, unknown>> = {};
    for (const [field, index] of mapped) raw[field] = cellValue(field, cells[index] ?? '');

    const skuKey = skuColumn === undefined || isBlank(raw.sku) ? undefined : text(raw.sku).toLowerCase();
    const match = skuKey === undefined || mode === 'create' ? undefined : existing.get(skuKey);
    if (skuKey !== undefined) {
      const first = firstRowOfSku.get(skuKey);
      if (first !== undefined) rowErrors.push({ row, column: columns[skuColumn!].header, message: ImportMessages.duplicateSkuInFile(first) });
      else firstRowOfSku.set(skuKey, row);
      if (mode === 'create' && existing.has(skuKey)) rowErrors.push({ row, column: columns[skuColumn!].header, message: ImportMessages.skuTaken });
    }
    const barcode = barcodeColumn === undefined || isBlank(raw.barcode) ? undefined : text(raw.barcode);
    if (barcode !== undefined) {
      const first = firstRowOfBarcode.get(barcode);
      if (first !== undefined) rowErrors.push({ row, column: columns[barcodeColumn!].header, message: ImportMessages.duplicateBarcodeInFile(first) });
      else firstRowOfBarcode.set(barcode, row);
      const holder = barcodeHolders.get(barcode);
      if (holder !== undefined && holder !== match?.id) rowErrors.push({ row, column: columns[barcodeColumn!].header, message: ProductMessages.duplicateBarcode });
    }

    const values: Partial<Record<ImportField, unknown>> = { ...raw };
    if (match) {
      for (const field of KEPT_WHEN_BLANK) if (isBlank(values[field])) delete values[field];
    } else {
      for (const field of PRODUCT_DRAFT_FIELDS) if (isBlank(values[field])) values[field] = PRODUCT_DRAFT_DEFAULTS[field];
      if (isBlank(values.featured)) values.featured = undefined;
    }
    // A new product is checked as a create is (name and price required); an update checks the cells it fills.
    for (const field of IMPORT_FIELDS) {
      if (match && !(field in values)) continue;
      const message = validateField(IMPORT_FIELD_RULES[field], values[field]);
      if (!message) continue;
      const index = firstColumnOf.get(field);
      rowErrors.push({ row, column: index === undefined ? null : columns[index].header, message });
    }

    if (rowErrors.length) {
      failed += 1;
      for (const error of rowErrors) addError(error);
      continue;
    }
    const base: ImportProduct = match
      ? fromExisting(match)
      : blankProductValues();
    const product = { ...base };
    for (const field of IMPORT_FIELDS) {
      if (values[field] === undefined) continue;
      (product as unknown as Record<string, unknown>)[field] = cleanValue(field, values[field]);
    }
    if (!match) {
      created += 1;
      writes.push({ row, productId: null, product });
    } else if (sameProduct(product, base)) unchanged += 1;
    else {
      updated += 1;
      writes.push({ row, productId: match.id, product });
    }
  }

  return {
    result: {
      mode,
      rows: table.rows.length,
      created,
      updated,
      unchanged,
      failed,
      errors,
      errorsTruncated: errorCount > errors.length,
      columns,
    },
    writes,
  };
}

/** What the file's codes name in the caller's catalogue: its products by lower-cased SKU, and which product has each barcode. */
interface CatalogueCodes {
  bySku: Map<string, ExistingProductRow>;
  barcodeHolders: Map<string, string>;
}

/** The distinct values of a field's column in the file, trimmed, blanks left out (`normal` lower-cases a SKU). */
function columnValues(table: ImportTable, columns: Columns, field: ImportField, normal: (value: string) => string = (value) => value): string[] {
  const index = columns.findIndex((column) => column.field === field);
  if (index < 0) return [];
  return [...new Set(table.rows.map(({ cells }) => normal((cells[index] ?? '').trim())).filter(Boolean))];
}

async function catalogueCodes(sql: SqlPool, workspaceId: string, table: ImportTable, columns: Columns): Promise<CatalogueCodes> {
  const bySku = await productsBySku(sql, workspaceId, table, columns);
  const barcodes = columnValues(table, columns, 'barcode');
  const holders = barcodes.length ? await sql.query<{ barcode: string; id: string }>(barcodeHoldersStatement(workspaceId, barcodes)) : [];
  return { bySku, barcodeHolders: new Map(holders.map((row) => [row.barcode, row.id])) };
}

/** The caller's products that the file's SKUs name, by lower-cased SKU. */
async function productsBySku(sql: SqlPool, workspaceId: string, table: ImportTable, columns: Columns): Promise<Map<string, ExistingProductRow>> {
  const keys = columnValues(table, columns, 'sku', (value) => value.toLowerCase());
  if (keys.length === 0) return new Map();
  const rows = await sql.query<ExistingProductRow>(productsBySkuStatement(workspaceId, keys));
  return new Map(rows.map((row) => [row.skuKey, row]));
}

/** A cleaned value as COPY text reads it: money with its two decimals, true/false as t/f. */
function copyValue(name: WritableProductFieldName, value: ProductValues[WritableProductFieldName]): CopyValue {
  if (value === null) return null;
  const { type } = writableField(name);
  if (type === 'money') return (value as number).toFixed(2);
  if (type === 'boolean') return value ? 't' : 'f';
  return value as string | number;
}

/**
 * The rows to write as COPY text, in the order of IMPORT_ROW_COLUMNS (the
 * rules refuse a blank required value, and make a blank optional one null).
 */
function* copyText(writes: PlannedRow[]): Generator<string> {
  const BATCH = 2_000;
  for (let start = 0; start < writes.length; start += BATCH) {
    const records = writes.slice(start, start + BATCH).map(({ row, productId, product }) => [row, productId, ...WRITABLE_PRODUCT_FIELDS.map((name) => copyValue(name, product[name]))]);
    yield copyRows(records);
  }
}

/**
 * Loads the planned rows and writes them in the transaction `tx`; a SKU or barcode taken meanwhile by another request is that code's 409.
 * The triggers on products log the import's entry from the rows it writes; a file whose every row is unchanged writes none, and
 * logs its entry itself.
 */
async function applyPlan(tx: SqlTransaction, workspaceId: string, actor: string, writes: PlannedRow[]): Promise<{ created: number; updated: number }> {
  if (writes.length === 0) {
    await tx.query(logWorkspaceActivityStatement(workspaceId, actor, 'products_imported', { created: 0, updated: 0 }));
    return { created: 0, updated: 0 };
  }
  await tx.query({ sql: createImportTableSql, values: [] });
  await tx.copyFrom(copyImportRowsSql, copyText(writes));
  // A new table has no statistics: without them the planner guesses its size when joining it to the products.
  await tx.query({ sql: 'ANALYZE import_rows', values: [] });
  try {
    const [counts] = await tx.query<{ created: number; updated: number }>(applyImportStatement(workspaceId, actor));
    return counts;
  } catch (error) {
    throw duplicateCodeErrorOf(error) ?? stockShortErrorOf(error) ?? error;
  }
}

/** Importing products from a CSV file or an Excel workbook into the caller's catalogue. */
export const productImportService = {
  /**
   * Reads the file `receive` brings (only once the caller is known to be
   * signed in), checks every row, and answers what the import would do (a
   * dry run) or did. An import with any error writes nothing: its answer has
   * the errors, and `created` and `updated` say what it would have done.
   * Applied, every row lands in one transaction with one activity entry.
   * Its database work runs in an import slot; with none free, the answer is
   * TooManyRequestsError.
   */
  async importProducts(ctx: RequestContext, receive: () => Promise<ImportUpload & { options: ProductImportOptions }>): Promise<ProductImportResult> {
    // A dry run writes nothing, but it is the first step of a write: a read-only token has no use for it.
    const { user, workspaceId } = await requireMember(ctx, 'editProducts');
    const poolMax = ctx.config.databasePoolMax;
    // Refused before its file is read while every slot is taken; the slot itself is taken once the
    // file is in and read, so an upload on a slow line holds none while it comes (it needs no connection).
    productImports.assertSlotFree(poolMax);
    const { bytes, options } = await receive();
    const mode = modeOf(options.mode);
    const dryRun = dryRunOf(options.dryRun);
    const mapping = mappingOf(options.mapping);
    const table = await readImportTable(bytes, (cells) => namesProducts(columnsOf(cells, mapping)));
    const columns = columnsOf(table.header, mapping);

    return productImports.run(poolMax, async () => {
      if (dryRun) {
        const codes = await catalogueCodes(ctx.sql, workspaceId, table, columns);
        return { dryRun, ...planImport(table, columns, mode, codes).result };
      }
      return ctx.sql.transaction(
        async (tx) => {
          const codes = await catalogueCodes(tx, workspaceId, table, columns);
          const { result, writes } = planImport(table, columns, mode, codes);
          if (result.errors.length > 0) {
            tx.rollback();
            return { dryRun, ...result };
          }
          const done = await applyPlan(tx, workspaceId, user.id, writes);
          return { dryRun, ...result, created: done.created, updated: done.updated };
        },
        { statementTimeoutMs: IMPORT_STATEMENT_TIMEOUT_MS },
      );
    });
  },
};
