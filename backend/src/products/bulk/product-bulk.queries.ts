import { writableField } from '@stockroom/schema';
import type { Statement } from '../../db/sql';
import { lastChange } from '../../product-record/product-change';
import { LIVE } from '../../product-record/product-columns';
import { where, type ProductFilter } from '../list-query/product-list.queries';
import { TRASH_BATCH_OF_NOW } from './trash-batch';

/**
 * The SQL of changes made to many products at once. Each is one statement, so
 * it is all or nothing: the selected rows are locked first, and the change
 * applies only when every one of them is the caller's and every one can take
 * it; otherwise nothing is written and the counts say why.
 */

/** The caller's products by id (`expected` is how many distinct ids were named), or every one the list's filter matches. */
export type BulkSelection = { workspaceId: string; ids: string[] } | { filter: ProductFilter };

/** What every bulk statement answers: how many rows it selected, how many it changed, and (a stock change) how many could not take it. */
export interface BulkCounts {
  matched: number;
  affected: number;
  short: number;
  /** A delete's: the moment its products went to the trash, which names them for Undo (restoreTrashBatchStatement). */
  trashBatch?: string | null;
  /** A price change's: the first price out of its limits fell below the minimum (otherwise above the maximum). */
  tooLow?: boolean;
  /** An update's: names what it replaced, for Undo (undoBulkEditStatement); null when it changed nothing. */
  undoBatch?: string | null;
}

/** `selected`: the rows of the selection, locked for the rest of the statement, with the columns the change needs. */
function selected(selection: BulkSelection, columns: string): Statement {
  if ('ids' in selection) {
    return { sql: `SELECT ${columns} FROM products WHERE workspace_id = ? AND id = ANY(?::uuid[]) AND ${LIVE} FOR UPDATE`, values: [selection.workspaceId, selection.ids] };
  }
  const filter = where(selection.filter);
  return { sql: `SELECT ${columns} FROM products WHERE ${filter.sql} FOR UPDATE`, values: filter.values };
}

/** A selection by ids applies only when all of them were found as the caller's: one that was not means nothing changes. */
function allFound(selection: BulkSelection): Statement {
  return 'ids' in selection ? { sql: ' AND (SELECT count(*) FROM selected) = ?', values: [selection.ids.length] } : { sql: '', values: [] };
}

const counts = (changed: string, short = '0') =>
  `SELECT (SELECT count(*) FROM selected)::int AS matched, (SELECT count(*) FROM ${changed})::int AS affected, ${short}::int AS short`;

/** What a bulk update may set, as the service has cleaned it: the fields left out stay as they are. */
export interface BulkChanges {
  category?: string;
  price?: number;
  /** Moves each price by this percentage, rounded to the cent half away from zero (PostgreSQL's round of a numeric). */
  pricePercent?: number;
  reorderLevel?: number | null;
  featured?: boolean;
}

/** The columns a bulk update may set, by the name of the change. */
const BULK_FIELDS = ['category', 'price', 'reorderLevel', 'featured'] as const;
const BULK_COLUMNS = Object.fromEntries(BULK_FIELDS.map((name) => [name, writableField(name).column])) as Record<(typeof BULK_FIELDS)[number], string>;

/**
 * Sets the given fields (category, price, reorder level, featured) on every
 * selected product, or moves each price by a percentage. Like one product's
 * edit, each product's activity entry names the fields whose value really
 * changed, and a raised reorder level that puts a product into low stock says
 * so. A percentage that takes one price outside `priceLimits` changes none
 * (`short` counts those, `tooLow` says which side the first one fell).
 * What each product had in the fields set is kept in bulk_edits under
 * `batch`, for Undo.
 */
export function bulkUpdateStatement(
  selection: BulkSelection,
  changes: BulkChanges,
  priceLimits: { min: number; max: number },
  actor: string,
  batch: string,
): Statement {
  const { pricePercent, ...plain } = changes;
  const entries = (Object.entries(plain) as Array<[keyof typeof BULK_COLUMNS, unknown]>).filter(([, value]) => value !== undefined);
  const change = lastChange({ actor, kind: 'edit' });
  const moved = pricePercent === undefined ? [] : ['price = selected.new_price'];
  const sets = [...entries.map(([key]) => `${BULK_COLUMNS[key]} = ?`), ...moved, 'version = products.version + 1', 'updated_at = now()', `last_change = ${change.sql}`];
  const replaced = [...new Set([...entries.map(([key]) => BULK_COLUMNS[key]), ...(pricePercent === undefined ? [] : ['price'])])];
  const previous = `jsonb_build_object(${replaced.map((column) => `'${column}', locked.${column}`).join(', ')})`;
  const percent = pricePercent ?? 0;
  const rows = selected(selection, `id, workspace_id, ${Object.values(BULK_COLUMNS).join(', ')}`);
  const found = allFound(selection);
  return {
    sql: `WITH locked AS (${rows.sql}),
      selected AS (SELECT id, round(price * (100 + ?::numeric) / 100, 2) AS new_price FROM locked),
      short AS (SELECT count(*) AS n, bool_or(new_price < ?) AS too_low FROM selected WHERE ?::boolean AND new_price NOT BETWEEN ? AND ?),
      updated AS (
        UPDATE products SET ${sets.join(', ')} FROM selected
        WHERE products.id = selected.id AND (SELECT n FROM short) = 0${found.sql}
        RETURNING products.id, products.version),
      noted AS (
        INSERT INTO bulk_edits (batch, product_id, workspace_id, version, previous)
        SELECT ?::uuid, updated.id, locked.workspace_id, updated.version, ${previous} FROM updated JOIN locked ON locked.id = updated.id)
      ${counts('updated', '(SELECT n FROM short)')}, coalesce((SELECT too_low FROM short), false) AS "tooLow",
        CASE WHEN EXISTS (SELECT 1 FROM updated) THEN ?::text END AS "undoBatch"`,
    values: [
      ...rows.values,
      percent,
      priceLimits.min,
      pricePercent !== undefined,
      priceLimits.min,
      priceLimits.max,
      ...entries.map(([, value]) => value),
      ...change.values,
      ...found.values,
      batch,
      batch,
    ],
  };
}

