import type { StockMovementReason } from '@stockroom/schema';
import type { Statement } from '../db/sql';
import { lastChange } from '../product-record/product-change';
import { LIVE, PRODUCT_COLUMNS } from '../product-record/product-columns';

/**
 * The SQL of a stock change of one product. Each is one statement, and the
 * product comes back as both transports send it; the triggers on products
 * record its movement, its activity entry and a crossing into low stock in
 * the same transaction.
 */

/** Why a stock change happened and what the person wrote beside it. */
export interface MovementNote {
  reason: StockMovementReason;
  note?: string | null;
}

/**
 * Adds `delta` to the quantity in one statement, only if the result stays
 * within the quantity limits: concurrent sales can never oversell. The
 * movement and the entry (the change, the quantity left, the reason) follow.
 * No row back means the product is missing, someone else's, or short of stock.
 */
export function adjustStockStatement(id: string, workspaceId: string, delta: number, limits: { min: number; max: number }, movement: MovementNote, actor: string): Statement {
  const change = lastChange({ actor, kind: 'stock', ...movement });
  return {
    sql: `UPDATE products SET quantity = quantity + ?, version = version + 1, updated_at = now(), last_change = ${change.sql}
      WHERE id = ? AND workspace_id = ? AND ${LIVE} AND quantity + ? BETWEEN ? AND ?
      RETURNING ${PRODUCT_COLUMNS}`,
    values: [delta, ...change.values, id, workspaceId, delta, limits.min, limits.max],
  };
}

/**
 * A stocktake: the counted quantity becomes the product's, and the difference
 * is recorded as a COUNT movement, measured by the triggers against the
 * quantity this count replaces (even when a sale landed while the statement
 * waited). A count equal to the current quantity still records the stocktake
 * (a movement of 0) but leaves the version alone, so an edit open in a form is
 * not refused for it. No row back means the product is missing or someone else's.
 */
export function countStockStatement(id: string, workspaceId: string, quantity: number, note: string | null, actor: string): Statement {
  const change = lastChange({ actor, kind: 'stock', reason: 'COUNT', note });
  return {
    sql: `UPDATE products SET quantity = ?,
        version = version + CASE WHEN quantity = ? THEN 0 ELSE 1 END,
        updated_at = CASE WHEN quantity = ? THEN updated_at ELSE now() END,
        last_change = ${change.sql}
      WHERE id = ? AND workspace_id = ? AND ${LIVE}
      RETURNING ${PRODUCT_COLUMNS}`,
    values: [quantity, quantity, quantity, ...change.values, id, workspaceId],
  };
}
