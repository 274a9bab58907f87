import { TRASH_RETENTION_DAYS } from '@stockroom/schema';
import type { Statement } from '../../db/sql';
import { lastChange } from '../../product-record/product-change';
import { PRODUCT_COLUMNS } from '../../product-record/product-columns';

/**
 * The SQL of the trash. A trashed product is its row with `deleted_at` set;
 * the catalogue's queries never read it (their WHERE clauses and indexes are
 * on live rows), these statements read nothing else. Each write is one
 * statement, so a restore or a purge of many is all or nothing.
 */

/** The columns of a trashed product as both transports send it (see product-trash.types.ts). */
const TRASHED_COLUMNS = `id, name, sku, barcode, category, price::float8 AS price, quantity, image_url AS "imageUrl",
  deleted_at AS "deletedAt", deleted_at + make_interval(days => ${TRASH_RETENTION_DAYS}) AS "purgeAt"`;

/** One page of the owner's trash, the most recently deleted first (the owner's trash index, read backwards). */
export function trashedPageStatement(workspaceId: string, limit: number, offset: number): Statement {
  return {
    sql: `SELECT ${TRASHED_COLUMNS} FROM products WHERE workspace_id = ? AND deleted_at IS NOT NULL
      ORDER BY deleted_at DESC, id DESC LIMIT ? OFFSET ?`,
    values: [workspaceId, limit, offset],
  };
}

/** One of the owner's trashed products by id; no row when it is live, someone else's, or gone. */
export function trashedByIdStatement(workspaceId: string, id: string): Statement {
  return { sql: `SELECT ${TRASHED_COLUMNS} FROM products WHERE workspace_id = ? AND id = ? AND deleted_at IS NOT NULL`, values: [workspaceId, id] };
}

export function trashedCountStatement(workspaceId: string): Statement {
  return { sql: 'SELECT count(*)::int AS total FROM products WHERE workspace_id = ? AND deleted_at IS NOT NULL', values: [workspaceId] };
}

/**
 * Brings the owner's trashed products back as they were (id, SKU, stock
 * history, version), each with a 'product_restored' activity entry, only when
 * every id named is one of the owner's products; otherwise none. One already
 * in the catalogue is left as it is (an Undo sent twice restores nothing
 * twice). A SKU that a live product of the owner has taken meanwhile fails
 * the statement on the unique index of live SKUs. Answers the restored
 * products (`rows`), or how many ids matched and how many were restored (`counts`).
 */
export function restoreStatement(workspaceId: string, ids: string[], answer: 'rows' | 'counts', actor: string): Statement {
  const change = lastChange({ actor, kind: 'trash' });
  return {
    sql: `WITH selected AS (SELECT id, deleted_at FROM products WHERE workspace_id = ? AND id = ANY(?::uuid[]) FOR UPDATE),
      restored AS (
        UPDATE products SET deleted_at = NULL, last_change = ${change.sql} FROM selected
        WHERE products.id = selected.id AND selected.deleted_at IS NOT NULL AND (SELECT count(*) FROM selected) = ?
        RETURNING products.*)
      ${answer === 'rows' ? `SELECT ${PRODUCT_COLUMNS} FROM restored` : 'SELECT (SELECT count(*) FROM selected)::int AS matched, (SELECT count(*) FROM restored)::int AS affected'}`,
    values: [workspaceId, ids, ...change.values, ids.length],
  };
}

/**
 * Brings back the owner's products that one delete moved to the trash: those
 * whose deleted_at is the delete's trash batch (trash-batch.ts), found
 * on the owner's trash index. As restoreStatement, with each its activity
 * entry; one restored since, or deleted for good, is simply not there.
 */
export function restoreTrashBatchStatement(workspaceId: string, batch: string, actor: string): Statement {
  const change = lastChange({ actor, kind: 'trash' });
  return {
    sql: `WITH restored AS (
        UPDATE products SET deleted_at = NULL, last_change = ${change.sql} WHERE workspace_id = ? AND deleted_at = ?::timestamptz
        RETURNING 1)
      SELECT count(*)::int AS affected FROM restored`,
    values: [...change.values, workspaceId, batch],
  };
}

/**
 * Deletes the owner's products for good, in the trash or not, only when every
 * id named is one of theirs; otherwise none. Their stock movements go with
 * them. One still in the catalogue logs its deletion as a delete does; one in
 * the trash logged it when it was trashed.
 */
export function purgeStatement(workspaceId: string, ids: string[]): Statement {
  return {
    sql: `WITH selected AS (SELECT id FROM products WHERE workspace_id = ? AND id = ANY(?::uuid[]) FOR UPDATE),
      removed AS (
        DELETE FROM products USING selected WHERE products.id = selected.id AND (SELECT count(*) FROM selected) = ?
        RETURNING 1)
      SELECT (SELECT count(*) FROM selected)::int AS matched, (SELECT count(*) FROM removed)::int AS affected`,
    values: [workspaceId, ids, ids.length],
  };
}

/** Deletes everything in the owner's trash for good; answers how many. */
export function emptyTrashStatement(workspaceId: string): Statement {
  return {
    sql: `WITH removed AS (DELETE FROM products WHERE workspace_id = ? AND deleted_at IS NOT NULL RETURNING 1)
      SELECT count(*)::int AS affected FROM removed`,
    values: [workspaceId],
  };
}

/**
 * Deletes up to `limit` products, of any owner, trashed before `cutoff`:
 * housekeeping repeats it until a batch comes back short, so no one
 * statement holds locks on a huge purge. Rows another run is deleting at the
 * same moment are skipped rather than waited for.
 */
export function purgeExpiredStatement(cutoff: Date, limit: number): Statement {
  return {
    sql: `WITH removed AS (
        DELETE FROM products WHERE id IN (SELECT id FROM products WHERE deleted_at < ? ORDER BY deleted_at LIMIT ? FOR UPDATE SKIP LOCKED)
        RETURNING 1)
      SELECT count(*)::int AS purged FROM removed`,
    values: [cutoff, limit],
  };
}
