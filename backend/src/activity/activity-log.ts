import type { Statement } from '../db/sql';
import type { ActivityKind } from './activity.entity';

/**
 * How a write logs its activity entry, for every module whose writes are
 * logged. A write that is itself one statement (a product's create, edit,
 * delete, restore, bulk or stock change) adds its entry as a CTE of that
 * statement (`logFrom`, `logStockAlertFrom`), so the entry and the change
 * commit together and a refused write logs nothing; other writes (sign-in,
 * profile, password) run `logActivityStatement` in their own transaction.
 */

/**
 * A CTE body that logs one entry per row of the CTE `source`, which must
 * return `owner_id`, `id` and `name` (a product write's RETURNING *).
 * `detailsSql` is an SQL expression over those rows; its `?` values follow.
 */
export function logFrom(source: string, kind: ActivityKind, detailsSql = `'{}'::jsonb`): string {
  return `INSERT INTO activity_log (user_id, kind, subject_id, subject, details) SELECT owner_id, '${kind}', id, name, ${detailsSql} FROM ${source}`;
}

/**
 * A CTE body that logs a product of `source` crossing into low stock or out
 * of stock: its stock status now differs from before and is low or out. The
 * rows must carry the new `quantity` and `reorder_level` and the old ones
 * as `quantity_before` and `reorder_level_before`, so a sale, a count, an
 * edited quantity and a raised reorder level are all seen.
 */
export function logStockAlertFrom(source: string): string {
  const status = (quantity: string, level: string) => `CASE WHEN ${quantity} = 0 THEN 'out' WHEN ${quantity} <= ${level} THEN 'low' ELSE 'in' END`;
  return `INSERT INTO activity_log (user_id, kind, subject_id, subject, details)
    SELECT owner_id, CASE WHEN quantity = 0 THEN 'stock_out' ELSE 'stock_low' END, id, name,
      jsonb_build_object('quantity', quantity, 'reorderLevel', reorder_level)
    FROM ${source}
    WHERE ${status('quantity', 'reorder_level')} <> 'in'
      AND ${status('quantity', 'reorder_level')} IS DISTINCT FROM ${status('quantity_before', 'reorder_level_before')}`;
}

/** One entry for something that is not a product write (sign-in, profile, password). */
export function logActivityStatement(userId: string, kind: ActivityKind, details: Record<string, unknown> = {}): Statement {
  return { sql: 'INSERT INTO activity_log (user_id, kind, details) VALUES (?, ?, ?::jsonb)', values: [userId, kind, JSON.stringify(details)] };
}
