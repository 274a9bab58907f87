import type { StockMovementReason } from '@stockroom/schema';
import type { Statement } from '../db/sql';

/**
 * The SQL behind the stock ledger. A product write that changes the quantity
 * adds its movement as a CTE of that very statement (`movementFrom`), beside
 * its activity entry: the change and its movement commit together or not at
 * all, so a product's movements always sum to its quantity.
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

/** The columns of a movement as both transports send it (the user is nested by the service). */
const MOVEMENT_COLUMNS = `m.id::text AS id, m.delta, m.quantity_after AS "quantityAfter", m.reason, m.note, m.created_at AS "createdAt",
  u.id AS "userId", trim(u.first_name || ' ' || u.last_name) AS "userFullName"`;

/** One page of a product's movements, newest first (the index on product and id serves it). */
export function movementPageStatement(productId: string, limit: number, offset: number): Statement {
  return {
    sql: `SELECT ${MOVEMENT_COLUMNS} FROM stock_movements AS m LEFT JOIN users AS u ON u.id = m.user_id
      WHERE m.product_id = ? ORDER BY m.id DESC LIMIT ? OFFSET ?`,
    values: [productId, limit, offset],
  };
}

/** How many movements a product has (at least its INITIAL one). */
export function movementCountStatement(productId: string): Statement {
  return { sql: 'SELECT count(*)::int AS total FROM stock_movements WHERE product_id = ?', values: [productId] };
}
