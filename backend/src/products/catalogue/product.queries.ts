import type { Statement } from '../../db/sql';
import { WRITABLE_PRODUCT_FIELDS, type ProductValues } from '@stockroom/schema';
import { lastChange } from '../../product-record/product-change';
import { LIVE, PRODUCT_COLUMNS, WRITABLE_COLUMNS } from '../../product-record/product-columns';
import { EXACT_CODE, exactCodeValues, orderBy, quantityAtLocation, SORT_KEY, where, type ProductFilter, type ProductSort } from '../list-query/product-list.queries';

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
  if (query.search) return searchPageStatement(query);
  const filter = where(query);
  const { sql: order, values: orderValues } = orderBy(query);
  const here = quantityAtLocation(query);
  return {
    sql: `SELECT ${PRODUCT_COLUMNS}${here.sql} FROM products
      JOIN (SELECT id FROM products WHERE ${filter.sql} ORDER BY ${order} LIMIT ? OFFSET ?) AS page USING (id)
      ORDER BY ${order}`,
    values: [...here.values, ...filter.values, ...orderValues, query.limit, query.offset, ...orderValues],
  };
}

/**
 * A page of a search: the products whose SKU or barcode is the term come first (the code names them), found
 * through the owner's unique SKU index and barcode index, then the other matches in the list's order. The
 * other matches are read in the sort index's order, stopping at the end of the page, when they are common
 * (the planner sees that from search_text's statistics), or found through the trigram index and sorted when
 * they are few; a single ORDER BY that put the codes first would sort every match of a common word.
 */
function searchPageStatement(query: ProductPageQuery): Statement {
  const filter = where(query);
  const unsearched = where({ ...query, search: undefined });
  const dir = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const key = SORT_KEY[query.sortBy];
  const codes = exactCodeValues(query);
  const here = quantityAtLocation(query);
  return {
    sql: `SELECT ${PRODUCT_COLUMNS}${here.sql} FROM products
      JOIN (SELECT id, exact, sort_key FROM (
          SELECT products.id, true AS exact, ${key} AS sort_key FROM products WHERE ${unsearched.sql} AND ${EXACT_CODE}
          UNION ALL
          (SELECT products.id, false, ${key} FROM products WHERE ${filter.sql} AND NOT ${EXACT_CODE}
            ORDER BY ${key} ${dir}, products.id ${dir} LIMIT ?)
        ) AS hits ORDER BY exact DESC, sort_key ${dir}, id ${dir} LIMIT ? OFFSET ?) AS page USING (id)
      ORDER BY page.exact DESC, page.sort_key ${dir}, products.id ${dir}`,
    values: [...here.values, ...unsearched.values, ...codes, ...filter.values, ...codes, query.offset + query.limit, query.limit, query.offset],
  };
}

/** Stats of the whole catalogue: the running totals the triggers keep (the value is summed exactly in NUMERIC). */
export function productStatsStatement(workspaceId: string): Statement {
  return {
    sql: `SELECT coalesce(s.total_products, 0) AS "totalProducts", coalesce(s.in_stock, 0) AS "inStock",
      coalesce(s.total_products - s.in_stock, 0) AS "outOfStock", coalesce(s.low_stock, 0) AS "lowStock", coalesce(s.inventory_value, 0)::float8 AS "inventoryValue"
      FROM (SELECT ?::uuid AS workspace_id) AS workspace LEFT JOIN catalogue_stats AS s USING (workspace_id)`,
    values: [workspaceId],
  };
}

export function categoriesStatement(workspaceId: string): Statement {
  return { sql: `SELECT DISTINCT category FROM products WHERE workspace_id = ? AND ${LIVE} ORDER BY category`, values: [workspaceId] };
}

export function featuredStatement(workspaceId: string, limit: number): Statement {
  return {
    sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE workspace_id = ? AND featured AND ${LIVE} ORDER BY created_at DESC, id DESC LIMIT ?`,
    values: [workspaceId, limit],
  };
}

/** A new product: every writable field, cleaned, and its workspace. */
export type NewProduct = ProductValues & { workspaceId: string };

/** What a client may write, as the service has cleaned it. */
export type ProductWrite = Partial<ProductValues>;

/**
 * One round trip: the row goes in and comes back in the shape both
 * transports send. The triggers record its INITIAL stock movement (of its
 * whole quantity, 0 included, so every product's history starts somewhere)
 * and its activity entry.
 */
export function insertProductStatement(product: NewProduct, actor: string): Statement {
  const change = lastChange({ actor, kind: 'create', reason: 'INITIAL' });
  return {
    sql: `INSERT INTO products (id, workspace_id, created_by, ${WRITABLE_PRODUCT_FIELDS.map((name) => WRITABLE_COLUMNS[name]).join(', ')}, last_change)
      VALUES (gen_random_uuid(), ?, ?, ${WRITABLE_PRODUCT_FIELDS.map(() => '?').join(', ')}, ${change.sql})
      RETURNING ${PRODUCT_COLUMNS}`,
    values: [product.workspaceId, actor, ...WRITABLE_PRODUCT_FIELDS.map((name) => product[name]), ...change.values],
    prepared: true,
  };
}

/**
 * Writes the given fields of the workspace's product. With `version` (optimistic
 * locking in the WHERE clause, so two edits of the same version can never
 * both land), only when no field it writes changed after that version to
 * another value than the one written: a sale or an edit of other fields since
 * is no collision, and the row keeps them. A version the product has not
 * reached yet is refused. No row back means the product is missing, someone
 * else's, or changed since `version` where this write collides. The triggers
 * compare the row with the one it replaces (even when a sale landed while the
 * statement waited): the activity entry names the fields whose value really
 * changed (a save that changed nothing logs nothing), and a new quantity
 * records a CORRECTION movement of exactly the difference.
 */
export function updateProductStatement(id: string, workspaceId: string, changes: ProductWrite, actor: string, version?: number): Statement {
  const entries = (Object.entries(changes) as Array<[keyof ProductWrite, unknown]>).filter(([, value]) => value !== undefined);
  const change = lastChange({ actor, kind: 'edit', reason: 'CORRECTION' });
  const sets = [...entries.map(([key]) => `${WRITABLE_COLUMNS[key]} = ?`), 'version = version + 1', 'updated_at = now()', `last_change = ${change.sql}`];
  const unchangedSince =
    version === undefined
      ? { sql: '', values: [] }
      : {
          sql: ` AND version >= ?${entries.map(([key]) => ` AND (${WRITABLE_COLUMNS[key]} IS NOT DISTINCT FROM ? OR product_field_version(products, '${key}') <= ?)`).join('')}`,
          values: [version, ...entries.flatMap(([, value]) => [value, version])],
        };
  return {
    sql: `UPDATE products SET ${sets.join(', ')}
      WHERE id = ? AND workspace_id = ? AND ${LIVE}${unchangedSince.sql}
      RETURNING ${PRODUCT_COLUMNS}`,
    values: [...entries.map(([, value]) => value), ...change.values, id, workspaceId, ...unchangedSince.values],
  };
}

/**
 * Moves the workspace's product to the trash, leaving its row (id, SKU, stock
 * history) as it was for a restore; no row back means it is missing, already
 * in the trash, or someone else's.
 */
export function deleteProductStatement(id: string, workspaceId: string, actor: string): Statement {
  const change = lastChange({ actor, kind: 'trash' });
  return {
    sql: `UPDATE products SET deleted_at = now(), last_change = ${change.sql} WHERE id = ? AND workspace_id = ? AND ${LIVE} RETURNING id`,
    values: [...change.values, id, workspaceId],
  };
}
