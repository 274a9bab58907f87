import type { StockCountLineStatus, StockCountStatus } from '@stockroom/schema';
import type { Statement } from '../db/sql';
import { LIVE } from '../product-record/product-columns';
import { ledgerPositionOf } from '../stock/ledger-position';

/**
 * The SQL of stock counts and their lines. The stock they book is written
 * through the stock module's service (stock/count-ledger/count-ledger.service.ts); these
 * statements read and write the counts' own rows.
 */

/** A count as both transports send it (its location's path is added from the tree). */
const COUNT_COLUMNS = `c.id, c.status, c.blind, c.location_id AS "locationId", c.category, c.created_at AS "createdAt", c.submitted_at AS "submittedAt", c.closed_at AS "closedAt",
  cu.id AS "createdById", trim(cu.first_name || ' ' || cu.last_name) AS "createdByName",
  xu.id AS "closedById", trim(xu.first_name || ' ' || xu.last_name) AS "closedByName",
  (SELECT count(*)::int FROM stock_count_lines AS l WHERE l.workspace_id = c.workspace_id AND l.count_id = c.id) AS "lineCount"`;
const COUNT_SOURCE = 'stock_counts AS c LEFT JOIN users AS cu ON cu.id = c.created_by_id LEFT JOIN users AS xu ON xu.id = c.closed_by_id';

/** A line as both transports send it (its location's path is added from the tree); the product's name is null once it is purged. */
const LINE_COLUMNS = `l.id, l.product_id AS "productId", p.name AS "productName", p.sku AS "productSku", l.location_id AS "locationId", l.quantity,
  l.ledger_position::text AS "ledgerPosition", l.counted_at AS "countedAt", u.id AS "countedById", trim(u.first_name || ' ' || u.last_name) AS "countedByName",
  l.replaces_id AS "replaces", l.status, l.movement_id::text AS "movementId", l.uncounted`;
const LINE_SOURCE = 'stock_count_lines AS l LEFT JOIN products AS p ON p.id = l.product_id AND p.workspace_id = l.workspace_id LEFT JOIN users AS u ON u.id = l.counted_by_id';

export function insertCountStatement(id: string, workspaceId: string, scope: { locationId: string | null; category: string | null; blind: boolean }, actor: string): Statement {
  return {
    sql: `INSERT INTO stock_counts (id, workspace_id, status, blind, location_id, category, created_by_id) VALUES (?, ?, 'OPEN', ?, ?, ?, ?)`,
    values: [id, workspaceId, scope.blind, scope.locationId, scope.category, actor],
  };
}

/** One count of the workspace; no row when it is missing or another workspace's. */
export function countStatement(id: string, workspaceId: string): Statement {
  return { sql: `SELECT ${COUNT_COLUMNS} FROM ${COUNT_SOURCE} WHERE c.id = ? AND c.workspace_id = ?`, values: [id, workspaceId] };
}

/** A page of the workspace's counts, newest first (the index on workspace and creation serves it). */
export function countPageStatement(workspaceId: string, limit: number, offset: number): Statement {
  return {
    sql: `SELECT ${COUNT_COLUMNS} FROM ${COUNT_SOURCE} WHERE c.workspace_id = ? ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`,
    values: [workspaceId, limit, offset],
  };
}

export function countTotalStatement(workspaceId: string): Statement {
  return { sql: 'SELECT count(*)::int AS total FROM stock_counts WHERE workspace_id = ?', values: [workspaceId] };
}

/** A count's lines in the order they were recorded. */
export function linesStatement(countId: string, workspaceId: string): Statement {
  return { sql: `SELECT ${LINE_COLUMNS} FROM ${LINE_SOURCE} WHERE l.workspace_id = ? AND l.count_id = ? ORDER BY l.created_at, l.id`, values: [workspaceId, countId] };
}

/** One line of a workspace's count. */
export function lineStatement(id: string, workspaceId: string): Statement {
  return { sql: `SELECT ${LINE_COLUMNS} FROM ${LINE_SOURCE} WHERE l.id = ? AND l.workspace_id = ?`, values: [id, workspaceId] };
}

/** The count's status, scope and blindness; held until the transaction ends (FOR UPDATE) when `lock`. */
export function countStateStatement(id: string, workspaceId: string, lock: boolean): Statement {
  return {
    sql: `SELECT status, blind, location_id AS "locationId", category FROM stock_counts WHERE id = ? AND workspace_id = ?${lock ? ' FOR UPDATE' : ''}`,
    values: [id, workspaceId],
  };
}

export interface NewLine {
  id: string;
  countId: string;
  productId: string;
  locationId: string;
  quantity: number;
  ledgerPosition: string;
  /** null: now. */
  countedAt: Date | null;
  actor: string;
  replaces: string | null;
}

/**
 * Records a line, only while its count is OPEN: the count is held (FOR
 * SHARE) until the line commits, so a submit, an approval or a cancel waits
 * for it and then sees it. A line that replaces another marks that one
 * REPLACED in the same statement, only if it is a pending line of the same
 * product and location. No row back: the count is not OPEN (or not the
 * workspace's), or the replaced line is not one to replace.
 */
