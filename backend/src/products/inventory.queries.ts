import type { Statement } from '../db/sql';

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
export function inventoryByCategoryStatement(ownerId: string): Statement {
  return {
    sql: `SELECT category, count(*)::int AS products, count(*) FILTER (WHERE quantity > 0)::int AS "inStock",
        sum(price * quantity)::float8 AS value
      FROM products WHERE owner_id = ? GROUP BY category ORDER BY sum(price * quantity) DESC, category`,
    values: [ownerId],
  };
}
