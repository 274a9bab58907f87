import type { Statement } from '../db/sql';
import { LIVE } from '../product-record/product-columns';

/**
 * What each location of a workspace holds, its sub-locations counted in: the
 * live products with stock there (each once, however many of its
 * sub-locations hold some) and the value of that stock at today's prices,
 * summed as the catalogue's inventory value is (float8). A location holding
 * nothing has a row of zeros.
 */
export function locationFiguresStatement(workspaceId: string): Statement {
  return {
    sql: `WITH RECURSIVE below AS (
        SELECT id AS top, id FROM locations WHERE workspace_id = ?
        UNION ALL
        SELECT below.top, l.id FROM locations AS l JOIN below ON l.parent_id = below.id WHERE l.workspace_id = ?)
      SELECT below.top AS id, count(DISTINCT p.id)::int AS "itemCount", coalesce(sum(s.quantity * p.price), 0)::float8 AS "stockValue"
      FROM below
      LEFT JOIN (stock_levels AS s JOIN products AS p ON p.id = s.product_id AND p.workspace_id = ? AND p.${LIVE})
        ON s.location_id = below.id AND s.workspace_id = ? AND s.quantity > 0
      GROUP BY below.top`,
    values: [workspaceId, workspaceId, workspaceId, workspaceId],
  };
}

/**
 * What the figures depend on besides the stock itself: the catalogue's write count (every product write, a
 * transfer, a price, the trash, bumps it) and the tree's shape (a location moved elsewhere carries its stock to
 * other ancestors). Equal versions, equal figures; one small statement against the aggregate of every level.
 */
export function locationFiguresVersionStatement(workspaceId: string): Statement {
  return {
    sql: `SELECT coalesce((SELECT changes FROM catalogue_stats WHERE workspace_id = ?), 0)::text
        || '/' || coalesce((SELECT string_agg(id::text || '<' || coalesce(parent_id::text, ''), ',' ORDER BY id) FROM locations WHERE workspace_id = ?), '') AS version`,
    values: [workspaceId, workspaceId],
  };
}
