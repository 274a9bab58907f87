import type { StockMovementReason } from '@stockroom/schema';
import type { Statement } from '../db/sql';

/**
 * What a product write records beyond the row (its stock movement, its
 * activity entry, a crossing into low stock, the totals and the events) is
 * written by the triggers on `products` (db/triggers/*.sql), whatever
 * statement changed the rows. What the rows cannot tell them, the write puts
 * in the rows it writes: `last_change`, set by the same INSERT or UPDATE, so
 * it costs no statement of its own.
 */
export interface ProductChange {
  /** Who made the change. */
  actor: string;
  /**
   * The activity the write logs: 'create' (product_created), 'edit'
   * (product_updated naming the fields that changed), 'stock' (stock_adjusted;
   * its movement is recorded even for a change of 0, as a count that found
   * what was expected), 'import' (one products_imported entry with the
   * counts) or 'trash' (to or from the trash: product_deleted or
   * product_restored, as deleted_at says) or 'transfer' (no entry: the
   * total stays; `transfer` says what moved).
   */
  kind: 'create' | 'edit' | 'stock' | 'import' | 'trash' | 'transfer';
  /** The movement's reason when the quantity changes (left out: INITIAL for a new product, CORRECTION for an edit). */
  reason?: StockMovementReason;
  /** The reason the activity entry gives, when it is not the movement's (a bulk adjustment's movement is BULK). */
  entryReason?: string;
  note?: string | null;
  /** Where the stock moved; left out: the workspace's default location. */
  location?: string | null;
  /** A count at `location`: the quantity found there, which the level must end at. */
  counted?: number;
  /** Of a 'transfer': which transfer, from and to where, and how many (left out: each row's own, set by the statement). */
  transfer?: { id: string; from: string; to: string; quantity?: number };
  /** Of an 'import': a further stock level of a product the import wrote already, which the import's entry does not count again. */
  level?: true;
}

/**
 * The value of `last_change` for a write: an SQL expression with its `?`
 * values. It carries the statement's start time, which is how the triggers
 * know it was this statement that wrote it. A write without one records
 * no movement and no activity (the totals and the events follow it still):
 * every product write of the app sets it.
 */
export function lastChange(change: ProductChange): Statement {
  const { actor, kind, reason, entryReason, note, location, counted, transfer, level } = change;
  return {
    sql: `(?::jsonb || jsonb_build_object('at', statement_timestamp()))`,
    values: [JSON.stringify({ actor, kind, reason, entryReason, note: note ?? undefined, location: location ?? undefined, counted, transfer, level })],
  };
}
