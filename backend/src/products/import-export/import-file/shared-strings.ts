import { IMPORT_LIMITS, ImportMessages } from '@stockroom/schema';
import { fileError } from './import-table';
import { xmlPartReader } from './workbook-xml';
import type { PartReader } from './workbook-zip';

type SharedStringLimits = Pick<typeof IMPORT_LIMITS, 'maxSharedStrings' | 'maxSharedStringCharacters'>;

/**
 * Reads a workbook's shared strings (xl/sharedStrings.xml: the text of its
 * cells, each written once) into `strings`, as plain text: the runs of a
 * rich text joined, phonetic guides left out. They are all held while the
 * sheet is read, so their number and their characters are bounded, and a
 * workbook past either is refused as soon as it is.
 */
export function sharedStringsReader(strings: string[], limits: SharedStringLimits = IMPORT_LIMITS): PartReader {
  let current: string | null = null;
  let characters = 0;
  let phonetic = 0;
  const tooMuchText = () => fileError(ImportMessages.workbookTooMuchText);
  return xmlPartReader({
    textOf: new Set(['t']),
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic += 1;
    },
    text(text) {
      if (current === null || phonetic > 0) return;
      characters += text.length;
      if (characters > limits.maxSharedStringCharacters) throw tooMuchText();
      current += text;
    },
    close(name) {
      if (name === 'rPh') phonetic -= 1;
      else if (name === 'si' && current !== null) {
        if (strings.length >= limits.maxSharedStrings) throw tooMuchText();
        strings.push(current);
        current = null;
      }
    },
  });
}
