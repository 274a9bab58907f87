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
 * triggers apply it to the stock level at `location` (null: the workspace's
 * default location), refusing a level below 0, and record the movement and
 * the entry (the change, the quantity left, the reason). No row back means
 * the product is missing, someone else's, short of stock, or the location is
 * not the workspace's.
 */
export function adjustStockStatement(
  id: string,
  workspaceId: string,
  delta: number,
  limits: { min: number; max: number },
  movement: MovementNote,
  actor: string,
  location: string | null = null,
): Statement {
  const change = lastChange({ actor, kind: 'stock', ...movement, location });
  return {
    sql: `UPDATE products SET quantity = quantity + ?, version = version + 1, updated_at = now(), last_change = ${change.sql}
      WHERE id = ? AND workspace_id = ? AND ${LIVE} AND quantity + ? BETWEEN ? AND ?
        AND (?::uuid IS NULL OR EXISTS (SELECT 1 FROM locations WHERE id = ? AND workspace_id = products.workspace_id))
      RETURNING ${PRODUCT_COLUMNS}`,
    values: [delta, ...change.values, id, workspaceId, delta, limits.min, limits.max, location, location],
    prepared: true,
  };
}

/**
 * A stocktake at one location (null: the default one): the counted quantity
 * becomes the level there, and the product's quantity moves by the
 * difference, recorded as a COUNT movement measured by the triggers against
 * the level this count replaces. A level changed by a sale that landed while
 * the statement waited is refused as a serialization failure, and the count
 * is made again after locking the product (lockProductStatement). A count equal to the level still records the stocktake (a
 * movement of 0) but leaves the version alone, so an edit open in a form is
 * not refused for it. No row back means the product is missing or someone
 * else's, the location is not the workspace's, or the total would pass `max`.
 */
export function countStockStatement(id: string, workspaceId: string, quantity: number, note: string | null, actor: string, location: string | null, max: number): Statement {
  const change = lastChange({ actor, kind: 'stock', reason: 'COUNT', note, location, counted: quantity });
  return {
    sql: `WITH here AS (
        SELECT coalesce((SELECT s.quantity FROM stock_levels AS s WHERE s.product_id = ? AND s.location_id = l.id), 0) AS level
        FROM locations AS l WHERE l.workspace_id = ? AND l.id = coalesce(?::uuid, (SELECT d.id FROM locations AS d WHERE d.workspace_id = ? AND d.is_default)))
      UPDATE products SET quantity = quantity - here.level + ?,
        version = version + CASE WHEN here.level = ? THEN 0 ELSE 1 END,
        updated_at = CASE WHEN here.level = ? THEN updated_at ELSE now() END,
        last_change = ${change.sql}
      FROM here
      WHERE id = ? AND workspace_id = ? AND ${LIVE} AND quantity - here.level + ? <= ?
      RETURNING ${PRODUCT_COLUMNS}`,
    values: [id, workspaceId, location, workspaceId, quantity, quantity, quantity, ...change.values, id, workspaceId, quantity, max],
    prepared: true,
  };
}

/** Holds a product of the workspace until the transaction ends: a count after it reads its level as it stays. */
export function lockProductStatement(id: string, workspaceId: string): Statement {
  return { sql: `SELECT id FROM products WHERE id = ? AND workspace_id = ? AND ${LIVE} FOR UPDATE`, values: [id, workspaceId] };
}
