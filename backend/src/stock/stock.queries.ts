import type { StockMovementReason } from '@stockroom/schema';
import { logFrom, logStockAlertFrom } from '../activity/activity-log';
import type { Statement } from '../db/sql';
import { LIVE, PRODUCT_COLUMNS } from '../product-record/product-columns';
import { movementFrom } from './stock-ledger';

/**
 * The SQL of a stock change of one product. Each is one statement: the new
 * quantity, its movement, its activity entry and a crossing into low stock
 * commit together, and the product comes back as both transports send it.
 */

/** Why a stock change happened and what the person wrote beside it. */
export interface MovementNote {
  reason: StockMovementReason;
  note?: string | null;
}

/**
 * Adds `delta` to the quantity in one statement, only if the result stays
 * within the quantity limits: concurrent sales can never oversell. It records
 * the movement and logs the change, the quantity left and the reason. No row
 * back means the product is missing, someone else's, or short of stock.
 */
export function adjustStockStatement(id: string, ownerId: string, delta: number, limits: { min: number; max: number }, movement: MovementNote): Statement {
  const moved = movementFrom('adjusted', { delta: '?::int', ...movement }, [delta]);
  return {
    sql: `WITH adjusted AS (
        UPDATE products SET quantity = quantity + ?, version = version + 1, updated_at = now()
        WHERE id = ? AND owner_id = ? AND ${LIVE} AND quantity + ? BETWEEN ? AND ?
        RETURNING *, quantity - ?::int AS quantity_before, reorder_level AS reorder_level_before),
      moved AS (${moved.sql}),
      alerted AS (${logStockAlertFrom('adjusted')}),
      logged AS (${logFrom('adjusted', 'stock_adjusted', `jsonb_build_object('delta', ?::int, 'quantity', quantity, 'reason', ?::text)`)})
      SELECT ${PRODUCT_COLUMNS} FROM adjusted`,
    values: [delta, id, ownerId, delta, limits.min, limits.max, delta, ...moved.values, delta, movement.reason],
  };
}

/**
 * A stocktake: the counted quantity becomes the product's, and the difference
 * is recorded as a COUNT movement. A count equal to the current quantity still
 * records the stocktake (a movement of 0) but leaves the version alone, so an
 * edit open in a form is not refused for it. The row as it was is read under
 * a row lock, so the difference is taken from the quantity this count
 * replaces, even when a sale landed while the statement waited. No row back
 * means the product is missing or someone else's.
 */
export function countStockStatement(id: string, ownerId: string, quantity: number, note: string | null): Statement {
  const moved = movementFrom('counted', { delta: 'delta', reason: 'COUNT', note });
  return {
    sql: `WITH before AS (SELECT id, quantity FROM products WHERE id = ? AND owner_id = ? AND ${LIVE} FOR UPDATE),
      counted AS (
        UPDATE products SET quantity = ?,
          version = products.version + CASE WHEN before.quantity = ? THEN 0 ELSE 1 END,
          updated_at = CASE WHEN before.quantity = ? THEN products.updated_at ELSE now() END
        FROM before WHERE products.id = before.id
        RETURNING products.*, products.quantity - before.quantity AS delta, before.quantity AS quantity_before, products.reorder_level AS reorder_level_before),
      moved AS (${moved.sql}),
      alerted AS (${logStockAlertFrom('counted')}),
      logged AS (${logFrom('counted', 'stock_adjusted', `jsonb_build_object('delta', delta, 'quantity', quantity, 'reason', 'COUNT')`)})
      SELECT ${PRODUCT_COLUMNS} FROM counted`,
    values: [id, ownerId, quantity, quantity, quantity, ...moved.values],
  };
}
