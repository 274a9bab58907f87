import { SaxesParser } from 'saxes';
import { ImportMessages } from '@stockroom/schema';
import { fileError } from './import-table';
import type { PartReader } from './workbook-zip';

/**
 * The longest stretch of a part between two tags: a cell holds at most
 * 32,767 characters, and a tag a few dozen. An XML parser gathers such a
 * stretch whole before handing it over, so a longer one, which no
 * spreadsheet writes, is refused as it grows instead of filling memory.
 */
const MAX_STRETCH = 1024 * 1024;

/** What reads an XML part. Tag names come without their namespace prefix: x:row is row. */
export interface XmlHandlers {
  /** The elements whose text is wanted; text anywhere else is never gathered. */
  textOf: ReadonlySet<string>;
  open(name: string, attributes: Record<string, string>): void;
  text(text: string): void;
  close(name: string): void;
  /** true once the handlers have all they need: the rest of the part stays packed. */
  done?(): boolean;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** A reader of a workbook part that parses it as XML (saxes: no DTD, no external entities) and calls `handlers` for what is in it. */
export function xmlPartReader(handlers: XmlHandlers): PartReader {
  const parser = new SaxesParser();
  let inText = 0;
  let stretch = 0;
  const onText = (text: string) => handlers.text(text);
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (handlers.textOf.has(name) && !tag.isSelfClosing && inText++ === 0) parser.on('text', onText);
    handlers.open(name, tag.attributes as Record<string, string>);
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (handlers.textOf.has(name) && !tag.isSelfClosing && --inText === 0) parser.off('text');
    handlers.close(name);
  });
  return {
    write(text) {
      // The pieces a part inflates to are far shorter than MAX_STRETCH, so a stretch longer than that spans pieces.
      const lastTag = text.lastIndexOf('<');
      stretch = lastTag === -1 ? stretch + text.length : text.length - lastTag - 1;
      if (stretch > MAX_STRETCH) throw fileError(ImportMessages.unreadableWorkbook);
      parser.write(text);
      return handlers.done?.() ?? false;
    },
    end() {
      parser.close();
    },
  };
}
