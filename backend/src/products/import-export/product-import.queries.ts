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

/** A product of the caller that a row of the file names by its SKU. */
export interface ExistingProductRow {
  id: string;
  skuKey: string;
  name: string;
  description: string;
  price: string;
  category: string;
  quantity: number;
  reorderLevel: number | null;
  sku: string | null;
  barcode: string | null;
  featured: boolean;
  imageUrl: string | null;
}

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
    sql: `SELECT id, lower(sku) AS "skuKey", name, description, price::text AS price, category, quantity, reorder_level AS "reorderLevel",
        sku, barcode, featured, image_url AS "imageUrl"
      FROM products WHERE owner_id = ? AND lower(sku) = ANY(?::text[]) AND sku IS NOT NULL AND ${LIVE}`,
    values: [ownerId, skuKeys],
  };
}

/** The temporary table's columns, in the order the COPY text gives them. */
export const IMPORT_ROW_COLUMNS = ['row_no', 'product_id', 'name', 'description', 'price', 'category', 'quantity', 'reorder_level', 'sku', 'barcode', 'featured', 'image_url'] as const;

/** A table of the transaction alone, gone at its end (commit or rollback). */
export const createImportTableSql = `CREATE TEMP TABLE import_rows (
    row_no int NOT NULL, product_id uuid, name text NOT NULL, description text NOT NULL, price numeric(10, 2) NOT NULL,
    category text NOT NULL, quantity int NOT NULL, reorder_level int, sku text, barcode text, featured boolean NOT NULL, image_url text
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
        UPDATE products SET name = i.name, description = i.description, price = i.price, category = i.category, quantity = i.quantity,
          reorder_level = i.reorder_level, sku = i.sku, barcode = i.barcode, featured = i.featured, image_url = i.image_url,
          version = products.version + 1, updated_at = now()
        FROM import_rows AS i WHERE i.product_id = products.id AND products.owner_id = ? AND products.${LIVE}
        RETURNING products.id, products.owner_id, new.quantity, old.quantity AS quantity_before),
      created AS (
        INSERT INTO products (id, owner_id, name, description, price, category, quantity, reorder_level, sku, barcode, featured, image_url)
        SELECT gen_random_uuid(), ?, name, description, price, category, quantity, reorder_level, sku, barcode, featured, image_url
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