/**
 * Adds `delta` to every selected product's quantity, each with a BULK
 * movement, only when every one of them stays within the quantity limits:
 * one product short of stock and none changes (`short` counts those).
 */
export function bulkAdjustStockStatement(
  selection: BulkSelection,
  delta: number,
  limits: { min: number; max: number },
  activity: { reason: string; note: string | null },
  actor: string,
): Statement {
  const rows = selected(selection, 'id, quantity');
  const found = allFound(selection);
  const change = lastChange({ actor, kind: 'stock', reason: 'BULK', entryReason: activity.reason, note: activity.note });
  return {
    sql: `WITH selected AS (${rows.sql}),
      short AS (SELECT count(*) AS n FROM selected WHERE quantity + ? NOT BETWEEN ? AND ?),
      adjusted AS (
        UPDATE products SET quantity = products.quantity + ?, version = products.version + 1, updated_at = now(), last_change = ${change.sql} FROM selected
        WHERE products.id = selected.id AND (SELECT n FROM short) = 0${found.sql}
        RETURNING products.id)
      ${counts('adjusted', '(SELECT n FROM short)')}`,
    values: [...rows.values, delta, limits.min, limits.max, delta, ...change.values, ...found.values],
  };
}

/** Moves every selected product to the trash (restorable as one product's delete is), each with its activity entry. */
export function bulkDeleteStatement(selection: BulkSelection, actor: string): Statement {
  const rows = selected(selection, 'id');
  const found = allFound(selection);
  const change = lastChange({ actor, kind: 'trash' });
  return {
    sql: `WITH selected AS (${rows.sql}),
      removed AS (
        UPDATE products SET deleted_at = now(), last_change = ${change.sql} FROM selected WHERE products.id = selected.id${found.sql}
        RETURNING products.id)
      ${counts('removed')}, CASE WHEN EXISTS (SELECT 1 FROM removed) THEN ${TRASH_BATCH_OF_NOW} END AS "trashBatch"`,
    values: [...rows.values, ...change.values, ...found.values],
  };
}

/** The SQL type a replaced value is read back in from bulk_edits.previous, by the field's kind. */
const SQL_TYPES = { text: 'text', money: 'numeric', integer: 'int', boolean: 'boolean' } as const;

/**
 * Undoes one of the workspace's bulk updates: each product it changed gets back
 * the values the update replaced, unless one of those fields has changed
 * since (an edit, another bulk update; a sale changes none of them) or the
 * product is in the trash: those are left as they are. The batch is used up,
 * so a second Undo restores nothing; `matched` counts its products.
 */
export function undoBulkEditStatement(workspaceId: string, batch: string, actor: string): Statement {
  const change = lastChange({ actor, kind: 'edit' });
  const restores = BULK_FIELDS.map((name) => {
    const { column, type } = writableField(name);
    return `${column} = CASE WHEN noted.previous -> '${column}' IS NULL THEN products.${column} ELSE (noted.previous ->> '${column}')::${SQL_TYPES[type]} END`;
  });
  return {
    sql: `WITH noted AS (DELETE FROM bulk_edits WHERE batch = ? AND workspace_id = ? RETURNING product_id, version, previous),
      restored AS (
        UPDATE products SET ${restores.join(', ')}, version = products.version + 1, updated_at = now(), last_change = ${change.sql}
        FROM noted
        WHERE products.id = noted.product_id AND products.workspace_id = ? AND products.${LIVE}
          AND NOT EXISTS (SELECT 1 FROM jsonb_object_keys(noted.previous) AS k WHERE product_field_version(products, product_field_name(k)) > noted.version)
        RETURNING 1)
      SELECT (SELECT count(*) FROM noted)::int AS matched, (SELECT count(*) FROM restored)::int AS affected`,
    values: [batch, workspaceId, ...change.values, workspaceId],
  };
}
