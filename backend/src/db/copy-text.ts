/**
 * Rows in the text format of PostgreSQL's COPY ... FROM STDIN: fields
 * separated by tabs, rows ended by newlines, NULL written \N, and the four
 * characters that would end or split a field (backslash, newline, carriage
 * return, tab) escaped with a backslash. Nothing else is special in it, which
 * makes it several times cheaper to write than CSV, whose every field is
 * checked for quoting.
 */

export type CopyValue = string | number | null;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const SPECIAL = /[\\\n\r\t]/g;
/** The same characters, without the global flag: `test` on a global expression would carry its position from one field to the next. */
const HAS_SPECIAL = /[\\\n\r\t]/;

/** One field: null is NULL (and '' an empty text, unlike an empty field of COPY's CSV); anything else is its text, escaped. */
export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  const text = String(value);
  return HAS_SPECIAL.test(text) ? text.replace(SPECIAL, (char) => ESCAPES[char]) : text;
}

/** Rows as COPY text, ready to stream: each field through `copyField`, each row ended by a newline. */
export function copyRows(rows: readonly (readonly CopyValue[])[]): string {
  let text = '';
  for (const row of rows) text += row.map(copyField).join('\t') + '\n';
  return text;
}
