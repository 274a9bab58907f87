import type { Statement } from '../db/sql';
import { ledgerPositionOf } from './ledger-position';

/** The SQL that reads the stock ledger: a product's movements, newest first. The triggers on products write them (db/triggers/product-history.sql). */

/**
 * The columns of a movement as both transports send it (the user is nested by the service). The
 * ledger stores each quantity_after as the running sum of the product's movements, so a transfer's
 * TRANSFER_OUT holds the total less what is on its way; the total never was that (both halves are
 * one statement), so it is read as the total the transfer leaves, as its TRANSFER_IN is.
 */
const MOVEMENT_COLUMNS = `m.id::text AS id, m.delta,
  CASE WHEN m.reason = 'TRANSFER_OUT' THEN m.quantity_after - m.delta ELSE m.quantity_after END AS "quantityAfter", m.reason, m.note, m.created_at AS "createdAt",
  u.id AS "userId", trim(u.first_name || ' ' || u.last_name) AS "userFullName", loc.id AS "locationId", loc.name AS "locationName", m.transfer_id AS "transferId"`;
/** A movement with who made it and where. */
const MOVEMENT_SOURCE = 'stock_movements AS m LEFT JOIN users AS u ON u.id = m.user_id LEFT JOIN locations AS loc ON loc.id = m.location_id';

/** One page of a product's movements in a workspace, newest first (the index on product and id serves it). */
export function movementPageStatement(productId: string, workspaceId: string, limit: number, offset: number): Statement {
  return {
    sql: `SELECT ${MOVEMENT_COLUMNS} FROM ${MOVEMENT_SOURCE}
      WHERE m.product_id = ? AND m.workspace_id = ? ORDER BY m.id DESC LIMIT ? OFFSET ?`,
    values: [productId, workspaceId, limit, offset],
  };
}

/** How many movements a product of the workspace has (at least its INITIAL one). */
export function movementCountStatement(productId: string, workspaceId: string): Statement {
  return { sql: 'SELECT count(*)::int AS total FROM stock_movements WHERE product_id = ? AND workspace_id = ?', values: [productId, workspaceId] };
}

/** The movements of one transfer in a workspace, in the order they were written (each product's TRANSFER_OUT, then its TRANSFER_IN). */
export function transferMovementsStatement(transferId: string, workspaceId: string): Statement {
  return {
    sql: `SELECT ${MOVEMENT_COLUMNS}, m.product_id AS "productId" FROM ${MOVEMENT_SOURCE}
      WHERE m.transfer_id = ? AND m.workspace_id = ? ORDER BY m.id`,
    values: [transferId, workspaceId],
  };
}

/** A product's stock levels in a workspace that hold something, each with its ledger position. */
export function stockLevelsStatement(productId: string, workspaceId: string): Statement {
  return {
    sql: `SELECT s.location_id AS "locationId", s.quantity,
        ${ledgerPositionOf('s')} AS "ledgerPosition"
      FROM stock_levels AS s WHERE s.product_id = ? AND s.workspace_id = ? AND s.quantity <> 0`,
    values: [productId, workspaceId],
  };
}
