import { IMPORT_LIMITS } from '@stockroom/schema';
import { hasContent, tooManyColumns, type ImportRow } from './import-table';
import { xmlPartReader } from './workbook-xml';
import type { PartReader } from './workbook-zip';

/** The 0-based column of a cell reference ("C7" is 2), or `next` when it has none. */
function columnOf(ref: string | undefined, next: number): number {
  let column = 0;
  let letters = 0;
  for (; ref && letters < ref.length && letters < 4; letters++) {
    const code = ref.charCodeAt(letters);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return letters === 0 ? next : column - 1;
}

interface Cell {
  column: number;
  /** The cell's t attribute: s (a shared string), inlineStr, str (a formula's text), b, e, d, or n (a number, as when absent). */
  type: string;
  /** The text of its <v>, or of its inline string; null when it has neither: an empty cell, written for its style. */
  value: string | null;
}

/** A cell as text: numbers as JavaScript writes them, true/false for a boolean, a formula as the value Excel saved with it, nothing for an error. */
function cellText({ type, value }: Cell, sharedStrings: readonly string[]): string {
  if (value === null) return '';
  switch (type) {
    case 's':
      return sharedStrings[Number.parseInt(value, 10)] ?? '';
    case 'inlineStr':
    case 'str':
    case 'd':
      return value;
    case 'b':
      return value.trim() === '' ? '' : Number.parseInt(value, 10) !== 0 ? 'true' : 'false';
    case 'e':
      return '';
    default: {
      const number = Number.parseFloat(value);
      return Number.isNaN(number) ? value : String(number);
    }
  }
}

/**
 * Reads a worksheet's rows with content into `rows`, each cell as text.
 * Reading stops one row past IMPORT_LIMITS.maxRows and the rows the header
 * may be among (the header, the rows above it, and a row too many), and a cell with a value past IMPORT_LIMITS.maxColumns refuses the
 * file at once, so no row grows wider than that.
 */
export function sheetRowsReader(sharedStrings: readonly string[], rows: ImportRow[]): PartReader {
  let inSheetData = false;
  let finished = false;
  let lastRow = 0;
  let row: { number: number; cells: string[]; next: number } | null = null;
  let cell: Cell | null = null;
  let inInline = false;
  let phonetic = 0;
  return xmlPartReader({
    textOf: new Set(['v', 't']),
    open(name, attributes) {
      if (name === 'sheetData') inSheetData = true;
      else if (name === 'row' && inSheetData) {
        const number = Number.parseInt(attributes.r ?? '', 10);
        row = { number: Number.isNaN(number) ? lastRow + 1 : number, cells: [], next: 0 };
      } else if (name === 'c' && row) cell = { column: columnOf(attributes.r, row.next), type: attributes.t ?? 'n', value: null };
      else if (name === 'v' && cell) cell.value = '';
      else if (name === 'is' && cell) {
        inInline = true;
        cell.value = '';
      } else if (name === 'rPh') phonetic += 1;
    },
    text(text) {
      if (!cell || cell.value === null || phonetic > 0) return;
      cell.value += text;
    },
    close(name) {
      if (name === 'c' && row && cell) {
        if (cell.value !== null) {
          if (cell.column >= IMPORT_LIMITS.maxColumns) throw tooManyColumns();
          row.cells[cell.column] = cellText(inInline ? { ...cell, type: 'inlineStr' } : cell, sharedStrings);
        }
        row.next = cell.column + 1;
        cell = null;
        inInline = false;
      } else if (name === 'rPh') phonetic -= 1;
      else if (name === 'row' && row) {
        const cells = Array.from(row.cells, (text) => text ?? '');
        if (hasContent(cells)) rows.push({ row: row.number, cells });
        lastRow = row.number;
        row = null;
        finished = rows.length > IMPORT_LIMITS.maxRows + IMPORT_LIMITS.headerSearchRows;
      } else if (name === 'sheetData') finished = true;
    },
    done: () => finished,
  });
}
