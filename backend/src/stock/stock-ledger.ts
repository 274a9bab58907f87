import type { StockMovementReason } from '@stockroom/schema';
import type { Statement } from '../db/sql';

/**
 * How a write records its stock movement, for every module whose writes
 * change a quantity (product create, edit, import, bulk change, and stock's
 * own adjustments and counts). The movement is a CTE of the write's own
 * statement (`movementFrom`), beside its activity entry: the change and its
 * movement commit together or not at all, so a product's movements always
 * sum to its quantity.
 */

/** What a movement records beyond the product row it follows: each an SQL expression over that row, its `?` values in `values`. */
export interface MovementSql {
  /** The signed change, e.g. `?::int` or `quantity - quantity_before`. */
  delta: string;
  reason: StockMovementReason;
  note?: string | null;
  /** A condition on the source rows; only those get a movement (an edit that left the quantity alone records none). */
  where?: string;
}

/**
 * A CTE body that records one movement per row of the CTE `source`, which
 * must return the product's `id`, `owner_id` and new `quantity` (a product
 * write's RETURNING *). Only the owner may change a product, so the owner is
 * who made it. Its `?` values are `values`, in order.
 */
export function movementFrom(source: string, movement: MovementSql, values: unknown[] = []): Statement {
  return {
    sql: `INSERT INTO stock_movements (product_id, owner_id, user_id, delta, quantity_after, reason, note)
        SELECT id, owner_id, owner_id, ${movement.delta}, quantity, ?, ?::varchar FROM ${source}${movement.where ? ` WHERE ${movement.where}` : ''}`,
    values: [...values, movement.reason, movement.note ?? null],
  };
}
