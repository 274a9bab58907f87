import type { Statement } from '../../db/sql';
import { lastChange } from '../../product-record/product-change';
import { LIVE } from '../../product-record/product-columns';
import { ledgerPositionOf } from '../ledger-position';

/**
 * The SQL that reads the ledger at a position and books stock count lines.
 * A level's quantity at a ledger position is its quantity now less what
 * moved there after the position (the ledger keeps each level the sum of
 * its movements), which reads only the few movements since the count.
 */

/** (product, location, position) triples as three arrays for unnest. */
export interface PlaceArrays {
  productIds: string[];
  locationIds: string[];
  positions: string[];
}

/**
 * For each place: the level's quantity at the position, its quantity now,
 * the id of the newest movement there ('0' when none), and the product's
 * name, SKU, price and whether it is live (no product row: purged).
 */
export function placesAtPositionsStatement(workspaceId: string, places: PlaceArrays): Statement {
  return {
    sql: `SELECT k.product_id AS "productId", k.location_id AS "locationId", k.position::text AS position, lv.level,
        lv.level - coalesce((SELECT sum(m.delta) FROM stock_movements AS m
          WHERE m.product_id = k.product_id AND m.location_id = k.location_id AND m.workspace_id = ? AND m.id > k.position), 0)::int AS "atPosition",
        ${ledgerPositionOf('k')} AS "newestPosition",
        p.name, p.sku, p.price::float8 AS price, p.quantity AS total, p.${LIVE} AS live, p.id IS NOT NULL AS exists
      FROM (SELECT *, ?::uuid AS workspace_id FROM unnest(?::uuid[], ?::uuid[], ?::bigint[]) AS u(product_id, location_id, position)) AS k
      CROSS JOIN LATERAL (SELECT coalesce((SELECT s.quantity FROM stock_levels AS s WHERE s.product_id = k.product_id AND s.location_id = k.location_id AND s.workspace_id = ?), 0) AS level) AS lv
      LEFT JOIN products AS p ON p.id = k.product_id AND p.workspace_id = ?`,
    values: [workspaceId, workspaceId, places.productIds, places.locationIds, places.positions, workspaceId, workspaceId],
  };
}

/**
 * Live products' levels holding stock in a workspace, at `locationIds` (null:
 * anywhere), of `category` (null: any), with the product's name, SKU and price.
 */
export function stockedLevelsStatement(workspaceId: string, locationIds: string[] | null, category: string | null): Statement {
  return {
    sql: `SELECT s.product_id AS "productId", s.location_id AS "locationId", s.quantity, p.name, p.sku, p.price::float8 AS price
      FROM stock_levels AS s JOIN products AS p ON p.id = s.product_id AND p.workspace_id = s.workspace_id
      WHERE s.workspace_id = ? AND s.quantity > 0 AND p.${LIVE}
        AND (?::uuid[] IS NULL OR s.location_id = ANY(?::uuid[])) AND (?::text IS NULL OR p.category = ?)
      ORDER BY lower(p.name), p.id, s.location_id`,
    values: [workspaceId, locationIds, locationIds, category, category],
  };
}

/** Holds the workspace's products (live or in the trash) until the transaction ends, in id order so two bookings never wait in a circle. */
export function lockProductsStatement(workspaceId: string, productIds: string[]): Statement {
  return { sql: 'SELECT id FROM products WHERE id = ANY(?::uuid[]) AND workspace_id = ? ORDER BY id FOR UPDATE', values: [productIds, workspaceId] };
}

/**
 * Books counts, at most one per product: each product's quantity moves by
 * its `delta`, and the triggers write a COUNT movement of it at its location
 * (0 included: the count happened) and check that the level there ends at
 * `levelAfter`. A count that finds what was expected leaves the version
 * alone, as a stocktake does. Answers the ids it booked.
 */
export function bookCountsStatement(workspaceId: string, actor: string, bookings: Array<{ productId: string; locationId: string; delta: number; levelAfter: number }>): Statement {
  const change = lastChange({ actor, kind: 'stock', reason: 'COUNT' });
  return {
    sql: `UPDATE products AS p SET quantity = p.quantity + b.delta,
        version = p.version + CASE WHEN b.delta = 0 THEN 0 ELSE 1 END,
        updated_at = CASE WHEN b.delta = 0 THEN p.updated_at ELSE now() END,
        last_change = ${change.sql} || jsonb_build_object('location', b.location_id, 'counted', b.level_after)
      FROM unnest(?::uuid[], ?::uuid[], ?::int[], ?::int[]) AS b(product_id, location_id, delta, level_after)
      WHERE p.id = b.product_id AND p.workspace_id = ? AND p.${LIVE}
      RETURNING p.id`,
    values: [
      ...change.values,
      bookings.map((b) => b.productId),
      bookings.map((b) => b.locationId),
      bookings.map((b) => b.delta),
      bookings.map((b) => b.levelAfter),
      workspaceId,
    ],
  };
}

/** The newest movement of each (product, location): read while the products are held, the COUNT just booked there. */
export function newestMovementsStatement(workspaceId: string, places: Array<{ productId: string; locationId: string }>): Statement {
  return {
    sql: `SELECT k.product_id AS "productId", k.location_id AS "locationId", ${ledgerPositionOf('k')} AS "movementId"
      FROM (SELECT *, ?::uuid AS workspace_id FROM unnest(?::uuid[], ?::uuid[]) AS u(product_id, location_id)) AS k`,
    values: [workspaceId, places.map((p) => p.productId), places.map((p) => p.locationId)],
  };
}
