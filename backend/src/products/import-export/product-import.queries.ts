import { PRODUCT_FIELDS, WRITABLE_PRODUCT_FIELDS, writableField, type ProductValues, type WritableProductFieldName } from '@stockroom/schema';
import type { Statement } from '../../db/sql';
import { LIVE } from '../../product-record/product-columns';
import { movementFrom } from '../../stock/stock-ledger';

/**
 * The SQL of an import. The rows to write are loaded with COPY into a
 * temporary table of the import's transaction, then written by one statement:
 * every new product, every changed one, their IMPORT stock movements and the
 * one activity entry, so the catalogue totals' statement triggers run once
 * and the import lands whole or not at all.
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

/**
 * The owner's live products with one of `skuKeys` (lower-cased SKUs): the
 * unique index on the owner and lower(sku) finds each (a product in the
 * trash has given its SKU up, so a row with that SKU is a new product).
 * They are read without a lock: a product another request changes before the
 * import writes it is then counted as the file left it, and the write takes
 * the quantity it replaces from the row itself, so the ledger stays exact.
 */
export function productsBySkuStatement(ownerId: string, skuKeys: string[]): Statement {
  return {
    sql: `SELECT id, lower(sku) AS "skuKey", ${WRITABLE_PRODUCT_FIELDS.map(existingColumn).join(', ')}
      FROM products WHERE owner_id = ? AND lower(sku) = ANY(?::text[]) AND sku IS NOT NULL AND ${LIVE}`,
    values: [ownerId, skuKeys],
  };
}

/** The temporary table's columns, in the order the COPY text gives them. */
export const IMPORT_ROW_COLUMNS = ['row_no', 'product_id', ...written];

/** A table of the transaction alone, gone at its end (commit or rollback). */
export const createImportTableSql = `CREATE TEMP TABLE import_rows (
    row_no int NOT NULL, product_id uuid, ${WRITABLE_PRODUCT_FIELDS.map((name) => {
      const field = writableField(name);
      return `${field.column} ${IMPORT_COLUMN_TYPES[field.type]}${field.nullable ? '' : ' NOT NULL'}`;
    }).join(', ')}
  ) ON COMMIT DROP`;

export const copyImportRowsSql = `COPY import_rows (${IMPORT_ROW_COLUMNS.join(', ')}) FROM STDIN (FORMAT text)`;

/**
 * Writes the loaded rows: a row with a product id replaces that product's
 * fields (its version goes up, as an edit's does), a row without one is a new
 * product. A quantity that changed, and every new product's quantity, is an
 * IMPORT movement, its change measured against the row the update replaced
 * (`old`), not the one read when the file was checked. The activity log gets
 * one entry with the counts.
 */
export function applyImportStatement(ownerId: string): Statement {
  const movedNew = movementFrom('created', { delta: 'quantity', reason: 'IMPORT' });
  const movedChanged = movementFrom('updated', { delta: 'quantity - quantity_before', reason: 'IMPORT', where: 'quantity <> quantity_before' });
  return {
    sql: `WITH updated AS (
        UPDATE products SET ${written.map((column) => `${column} = i.${column}`).join(', ')},
          version = products.version + 1, updated_at = now()
        FROM import_rows AS i WHERE i.product_id = products.id AND products.owner_id = ? AND products.${LIVE}
        RETURNING products.id, products.owner_id, new.quantity, old.quantity AS quantity_before),
      created AS (
        INSERT INTO products (id, owner_id, ${written.join(', ')})
        SELECT gen_random_uuid(), ?, ${written.join(', ')}
        FROM import_rows WHERE product_id IS NULL
        RETURNING id, owner_id, quantity),
      moved_new AS (${movedNew.sql}),
      moved_changed AS (${movedChanged.sql}),
      logged AS (
        INSERT INTO activity_log (user_id, kind, details)
        SELECT ?, 'products_imported', jsonb_build_object('created', (SELECT count(*) FROM created), 'updated', (SELECT count(*) FROM updated)))
      SELECT (SELECT count(*) FROM created)::int AS created, (SELECT count(*) FROM updated)::int AS updated`,
    values: [ownerId, ownerId, ...movedNew.values, ...movedChanged.values, ownerId],
  };
}
