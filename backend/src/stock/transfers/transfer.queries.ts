import type { Statement } from '../../db/sql';
import { lastChange } from '../../product-record/product-change';
import { LIVE, PRODUCT_COLUMNS } from '../../product-record/product-columns';

/**
 * The SQL of a transfer: stock moving between two locations of a workspace.
 * One UPDATE of the products it moves, which changes no quantity; the
 * triggers on products move the levels (refusing one below 0, naming the
 * location) and write two movements per product, TRANSFER_OUT and
 * TRANSFER_IN, sharing the transfer's id.
 */

export interface TransferPlan {
  transferId: string;
  from: string;
  to: string;
  note: string | null;
  actor: string;
}

/** Both locations are the workspace's. */
const BOTH_LOCATIONS = '(SELECT count(*) FROM locations WHERE workspace_id = ? AND id IN (?::uuid, ?::uuid)) = 2';

/** One product's transfer of `quantity`; no row back means the product or a location is not the workspace's. */
export function transferStatement(productId: string, workspaceId: string, quantity: number, plan: TransferPlan): Statement {
  const change = lastChange({ actor: plan.actor, kind: 'transfer', note: plan.note, transfer: { id: plan.transferId, from: plan.from, to: plan.to, quantity } });
  return {
    sql: `UPDATE products SET last_change = ${change.sql}
      WHERE id = ? AND workspace_id = ? AND ${LIVE} AND ${BOTH_LOCATIONS}
      RETURNING ${PRODUCT_COLUMNS}`,
    values: [...change.values, productId, workspaceId, workspaceId, plan.from, plan.to],
    prepared: true,
  };
}

/**
 * Many products' transfer, all or nothing: the rows are locked in id order
 * (two transfers of the same products never wait on each other in a circle),
 * and nothing is written unless every product is a live one of the workspace
 * and both locations are its. Answers the ids it moved.
 */
export function transferBatchStatement(workspaceId: string, lines: Array<{ productId: string; quantity: number }>, plan: TransferPlan): Statement {
  const change = lastChange({ actor: plan.actor, kind: 'transfer', note: plan.note, transfer: { id: plan.transferId, from: plan.from, to: plan.to } });
  return {
    sql: `WITH lines AS (SELECT * FROM unnest(?::uuid[], ?::int[]) AS l(product_id, quantity)),
      locked AS (SELECT id FROM products WHERE id IN (SELECT product_id FROM lines) AND workspace_id = ? AND ${LIVE} ORDER BY id FOR UPDATE),
      ready AS (SELECT (SELECT count(*) FROM locked) = ? AND ${BOTH_LOCATIONS} AS ok)
      UPDATE products AS p SET last_change = jsonb_set(${change.sql}, '{transfer,quantity}', to_jsonb(lines.quantity))
      FROM lines, ready
      WHERE p.id = lines.product_id AND p.workspace_id = ? AND p.${LIVE} AND ready.ok
      RETURNING p.id`,
    values: [lines.map((line) => line.productId), lines.map((line) => line.quantity), workspaceId, lines.length, workspaceId, plan.from, plan.to, ...change.values, workspaceId],
  };
}