export function insertLineStatement(workspaceId: string, line: NewLine): Statement {
  return {
    sql: `WITH open_count AS (SELECT id FROM stock_counts WHERE id = ? AND workspace_id = ? AND status = 'OPEN' FOR SHARE),
      replaced AS (
        UPDATE stock_count_lines SET status = 'REPLACED'
        WHERE ?::uuid IS NOT NULL AND id = ? AND workspace_id = ? AND count_id IN (SELECT id FROM open_count)
          AND status = 'PENDING' AND product_id = ? AND location_id = ?
        RETURNING id)
      INSERT INTO stock_count_lines (id, workspace_id, count_id, product_id, location_id, quantity, ledger_position, counted_at, counted_by_id, replaces_id)
      SELECT ?, ?, open_count.id, ?, ?, ?, ?::bigint, coalesce(?::timestamptz, now()), ?, ? FROM open_count
      WHERE ?::uuid IS NULL OR EXISTS (SELECT 1 FROM replaced)
      RETURNING id`,
    values: [
      line.countId,
      workspaceId,
      line.replaces,
      line.replaces,
      workspaceId,
      line.productId,
      line.locationId,
      line.id,
      workspaceId,
      line.productId,
      line.locationId,
      line.quantity,
      line.ledgerPosition,
      line.countedAt,
      line.actor,
      line.replaces,
      line.replaces,
    ],
  };
}

/** Moves a count from one of `from` to `to`, stamping when (and who, on closing); no row back when it was in none of them. */
export function moveCountStatement(id: string, workspaceId: string, from: StockCountStatus[], to: StockCountStatus, actor: string): Statement {
  const stamp = to === 'IN_REVIEW' ? 'submitted_at = now()' : 'closed_at = now(), closed_by_id = ?';
  return {
    sql: `UPDATE stock_counts SET status = ?, ${stamp} WHERE id = ? AND workspace_id = ? AND status = ANY(?::text[]) RETURNING id`,
    values: [to, ...(to === 'IN_REVIEW' ? [] : [actor]), id, workspaceId, from],
  };
}

/**
 * A count's lines as its review and its approval weigh them: each one's
 * place, quantity, position and status (the approval reads them after
 * holding the count, so none is being added meanwhile).
 */
export function countLinesStatement(countId: string, workspaceId: string): Statement {
  return {
    sql: `SELECT id, product_id AS "productId", location_id AS "locationId", quantity, ledger_position::text AS "ledgerPosition", status
      FROM stock_count_lines WHERE workspace_id = ? AND count_id = ? ORDER BY created_at, id`,
    values: [workspaceId, countId],
  };
}

/** Settles lines: each its status and, when booked, its movement. */
export function settleLinesStatement(workspaceId: string, settled: Array<{ id: string; status: StockCountLineStatus; movementId: string | null }>): Statement {
  return {
    sql: `UPDATE stock_count_lines AS l SET status = s.status, movement_id = s.movement_id
      FROM unnest(?::uuid[], ?::text[], ?::bigint[]) AS s(id, status, movement_id)
      WHERE l.id = s.id AND l.workspace_id = ?`,
    values: [settled.map((line) => line.id), settled.map((line) => line.status), settled.map((line) => line.movementId), workspaceId],
  };
}

/** The lines an approval writes for stock no one counted, booked as 0 (`uncounted`), each with its outcome. */
export function insertUncountedLinesStatement(
  workspaceId: string,
  countId: string,
  actor: string,
  lines: Array<{ id: string; productId: string; locationId: string; ledgerPosition: string; status: StockCountLineStatus; movementId: string | null }>,
): Statement {
  return {
    sql: `INSERT INTO stock_count_lines (id, workspace_id, count_id, product_id, location_id, quantity, ledger_position, counted_at, counted_by_id, status, movement_id, uncounted)
      SELECT u.id, ?, ?, u.product_id, u.location_id, 0, u.ledger_position, now(), ?, u.status, u.movement_id, true
      FROM unnest(?::uuid[], ?::uuid[], ?::uuid[], ?::bigint[], ?::text[], ?::bigint[]) AS u(id, product_id, location_id, ledger_position, status, movement_id)`,
    values: [
      workspaceId,
      countId,
      actor,
      lines.map((line) => line.id),
      lines.map((line) => line.productId),
      lines.map((line) => line.locationId),
      lines.map((line) => line.ledgerPosition),
      lines.map((line) => line.status),
      lines.map((line) => line.movementId),
    ],
  };
}

/** A cancelled count's pending lines are cancelled with it (run after the count is moved, so a line that was being added is seen). */
export function cancelLinesStatement(countId: string, workspaceId: string): Statement {
  return { sql: `UPDATE stock_count_lines SET status = 'CANCELLED' WHERE workspace_id = ? AND count_id = ? AND status = 'PENDING'`, values: [workspaceId, countId] };
}

/**
 * The stock a count's scope holds, for counting with no network: every live product of `category`
 * (null: any), each with its levels holding stock at `locationIds` (null: anywhere) and their ledger
 * positions, read in one statement so that every position and quantity is of the same moment. A
 * product holding none there has one row with a null location.
 */
export function scopeStockStatement(workspaceId: string, locationIds: string[] | null, category: string | null): Statement {
  return {
    sql: `SELECT p.id AS "productId", s.location_id AS "locationId", s.quantity, CASE WHEN s.location_id IS NULL THEN NULL ELSE ${ledgerPositionOf('s')} END AS "ledgerPosition"
      FROM products AS p
      LEFT JOIN stock_levels AS s ON s.product_id = p.id AND s.workspace_id = p.workspace_id AND s.quantity <> 0 AND (?::uuid[] IS NULL OR s.location_id = ANY(?::uuid[]))
      WHERE p.workspace_id = ? AND p.${LIVE} AND (?::text IS NULL OR p.category = ?)
      ORDER BY p.id, s.location_id`,
    values: [locationIds, locationIds, workspaceId, category, category],
  };
}
