import type { Statement } from '../db/sql';
import { PRODUCT_COLUMNS } from '../product-record/product-columns';

/** A pending event as the relay reads it, the product already in the API's columns. */
export interface PendingEventRow {
  id: string;
  type: string;
  workspaceId: string;
  createdAt: string | Date;
  product: Record<string, unknown>;
}

/**
 * The oldest pending events, locked for this transaction; another relay
 * skips them rather than waiting, so several instances share the work
 * without handing an event on twice. The stored row is shown through the
 * product list's own columns, so a webhook sees the product as the API does.
 */
export function claimPendingEventsStatement(limit: number): Statement {
  return {
    sql: `SELECT e.id, e.type, e.workspace_id AS "workspaceId", e.created_at AS "createdAt",
        (SELECT to_jsonb(v) FROM (SELECT ${PRODUCT_COLUMNS} FROM jsonb_populate_record(NULL::products, e.product)) v) AS product
      FROM events e ORDER BY e.created_at, e.id LIMIT ? FOR UPDATE OF e SKIP LOCKED`,
    values: [limit],
  };
}

export function deleteEventsStatement(ids: string[]): Statement {
  return { sql: 'DELETE FROM events WHERE id = ANY(?::uuid[])', values: [ids] };
}
