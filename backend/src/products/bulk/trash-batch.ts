/**
 * A trash batch names the products one bulk delete moved to the trash: the
 * moment its transaction began, which every one of them carries as its
 * deleted_at, written as ISO 8601 text to the microsecond (a JSON date keeps
 * milliseconds only and would name none of them). The SQL that writes it and
 * the check that reads it back keep to this one format.
 */

/** The current transaction's trash batch, as SQL. */
export const TRASH_BATCH_OF_NOW = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Whether `raw` is a trash batch: that format, and a real moment (no 31 February). */
export function isTrashBatch(raw: unknown): raw is string {
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(raw)) return false;
  const moment = new Date(raw.slice(0, 19) + 'Z');
  return !Number.isNaN(moment.getTime()) && moment.toISOString().slice(0, 19) === raw.slice(0, 19);
}
