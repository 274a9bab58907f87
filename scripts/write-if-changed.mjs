/**
 * Writes a generated file only when its text differs from what is there, so that regenerating an
 * up-to-date contract touches nothing: a client build or a lint that reads the files while
 * `npm run check:generated` runs beside it never sees one half-written.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function writeIfChanged(file, text) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  writeFileSync(file, text);
  return true;
}
