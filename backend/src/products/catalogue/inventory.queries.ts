import type { Statement } from '../../db/sql';
import { LIVE, PRODUCT_COLUMNS } from '../../product-record/product-columns';

export interface CategoryRow {
  category: string;
  products: number;
  inStock: number;
  value: number;
}

/**
 * The dashboard's charts in one statement: per category, how many products,
 * how many in stock and their value (summed exactly in NUMERIC). In-stock and
 * out-of-stock totals are the sums of these rows. The owner-led category
 * index finds the rows.
 */
export function inventoryByCategoryStatement(workspaceId: string): Statement {
  return {
    sql: `SELECT category, count(*)::int AS products, count(*) FILTER (WHERE quantity > 0)::int AS "inStock",
        sum(price * quantity)::float8 AS value
      FROM products WHERE workspace_id = ? AND ${LIVE} GROUP BY category ORDER BY sum(price * quantity) DESC, category`,
    values: [workspaceId],
  };
}

/**
 * What the dashboard's "Needs reordering" panel lists: products at or under
 * their reorder level, out of stock first, then the furthest below it, then
 * by name. The WHERE clause is the partial index's own predicate, so only
 * the products that need reordering are read, however large the catalogue.
 */
export function needsReorderingStatement(workspaceId: string, limit: number): Statement {
  return {
    sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE workspace_id = ? AND quantity <= reorder_level AND ${LIVE}
      ORDER BY quantity = 0 DESC, reorder_level - quantity DESC, lower(name), id LIMIT ?`,
    values: [workspaceId, limit],
  };
}

/** How many products need reordering: the running total the triggers keep beside the other figures. */
export function reorderDueStatement(workspaceId: string): Statement {
  return { sql: 'SELECT coalesce((SELECT reorder_due FROM catalogue_stats WHERE workspace_id = ?), 0) AS count', values: [workspaceId] };
}
