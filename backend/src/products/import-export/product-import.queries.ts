import { PRODUCT_FIELDS, WRITABLE_PRODUCT_FIELDS, writableField, type ProductValues, type WritableProductFieldName } from '@stockroom/schema';
import type { Statement } from '../../db/sql';
import { lastChange } from '../../product-record/product-change';
import { LIVE } from '../../product-record/product-columns';

/**
 * The SQL of an import. The rows to write are loaded with COPY into a
 * temporary table of the import's transaction, then written by one statement
 * (every new product, every changed one), so the statement triggers on
 * products (IMPORT stock movements, the one activity entry, the totals) run
 * once and the import lands whole or not at all.
 */

/** A product of the caller that a row of the file names by its SKU: its writable fields, money as the exact text stored. */
export type ExistingProductRow = { id: string; skuKey: string } & {
  [K in WritableProductFieldName]: (typeof PRODUCT_FIELDS)[K] extends { type: 'money' } ? string | Extract<ProductValues[K], null> : ProductValues[K];
};

/** The SQL of a writable field read for the comparison: money as exact text. */
const existingColumn = (name: WritableProductFieldName) => {
  const { column, type } = writableField(name);
  const sql = type === 'money' ? `${column}::text` : column;
  return sql === name ? name : `${sql} AS "${name}"`;
};

/** The temporary table's type of each kind of field. */
const IMPORT_COLUMN_TYPES = { text: 'text', money: 'numeric(10, 2)', integer: 'int', boolean: 'boolean' } as const;

/** The columns an import writes: every writable field's. */
const written = WRITABLE_PRODUCT_FIELDS.map((name) => writableField(name).column);
const QUANTITY = writableField('quantity').column;

/**
 * The owner's live products with one of `skuKeys` (lower-cased SKUs): the
 * unique index on the owner and lower(sku) finds each (a product in the
 * trash has given its SKU up, so a row with that SKU is a new product).
 * They are read without a lock: a product another request changes before the
 * import writes it is then counted as the file left it, and the write takes
 * the quantity it replaces from the row itself, so the ledger stays exact.
 */
export function productsBySkuStatement(workspaceId: string, skuKeys: string[]): Statement {
  return {
    sql: `SELECT id, lower(sku) AS "skuKey", ${WRITABLE_PRODUCT_FIELDS.map(existingColumn).join(', ')}
      FROM products WHERE workspace_id = ? AND lower(sku) = ANY(?::text[]) AND sku IS NOT NULL AND ${LIVE}`,
    values: [workspaceId, skuKeys],
  };
}

/**
 * Which of the owner's live products has each of `barcodes`, through the
 * unique index of live barcodes: a row may not give another product's barcode
 * to a new one or to the product it updates.
 */
export function barcodeHoldersStatement(workspaceId: string, barcodes: string[]): Statement {
  return {
    sql: `SELECT barcode, id FROM products WHERE workspace_id = ? AND barcode = ANY(?::text[]) AND ${LIVE}`,
    values: [workspaceId, barcodes],
  };
}

/**
 * The levels of the products the file names, at every location, for a file
 * with locations: a level the file sets changes by what it lacks.
 */
export function productLevelsStatement(workspaceId: string, productIds: string[]): Statement {
  return {
    sql: `SELECT product_id AS "productId", location_id AS "locationId", quantity FROM stock_levels WHERE workspace_id = ? AND product_id = ANY(?::uuid[])`,
    values: [workspaceId, productIds],
  };
}

/**
 * The workspace's locations among `ids`, held until the import commits: a
 * location being deleted waits, and one deleted since the file was checked
 * is missing from the answer.
 */
export function importLocationsStatement(workspaceId: string, ids: string[]): Statement {
  return { sql: `SELECT id FROM locations WHERE workspace_id = ? AND id = ANY(?::uuid[]) FOR KEY SHARE`, values: [workspaceId, ids] };
}

/** The temporary table's columns, in the order the COPY text gives them. */
export const IMPORT_ROW_COLUMNS = ['row_no', 'product_id', 'is_new', 'location_id', 'counted', 'quantity_change', ...written];

/**
 * A table of the transaction alone, gone at its end (commit or rollback).
 * `product_id` is the product's id, chosen by the import for a new one;
 * `location_id` where its quantity change lands (null: the default
 * location), `counted` the level it must leave there (null: no check), and
 * `quantity_change`, in a file with locations, what an existing product's
 * quantity gains there: added to the quantity it has when written, so a
 * change another write made meanwhile at another location stays.
 */
