import {
  IMPORT_COLUMN_FIELDS,
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
  importHeaderKey,
  isBlank,
  moneyValue,
  parseImportBoolean,
  toDecimals,
  validateField,
  writableField,
  type ImportColumnField,
  type ImportField,
  type ImportRowError,
  type ProductImportMode,
  type ProductImportResult,
  type ProductValues,
  type WritableProductFieldName,
} from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import { requireMember } from '../../account/workspace-access';
import { logWorkspaceActivityStatement } from '../../activity/activity-log';
import type { RequestContext } from '../../account/context';
import { ConflictError, ValidationError } from '../../common/errors';
import { HeavyWork } from '../../common/heavy-work';
import { log } from '../../common/log';
import type { SqlPool, SqlTransaction } from '../../db/sql';
import { copyRows, type CopyValue } from '../../db/copy-text';
import { locationService } from '../../locations/location.service';
import { duplicateCodeErrorOf, stockShortErrorOf } from '../../product-record/product.errors';
import { readImportTable, type ImportTable, type ImportUpload } from './product-import-file';
import { locationBook, planLevels, type LevelTarget, type LevelWrite, type LocationBook, type LocationFound } from './product-import-levels';
import {
  analyzeAfterImportStatement,
  applyImportStatement,
  applyLevelRoundStatement,
  barcodeHoldersStatement,
  copyImportLevelsSql,
  copyImportRowsSql,
  createImportLevelsTableSql,
  createImportTableSql,
  importLocationsStatement,
  productLevelsStatement,
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

/**
 * A product to write: a new one (its id chosen here, so that the rounds of
 * its further levels can name it), or an existing one with its new values.
 * `place`, in a file with locations: where the row's quantity change lands,
 * the level it must leave there (null: no check), and for an existing
 * product the change itself, which its write adds to the quantity it finds.
 */
interface PlannedRow {
  row: number;
  productId: string;
  isNew: boolean;
  product: ImportProduct;
  place: { locationId: string; counted: number | null; quantityChange: number | null } | null;
}

interface ImportPlan {
  result: Omit<ProductImportResult, 'dryRun'>;
  writes: PlannedRow[];
  /** The levels written after the products' own rows, each round one statement. */
  levelWrites: LevelWrite[];
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
function mappingOf(raw: unknown): Record<string, ImportColumnField | null> {
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
    if (!IMPORT_COLUMN_FIELDS.includes(field as ImportColumnField)) throw new ValidationError({ mapping: ImportMessages.unknownMappingField(field) });
  }
  return Object.fromEntries(Object.entries(mapping).map(([header, field]) => [header.trim(), (field || null) as ImportColumnField | null]));
}

/**
 * What each column of the file fills: the mapping's choice for its header
 * when it names one, else the field its header is known by. A header known
 * by no name is reported as unmapped, never guessed at; the export's own
 * id and dates are recognised and ignored.
 */
function columnsOf(header: string[], mapping: Record<string, ImportColumnField | null>): Columns {
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

/** Rows of one product: its first row's values, and in a file with locations the levels its rows set. */
interface ProductRows {
  row: number;
  match: ExistingProductRow | undefined;
  product: ImportProduct;
  targets: LevelTarget[];
}

/**
 * Checks every row with the product rules and decides what it does. A new
 * product is checked as a create is: description, category and quantity left
 * blank take their draft values, featured is false. A row whose SKU matches
 * one of the caller's products (upsert) changes only the cells it fills: a
 * blank name, price, quantity... keeps the product's, a blank barcode, image
 * URL or reorder level removes it. In create mode a SKU the catalogue already
 * has is an error, and in both a SKU twice in the file is; so is a barcode
 * twice in the file, or one another product than the row's already has.
 *
 * With a location column (`book` given), each row sets one stock level: at
 * the location its `location` cell names (blank: the default location), to
 * its `locationQuantity` cell, or its `quantity` cell when the file has no
 * `locationQuantity` column. Rows with one SKU (or, without one, one export
 * id) are then one product at several locations: each location once, the
 * product's other cells alike on every row. Its quantity is the sum of its
 * levels, those the file leaves out keeping what they hold; the file's
 * `quantity` column, a total, is not read when `locationQuantity` is there.
 */
function planImport(table: ImportTable, columns: Columns, mode: ProductImportMode, codes: CatalogueCodes, book: LocationBook | null): ImportPlan {
  const { bySku: existing, barcodeHolders, levels } = codes;
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  let failed = 0;
  const addError = (error: ImportRowError) => {
    errorCount += 1;
    if (errors.length < IMPORT_LIMITS.maxErrors) errors.push(error);
  };

  // A field filled by two columns is an error of the header row: which one to take would be a guess.
  const firstColumnOf = new Map<ImportColumnField, number>();
  columns.forEach(({ field }, index) => {
    if (!field) return;
    const first = firstColumnOf.get(field);
    if (first === undefined) firstColumnOf.set(field, index);
    else addError({ row: table.headerRow, column: columns[index].header, message: ImportMessages.sameField(field, [columns[first].header, columns[index].header]) });
  });
  const mapped = [...firstColumnOf.entries()].filter((entry): entry is [ImportField, number] => IMPORT_FIELDS.includes(entry[0] as ImportField));
  const skuColumn = firstColumnOf.get('sku');
  const barcodeColumn = firstColumnOf.get('barcode');
  const locationColumn = firstColumnOf.get('location');
  const levelColumn = firstColumnOf.get('locationQuantity') ?? (locationColumn === undefined ? undefined : firstColumnOf.get('quantity'));
  // The export's id tells the rows of one product without a SKU apart from another's.
  const idColumn = columns.findIndex((column) => column.status === 'ignored' && importHeaderKey(column.header) === 'id');
  const firstRowOfBarcode = new Map<string, { row: number; key: string | undefined }>();
  const productsByKey = new Map<string, ProductRows>();
  const products: ProductRows[] = [];

  for (const { row, cells } of table.rows) {
    const rowErrors: ImportRowError[] = [];
    const raw: Partial<Record<ImportField, unknown>> = {};
    for (const [field, index] of mapped) raw[field] = cellValue(field, cells[index] ?? '');

    const skuKey = skuColumn === undefined || isBlank(raw.sku) ? undefined : text(raw.sku).toLowerCase();
    const idKey = idColumn < 0 || isBlank(cells[idColumn]) ? undefined : text(cells[idColumn]);
    const productKey = skuKey !== undefined ? `sku:${skuKey}` : idKey !== undefined ? `id:${idKey}` : undefined;
    const earlier = productKey === undefined ? undefined : productsByKey.get(productKey);
    const match = skuKey === undefined || mode === 'create' ? undefined : existing.get(skuKey);
    if (skuKey !== undefined) {
      if (earlier && !book) rowErrors.push({ row, column: columns[skuColumn!].header, message: ImportMessages.duplicateSkuInFile(earlier.row) });
      if (mode === 'create' && existing.has(skuKey)) rowErrors.push({ row, column: columns[skuColumn!].header, message: ImportMessages.skuTaken });
    }
    const barcode = barcodeColumn === undefined || isBlank(raw.barcode) ? undefined : text(raw.barcode);
    if (barcode !== undefined) {
      const first = firstRowOfBarcode.get(barcode);
      const sameProductRow = !!book && first !== undefined && first.key !== undefined && first.key === productKey;
      if (first !== undefined && !sameProductRow) rowErrors.push({ row, column: columns[barcodeColumn!].header, message: ImportMessages.duplicateBarcodeInFile(first.row) });
      else if (first === undefined) firstRowOfBarcode.set(barcode, { row, key: productKey });
      const holder = barcodeHolders.get(barcode);
      if (holder !== undefined && holder !== match?.id) rowErrors.push({ row, column: columns[barcodeColumn!].header, message: ProductMessages.duplicateBarcode });
    }

    let target: LevelTarget | undefined;
    if (book) {
      const cell = locationColumn === undefined ? '' : (cells[locationColumn] ?? '');
      const found: LocationFound = isBlank(cell) ? { id: book.defaultId } : book.find(cell);
      const levelCell = levelColumn === undefined ? '' : (cells[levelColumn] ?? '');
      const levelError = isBlank(levelCell) ? null : validateField(IMPORT_FIELD_RULES.quantity, levelCell);
      if ('error' in found) rowErrors.push({ row, column: columns[locationColumn!].header, message: found.error });
      if (levelError) rowErrors.push({ row, column: columns[levelColumn!].header, message: levelError });
      if ('id' in found) {
        target = { row, locationId: found.id, quantity: isBlank(levelCell) || levelError ? undefined : Number(levelCell) };
        const repeated = earlier?.targets.find((other) => other.locationId === found.id);
        if (repeated) rowErrors.push({ row, column: locationColumn === undefined ? null : columns[locationColumn].header, message: ImportMessages.duplicateLocationInFile(repeated.row) });
      }
    }

    const values: Partial<Record<ImportField, unknown>> = { ...raw };
    // With locations, a product's quantity is the sum of its levels, never a cell.
    if (book) delete values.quantity;
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

    const base: ImportProduct = match ? fromExisting(match) : blankProductValues();
    const product = { ...base };
    if (rowErrors.length === 0) {
      for (const field of IMPORT_FIELDS) {
        if (values[field] === undefined) continue;
        (product as unknown as Record<string, unknown>)[field] = cleanValue(field, values[field]);
      }
      if (earlier && !sameProduct(product, earlier.product)) rowErrors.push({ row, column: null, message: ImportMessages.productDiffersInFile(earlier.row) });
    }
    if (rowErrors.length) {
      failed += 1;
      for (const error of rowErrors) addError(error);
      continue;
    }
    if (earlier) {
      earlier.targets.push(target!);
      continue;
    }
    const rows: ProductRows = { row, match, product, targets: target ? [target] : [] };
    products.push(rows);
    if (productKey !== undefined) productsByKey.set(productKey, rows);
  }

  let created = 0;
  let updated = 0;
  let unchanged = 0;
  const writes: PlannedRow[] = [];
  const levelWrites: LevelWrite[] = [];
  for (const { row, match, product, targets } of products) {
    const base: ImportProduct = match ? fromExisting(match) : blankProductValues();
    const productId = match?.id ?? randomUUID();
    let place: PlannedRow['place'] = null;
    let written = product;
    let levelsChange = false;
    if (book) {
      const levelsPlan = planLevels(match ? base.quantity : 0, targets, (locationId) => (match ? (levels.get(levelKey(match.id, locationId)) ?? 0) : 0));
      product.quantity = levelsPlan.total;
      written = { ...product, quantity: levelsPlan.first.quantity };
      place = { locationId: levelsPlan.first.locationId, counted: match ? levelsPlan.first.counted : null, quantityChange: match ? levelsPlan.first.quantity - base.quantity : null };
      levelsChange = levelsPlan.changes;
      levelWrites.push(...levelsPlan.later.map((write) => ({ ...write, productId })));
    }
    if (!match) {
      created += 1;
      writes.push({ row, productId, isNew: true, product: written, place });
    } else if (!levelsChange && sameProduct(product, base)) unchanged += 1;
    else {
      updated += 1;
      writes.push({ row, productId, isNew: false, product: written, place });
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
    levelWrites,
  };
}

/** What the file's codes name in the caller's catalogue: its products by lower-cased SKU, which product has each barcode, and (in a file with locations) those products' levels. */
interface CatalogueCodes {
  bySku: Map<string, ExistingProductRow>;
  barcodeHolders: Map<string, string>;
  /** What each level of the matched products holds, by levelKey. */
  levels: Map<string, number>;
}

const levelKey = (productId: string, locationId: string) => `${productId}:${locationId}`;

/** The distinct values of a field's column in the file, trimmed, blanks left out (`normal` lower-cases a SKU). */
function columnValues(table: ImportTable, columns: Columns, field: ImportField, normal: (value: string) => string = (value) => value): string[] {
  const index = columns.findIndex((column) => column.field === field);
  if (index < 0) return [];
  return [...new Set(table.rows.map(({ cells }) => normal((cells[index] ?? '').trim())).filter(Boolean))];
}

async function catalogueCodes(sql: SqlPool, workspaceId: string, table: ImportTable, columns: Columns, withLevels: boolean): Promise<CatalogueCodes> {
  const bySku = await productsBySku(sql, workspaceId, table, columns);
  const barcodes = columnValues(table, columns, 'barcode');
  const holders = barcodes.length ? await sql.query<{ barcode: string; id: string }>(barcodeHoldersStatement(workspaceId, barcodes)) : [];
  const ids = [...bySku.values()].map((row) => row.id);
  const levels = withLevels && ids.length ? await sql.query<{ productId: string; locationId: string; quantity: number }>(productLevelsStatement(workspaceId, ids)) : [];
  return {
    bySku,
    barcodeHolders: new Map(holders.map((row) => [row.barcode, row.id])),
    levels: new Map(levels.map((row) => [levelKey(row.productId, row.locationId), row.quantity])),
  };
}

/** The caller's products that the file's SKUs name, by lower-cased SKU. */
async function productsBySku(sql: SqlPool, workspaceId: string, table: ImportTable, columns: Columns): Promise<Map<string, ExistingProductRow>> {
  const keys = columnValues(table, columns, 'sku', (value) => value.toLowerCase());
  if (keys.length === 0) return new Map();
  const rows = await sql.query<ExistingProductRow>(productsBySkuStatement(workspaceId, keys));
  return new Map(rows.map((row) => [row.skuKey, row]));
}

/** Whether the file says where its stock is: a column fills the location or the quantity at a location. */
const placesStock = (columns: Columns) => columns.some(({ field }) => field === 'location' || field === 'locationQuantity');

/** A cleaned value as COPY text reads it: money with its two decimals, true/false as t/f. */
function copyValue(name: WritableProductFieldName, value: ProductValues[WritableProductFieldName]): CopyValue {
  if (value === null) return null;
  const { type } = writableField(name);
  if (type === 'money') return (value as number).toFixed(2);
  if (type === 'boolean') return value ? 't' : 'f';
  return value as string | number;
}

const COPY_BATCH = 2_000;

/**
 * The rows to write as COPY text, in the order of IMPORT_ROW_COLUMNS (the
 * rules refuse a blank required value, and make a blank optional one null).
 */
function* copyText(writes: PlannedRow[]): Generator<string> {
  for (let start = 0; start < writes.length; start += COPY_BATCH) {
    const records = writes
      .slice(start, start + COPY_BATCH)
      .map(({ row, productId, isNew, product, place }) => [row, productId, isNew ? 't' : 'f', place?.locationId ?? null, place?.counted ?? null, place?.quantityChange ?? null, ...WRITABLE_PRODUCT_FIELDS.map((name) => copyValue(name, product[name]))]);
    yield copyRows(records);
  }
}

/** The further levels as COPY text, in the order of IMPORT_LEVEL_COLUMNS. */
function* copyLevelText(writes: LevelWrite[]): Generator<string> {
  for (let start = 0; start < writes.length; start += COPY_BATCH) {
    yield copyRows(writes.slice(start, start + COPY_BATCH).map(({ round, productId, locationId, delta, counted }) => [round, productId, locationId, delta, counted]));
  }
}

/** A level the import set that another write changed after the import read it: the trigger's check of `counted` refuses the statement. */
const levelsChangedErrorOf = (error: unknown) => ((error as { code?: string }).code === '40001' ? new ConflictError(ImportMessages.levelsChanged) : undefined);

/**
 * Loads the planned rows and writes them in the transaction `tx`; a SKU or barcode taken meanwhile by another request is that code's 409,
 * so is a level changed meanwhile. The triggers on products log the import's entry from the rows it writes; a file whose every row is
 * unchanged writes none, and logs its entry itself. The locations the file names are held (FOR KEY SHARE) until the import commits, so
 * none is deleted under it.
 */
async function applyPlan(tx: SqlTransaction, workspaceId: string, actor: string, writes: PlannedRow[], levelWrites: LevelWrite[]): Promise<{ created: number; updated: number }> {
  if (writes.length === 0) {
    await tx.query(logWorkspaceActivityStatement(workspaceId, actor, 'products_imported', { created: 0, updated: 0 }));
    return { created: 0, updated: 0 };
  }
  const locationIds = [...new Set([...writes.flatMap(({ place }) => (place ? [place.locationId] : [])), ...levelWrites.map((write) => write.locationId)])];
  if (locationIds.length) {
    const held = await tx.query<{ id: string }>(importLocationsStatement(workspaceId, locationIds));
    if (held.length < locationIds.length) throw new ConflictError(ImportMessages.levelsChanged);
  }
  await tx.query({ sql: createImportTableSql, values: [] });
  await tx.copyFrom(copyImportRowsSql, copyText(writes));
  // A new table has no statistics: without them the planner guesses its size when joining it to the products.
  await tx.query({ sql: 'ANALYZE import_rows', values: [] });
  try {
    const [counts] = await tx.query<{ created: number; updated: number }>(applyImportStatement(workspaceId, actor));
    if (levelWrites.length) {
      await tx.query({ sql: createImportLevelsTableSql, values: [] });
      await tx.copyFrom(copyImportLevelsSql, copyLevelText(levelWrites));
      await tx.query({ sql: 'ANALYZE import_levels', values: [] });
      const rounds = Math.max(...levelWrites.map((write) => write.round));
      for (let round = 2; round <= rounds; round += 1) await tx.query(applyLevelRoundStatement(workspaceId, actor, round));
    }
    return counts;
  } catch (error) {
    throw duplicateCodeErrorOf(error) ?? stockShortErrorOf(error) ?? levelsChangedErrorOf(error) ?? error;
  }
}

/**
 * After the import has committed, in its slot: a failure here loses nothing (autovacuum analyses the tables later), so it is
 * logged, never the import's answer.
 */
async function analyzeAfterImport(ctx: RequestContext, changed: number): Promise<void> {
  if (changed === 0) return;
  await ctx.sql.query(analyzeAfterImportStatement(changed)).catch((error: unknown) => log.warn({ err: error }, 'import: analysing the catalogue after it failed'));
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
    const withLevels = placesStock(columns);

    return productImports.run(poolMax, async () => {
      const book = withLevels ? locationBook(await locationService.list(ctx)) : null;
      if (dryRun) {
        const codes = await catalogueCodes(ctx.sql, workspaceId, table, columns, withLevels);
        return { dryRun, ...planImport(table, columns, mode, codes, book).result };
      }
      const answer = await ctx.sql.transaction(
        async (tx) => {
          const codes = await catalogueCodes(tx, workspaceId, table, columns, withLevels);
          const { result, writes, levelWrites } = planImport(table, columns, mode, codes, book);
          if (result.errors.length > 0) {
            tx.rollback();
            return { dryRun, ...result };
          }
          const done = await applyPlan(tx, workspaceId, user.id, writes, levelWrites);
          return { dryRun, ...result, created: done.created, updated: done.updated };
        },
        { statementTimeoutMs: IMPORT_STATEMENT_TIMEOUT_MS },
      );
      if (answer.errors.length === 0) await analyzeAfterImport(ctx, answer.created + answer.updated);
      return answer;
    });
  },
};
