import { posix } from 'node:path';
import { IMPORT_LIMITS, ImportMessages } from '@stockroom/schema';
import { DomainError } from '../../../common/errors';
import { fileError, tableOf, type HeaderTest, type ImportRow, type ImportTable } from './import-table';
import { sharedStringsReader } from './shared-strings';
import { sheetRowsReader } from './sheet-rows';
import { xmlPartReader } from './workbook-xml';
import { openWorkbookZip, type WorkbookZip } from './workbook-zip';

/*
 * A workbook is read part by part from its zip's directory, in the order the
 * parts are needed (shared strings before the sheet that uses them), rather
 * than in the order they were written: a streaming reader that meets a sheet
 * before the shared strings has to set it aside, on disk or in memory.
 */

interface Relationship {
  id: string;
  type: string;
  /** The part it leads to, as a path in the zip. */
  path: string;
}

/** The part that holds the relationships of the part at `path` (xl/workbook.xml has xl/_rels/workbook.xml.rels; the package, _rels/.rels). */
const relationshipsPartOf = (path: string) => posix.join(posix.dirname(path), '_rels', `${posix.basename(path)}.rels`);

/** The relationships of the part at `path` (the package's, for '') that `wanted` keeps; the others are not held. */
async function relationshipsOf(zip: WorkbookZip, path: string, wanted: (relationship: Relationship) => boolean): Promise<Relationship[]> {
  const kept: Relationship[] = [];
  await zip.read(relationshipsPartOf(path), xmlPartReader({
    textOf: new Set(),
    open(name, attributes) {
      if (name !== 'Relationship' || attributes.TargetMode === 'External' || !attributes.Target) return;
      const target = attributes.Target;
      const relationship = { id: attributes.Id ?? '', type: attributes.Type ?? '', path: target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(path), target) };
      if (wanted(relationship)) kept.push(relationship);
    },
    text() {},
    close() {},
  }));
  return kept;
}

const isType = (name: string) => (relationship: Relationship) => relationship.type.endsWith(`/${name}`);

interface SheetEntry {
  relationshipId: string;
  hidden: boolean;
}

/** The sheets the workbook part lists, in the order of their tabs. */
async function sheetsOf(zip: WorkbookZip, workbookPath: string): Promise<SheetEntry[]> {
  const sheets: SheetEntry[] = [];
  let finished = false;
  const found = await zip.read(workbookPath, xmlPartReader({
    textOf: new Set(),
    open(name, attributes) {
      if (name !== 'sheet' || sheets.length >= IMPORT_LIMITS.maxWorkbookParts) return;
      // The relationship id is r:id, whatever prefix the workbook gives its namespace.
      const idAttribute = Object.keys(attributes).find((key) => key.endsWith(':id'));
      if (idAttribute) sheets.push({ relationshipId: attributes[idAttribute], hidden: attributes.state === 'hidden' || attributes.state === 'veryHidden' });
    },
    text() {},
    close(name) {
      finished ||= name === 'sheets';
    },
    done: () => finished,
  }));
  if (!found) throw fileError(ImportMessages.unreadableWorkbook);
  return sheets;
}

/**
 * The first sheet of a workbook as a table: its first visible worksheet (a
 * chart sheet has no rows), or its first worksheet if all are hidden. Its
 * header is its first row with content, or the first of its first rows that
 * `isHeader` accepts (see tableOf).
 */
export async function readXlsxTable(bytes: Buffer, isHeader?: HeaderTest): Promise<ImportTable> {
  try {
    const zip = await openWorkbookZip(bytes);
    const [document] = await relationshipsOf(zip, '', isType('officeDocument'));
    const workbookPath = document?.path ?? 'xl/workbook.xml';
    const sheets = await sheetsOf(zip, workbookPath);
    const sheetIds = new Set(sheets.map((sheet) => sheet.relationshipId));
    const parts = await relationshipsOf(zip, workbookPath, (relationship) => (sheetIds.has(relationship.id) && isType('worksheet')(relationship)) || isType('sharedStrings')(relationship));
    const worksheets = sheets.filter((sheet) => parts.some((part) => part.id === sheet.relationshipId && isType('worksheet')(part)));
    const sheet = worksheets.find((entry) => !entry.hidden) ?? worksheets[0];
    const sheetPath = parts.find((part) => part.id === sheet?.relationshipId)?.path;
    if (!sheetPath) throw fileError(ImportMessages.unreadableWorkbook);

    const sharedStrings: string[] = [];
    const sharedStringsPath = parts.find(isType('sharedStrings'))?.path;
    if (sharedStringsPath) await zip.read(sharedStringsPath, sharedStringsReader(sharedStrings));
    const rows: ImportRow[] = [];
    if (!(await zip.read(sheetPath, sheetRowsReader(sharedStrings, rows)))) throw fileError(ImportMessages.unreadableWorkbook);
    return tableOf('xlsx', rows, isHeader);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw fileError(ImportMessages.unreadableWorkbook);
  }
}