export const createImportTableSql = `CREATE TEMP TABLE import_rows (
    row_no int NOT NULL, product_id uuid NOT NULL, is_new boolean NOT NULL, location_id uuid, counted int, quantity_change int, ${WRITABLE_PRODUCT_FIELDS.map((name) => {
      const field = writableField(name);
      return `${field.column} ${IMPORT_COLUMN_TYPES[field.type]}${field.nullable ? '' : ' NOT NULL'}`;
    }).join(', ')}
  ) ON COMMIT DROP`;

export const copyImportRowsSql = `COPY import_rows (${IMPORT_ROW_COLUMNS.join(', ')}) FROM STDIN (FORMAT text)`;

/** The levels written after the products' own rows: in `round` (2 and up), the product's quantity moves by `delta` at the location, whose level must end at `counted`. */
export const IMPORT_LEVEL_COLUMNS = ['round', 'product_id', 'location_id', 'delta', 'counted'];
export const createImportLevelsTableSql = `CREATE TEMP TABLE import_levels (
    round int NOT NULL, product_id uuid NOT NULL, location_id uuid NOT NULL, delta int NOT NULL, counted int NOT NULL
  ) ON COMMIT DROP`;
export const copyImportLevelsSql = `COPY import_levels (${IMPORT_LEVEL_COLUMNS.join(', ')}) FROM STDIN (FORMAT text)`;

/** A write's context with the row's place: where its quantity change lands, and the level it must leave there. */
const placedChange = (change: Statement, alias: string): Statement => ({
  sql: `(${change.sql} || jsonb_strip_nulls(jsonb_build_object('location', ${alias}.location_id, 'counted', ${alias}.counted)))`,
  values: change.values,
});

/**
 * Writes the loaded rows: a row of an existing product replaces that product's
 * fields (its version goes up, as an edit's does), a row without one is a new
 * product. A quantity that changed, and every new product's quantity, is an
 * IMPORT movement, its change measured by the triggers against the row the
 * update replaced, not the one read when the file was checked. The activity
 * log gets one entry with the counts.
 */
export function applyImportStatement(workspaceId: string, actor: string): Statement {
  const change = placedChange(lastChange({ actor, kind: 'import', reason: 'IMPORT' }), 'i');
  return {
    sql: `WITH updated AS (
        UPDATE products SET ${written.map((column) => (column === QUANTITY ? `${column} = coalesce(products.${column} + i.quantity_change, i.${column})` : `${column} = i.${column}`)).join(', ')},
          version = products.version + 1, updated_at = now(), last_change = ${change.sql}
        FROM import_rows AS i WHERE NOT i.is_new AND i.product_id = products.id AND products.workspace_id = ? AND products.${LIVE}
        RETURNING 1),
      created AS (
        INSERT INTO products (id, workspace_id, created_by, ${written.join(', ')}, last_change)
        SELECT i.product_id, ?, ?, ${written.map((column) => `i.${column}`).join(', ')}, ${change.sql}
        FROM import_rows AS i WHERE i.is_new
        RETURNING 1)
      SELECT (SELECT count(*) FROM created)::int AS created, (SELECT count(*) FROM updated)::int AS updated`,
    values: [...change.values, workspaceId, workspaceId, actor, ...change.values],
  };
}

/**
 * One round of further levels: each product of the round moves its quantity
 * by the level's change, at the level's location, as an IMPORT movement
 * there. The product's own row was written (and its version raised) by
 * applyImportStatement in the same transaction, and counted in the import's
 * entry then: a level's write says so (`level`), and is not counted again.
 */
export function applyLevelRoundStatement(workspaceId: string, actor: string, round: number): Statement {
  const change = placedChange(lastChange({ actor, kind: 'import', reason: 'IMPORT', level: true }), 'l');
  return {
    sql: `UPDATE products SET quantity = products.quantity + l.delta, last_change = ${change.sql}
      FROM import_levels AS l WHERE l.round = ? AND l.product_id = products.id AND products.workspace_id = ? AND products.${LIVE}`,
    values: [...change.values, round, workspaceId],
  };
}

/**
 * The catalogue's tables analysed now when an import changed `changed` rows, as many as autovacuum waits for
 * (db/triggers/statistics.sql): the import's stock changes are planned with statistics from the next request on.
 */
export function analyzeAfterImportStatement(changed: number): Statement {
  return { sql: 'SELECT analyze_after_bulk_write(?)', values: [changed] };
}
