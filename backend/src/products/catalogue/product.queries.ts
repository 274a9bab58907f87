import { logFrom, logStockAlertFrom } from '../../activity/activity-log';
import type { Statement } from '../../db/sql';
import { WRITABLE_PRODUCT_FIELDS, type ProductValues } from '@stockroom/schema';
import { LIVE, PRODUCT_COLUMNS, WRITABLE_COLUMNS } from '../../product-record/product-columns';
import { movementFrom } from '../../stock/stock-ledger';
import { orderBy, where, type ProductFilter, type ProductSort } from '../list-query/product-list.queries';

/**
 * The SQL of the catalogue (a page, its figures, one product's create, edit
 * and delete), written out rather than built by the ORM: a page is read as
 * plain rows (no entity hydration), every write is one conditional
 * statement, and the bench baseline runs exactly these.
 */

export interface ProductPageQuery extends ProductFilter, ProductSort {
  limit: number;
  offset: number;
}

/**
 * The page's ids come from the sort index alone (an index-only scan skips the
 * OFFSET rows without reading the table); only the page's own rows are read.
 */
export function productPageStatement(query: ProductPageQuery): Statement {
  const filter = where(query);
  const { sql: order, values: orderValues } = orderBy(query);
  return {
    sql: `SELECT ${PRODUCT_COLUMNS} FROM products
      JOIN (SELECT id FROM products WHERE ${filter.sql} ORDER BY ${order} LIMIT ? OFFSET ?) AS page USING (id)
      ORDER BY ${order}`,
    values: [...filter.values, ...orderValues, query.limit, query.offset, ...orderValues],
  };
}

/** Stats of the whole catalogue: the running totals the triggers keep (the value is summed exactly in NUMERIC). */
export function productStatsStatement(ownerId: string): Statement {
  return {
    sql: `SELECT coalesce(s.total_products, 0) AS "totalProducts", coalesce(s.in_stock, 0) AS "inStock",
      coalesce(s.total_products - s.in_stock, 0) AS "outOfStock", coalesce(s.low_stock, 0) AS "lowStock", coalesce(s.inventory_value, 0)::float8 AS "inventoryValue"
      FROM (SELECT ?::uuid AS owner_id) AS owner LEFT JOIN catalogue_stats AS s USING (owner_id)`,
    values: [ownerId],
  };
}

export function categoriesStatement(ownerId: string): Statement {
  return { sql: `SELECT DISTINCT category FROM products WHERE owner_id = ? AND ${LIVE} ORDER BY category`, values: [ownerId] };
}

export function featuredStatement(ownerId: string, limit: number): Statement {
  return {
    sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE owner_id = ? AND featured AND ${LIVE} ORDER BY created_at DESC, id DESC LIMIT ?`,
    values: [ownerId, limit],
  };
}

/** A new product: every writable field, cleaned, and its owner. */
export type NewProduct = ProductValues & { ownerId: string };

/** What a client may write, as the service has cleaned it. */
export type ProductWrite = Partial<ProductValues>;

/**
 * One round trip: the row goes in, its INITIAL stock movement (of its whole
 * quantity, 0 included, so every product's history starts somewhere) and its
 * activity entry with it, and it comes back in the shape both transports send.
 */
export function insertProductStatement(product: NewProduct): Statement {
  const moved = movementFrom('created', { delta: 'quantity', reason: 'INITIAL' });
  return {
    sql: `WITH created AS (
        INSERT INTO products (id, owner_id, ${WRITABLE_PRODUCT_FIELDS.map((name) => WRITABLE_COLUMNS[name]).join(', ')})
        VALUES (gen_random_uuid(), ?, ${WRITABLE_PRODUCT_FIELDS.map(() => '?').join(', ')}) RETURNING *),
      moved AS (${moved.sql}),
      logged AS (${logFrom('created', 'product_created')})
      SELECT ${PRODUCT_COLUMNS} FROM created`,
    values: [product.ownerId, ...WRITABLE_PRODUCT_FIELDS.map((name) => product[name]), ...moved.values],
  };
}

/**
 * Writes the given fields of the owner's product, only at `version` when one
 * is given (optimistic locking in the WHERE clause, so two edits of the same
 * version can never both land). No row back means the product is missing,
 * someone else's, or changed since `version`. The row as it was (`before`) is
 * read under a row lock, so it is the row this write replaces even when a
 * sale landed while the statement waited: the activity entry names the fields
 * whose value really changed (a save that changed nothing logs nothing), and
 * a new quantity records a CORRECTION movement of exactly the difference.
 */
export function updateProductStatement(id: string, ownerId: string, changes: ProductWrite, version?: number): Statement {
  const entries = (Object.entries(changes) as Array<[keyof ProductWrite, unknown]>).filter(([, value]) => value !== undefined);
  const sets = [...entries.map(([key]) => `${WRITABLE_COLUMNS[key]} = ?`), 'version = products.version + 1', 'updated_at = now()'];
  const changed = entries.map(([key]) => `CASE WHEN products.${WRITABLE_COLUMNS[key]} IS DISTINCT FROM before.${WRITABLE_COLUMNS[key]} THEN '${key}' END`);
  const moved = changes.quantity === undefined ? undefined : movementFrom('updated', { delta: 'quantity - quantity_before', reason: 'CORRECTION', where: 'quantity <> quantity_before' });
  return {
    sql: `WITH before AS (SELECT * FROM products WHERE id = ? AND owner_id = ? AND ${LIVE} FOR UPDATE),
      updated AS (
        UPDATE products SET ${sets.join(', ')} FROM before
        WHERE products.id = before.id${version === undefined ? '' : ' AND products.version = ?'}
        RETURNING products.*, before.quantity AS quantity_before, before.reorder_level AS reorder_level_before,
          array_remove(ARRAY[${changed.join(', ')}]::text[], NULL) AS changed),${moved ? `
      moved AS (${moved.sql}),` : ''}
      alerted AS (${logStockAlertFrom('updated')}),
      logged AS (${logFrom('updated', 'product_updated', `jsonb_build_object('fields', to_jsonb(changed))`)} WHERE cardinality(changed) > 0)
      SELECT ${PRODUCT_COLUMNS} FROM updated`,
    values: [id, ownerId, ...entries.map(([, value]) => value), ...(version === undefined ? [] : [version]), ...(moved?.values ?? [])],
  };
}

/**
 * Moves the owner's product to the trash, leaving its row (id, SKU, stock
 * history) as it was for a restore; no row back means it is missing, already
 * in the trash, or someone else's.
 */
export function deleteProductStatement(id: string, ownerId: string): Statement {
  return {
    sql: `WITH removed AS (UPDATE products SET deleted_at = now() WHERE id = ? AND owner_id = ? AND ${LIVE} RETURNING id, owner_id, name),
      logged AS (${logFrom('removed', 'product_deleted')})
      SELECT id FROM removed`,
    values: [id, ownerId],
  };
}
