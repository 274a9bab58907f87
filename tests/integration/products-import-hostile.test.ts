import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { IMPORT_LIMITS, ImportMessages } from '@stockroom/schema';
import { expectRestError } from '../support/products';
import { signUpUser, startTestApp, type HttpAnswer, type TestApp } from '../support/test-app';

/**
 * POST /api/products/import with files made to hurt: a workbook that unpacks
 * to far more than it weighs, one of millions of shared strings, a CSV of
 * millions of columns. Each is refused with 400 and a short answer, and no
 * import leaves a file in the temp folder. (Imports have no GraphQL
 * mutation: REST is the only way in.)
 */

const MB = 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let app: TestApp;
let token: string;
/** What os.tmpdir() answers in this process while the tests run: a folder of its own, empty before and after every import. */
let tempFolder: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ token } = await signUpUser(app));
  tempFolder = mkdtempSync(join(os.tmpdir(), 'stockroom-import-temp-'));
  // The temp-file library the workbook reader could use asks os.tmpdir() for its folder each time.
  jest.spyOn(os, 'tmpdir').mockReturnValue(tempFolder);
});
afterEach(() => {
  expect(readdirSync(tempFolder)).toEqual([]);
});
afterAll(async () => {
  jest.restoreAllMocks();
  rmSync(tempFolder, { recursive: true, force: true });
  await app.close();
});

/** Posts an import form with `bytes` as its file. */
async function importFile(bytes: Uint8Array, name: string, fields: Record<string, string> = { dryRun: 'true' }): Promise<HttpAnswer & { size: number }> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type: name.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv' }), name);
  for (const [field, value] of Object.entries(fields)) body.append(field, value);
  const response = await fetch(`${app.url}/api/products/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text), size: Buffer.byteLength(text) };
}

/** `text` `times` times, between `head` and `tail`, as a stream: a part of a workbook far larger than this process should hold. */
function repeated(head: string, text: string, times: number, tail: string): Readable {
  return Readable.from(
    (function* () {
      yield Buffer.from(head);
      const perChunk = Math.ceil(MB / text.length);
      const chunk = Buffer.from(text.repeat(perChunk));
      for (let left = times; left > 0; left -= perChunk) yield left >= perChunk ? chunk : Buffer.from(text.repeat(left));
      yield Buffer.from(tail);
    })(),
  );
}

/** A zip of `parts` in the order given, deflated as an office program would. */
async function zipOf(parts: Array<[string, string | Readable]>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, content] of parts) zip.file(name, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', streamFiles: true });
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SHEET_HEAD = `${XML}<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>5</v></c></row>`;
const SHEET_TAIL = '</sheetData></worksheet>';

/** The parts of a workbook of `sheets` sheets, its shared strings made of `sharedStrings`, all after the sheets as some writers save them. */
function workbookParts(sheets: Array<string | Readable>, sharedStrings: string | Readable): Array<[string, string | Readable]> {
  const ids = sheets.map((_, i) => i + 1);
  return [
    ...sheets.map((sheet, i): [string, string | Readable] => [`xl/worksheets/sheet${i + 1}.xml`, sheet]),
    ['xl/sharedStrings.xml', sharedStrings],
    ['_rels/.rels', `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    ['xl/workbook.xml', `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${ids.map((id) => `<sheet name="Sheet${id}" sheetId="${id}" r:id="rId${id}"/>`).join('')}</sheets></workbook>`],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${ids
        .map((id) => `<Relationship Id="rId${id}" Type="${REL}/worksheet" Target="worksheets/sheet${id}.xml"/>`)
        .join('')}<Relationship Id="rId99" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ],
  ];
}

const SHARED_STRINGS = `${XML}<sst xmlns="${MAIN}"><si><t>name</t></si><si><t>price</t></si><si><t>Desk lamp</t></si></sst>`;

describe('a workbook that unpacks to far more than it weighs', () => {
  it(`is refused with 400 once its parts unpack past ${IMPORT_LIMITS.maxUnpackedBytes / MB} MB, with its sheets before its shared strings, and leaves no file behind`, async () => {
    // Empty rows between long runs of spaces: no content, only bytes. The first sheet alone unpacks past the bound; two more follow it.
    const padding = `<row r="3"/>${' '.repeat(64 * 1024)}`;
    const paddedSheet = (bytes: number) => repeated(SHEET_HEAD, padding, Math.ceil(bytes / padding.length), SHEET_TAIL);
    const bytes = await zipOf(workbookParts([paddedSheet(IMPORT_LIMITS.maxUnpackedBytes + MB), paddedSheet(10 * MB), paddedSheet(10 * MB)], SHARED_STRINGS));
    expect(bytes.length).toBeLessThan(2 * MB);

    const answer = await importFile(bytes, 'products.xlsx');
    expectRestError(answer, 400, 'BAD_USER_INPUT', ImportMessages.workbookTooLarge, { file: ImportMessages.workbookTooLarge });
    expect(ImportMessages.workbookTooLarge).toBe('The workbook unpacks to more than 256 MB. Keep only the sheet of products in it, or split it into smaller files');
    expect((await app.rest('GET', '/api/products', undefined, { token })).status).toBe(200);
  }, 60_000);

  it('is read when it stays within the bounds, whatever the order of its parts', async () => {
    const bytes = await zipOf(workbookParts([repeated(SHEET_HEAD, '<row r="3"/>', 1_000_000, SHEET_TAIL), repeated(SHEET_HEAD, '<row r="3"/>', 1_000_000, SHEET_TAIL)], SHARED_STRINGS));
    const answer = await importFile(bytes, 'products.xlsx');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ rows: 1, created: 1, failed: 0, columns: [{ header: 'name', field: 'name' }, { header: 'price', field: 'price' }] });
  }, 60_000);
});

describe("a workbook's shared strings", () => {
  it(`are refused with 400 past ${IMPORT_LIMITS.maxSharedStrings.toLocaleString('en-US')}, one for every product cell of every row`, async () => {
    const strings = repeated(`${XML}<sst xmlns="${MAIN}"><si><t>name</t></si><si><t>price</t></si><si><t>Desk lamp</t></si>`, '<si><t>x</t></si>', IMPORT_LIMITS.maxSharedStrings, '</sst>');
    const bytes = await zipOf(workbookParts([`${SHEET_HEAD}${SHEET_TAIL}`], strings));
    expect(bytes.length).toBeLessThan(MB);
    const answer = await importFile(bytes, 'products.xlsx');
    expectRestError(answer, 400, 'BAD_USER_INPUT', ImportMessages.workbookTooMuchText, { file: ImportMessages.workbookTooMuchText });
    expect(ImportMessages.workbookTooMuchText).toBe('The workbook holds more text than 100,000 products can. Keep only the sheet of products in it, or split it into smaller files');
  }, 60_000);

  it(`are refused with 400 past ${IMPORT_LIMITS.maxSharedStringCharacters.toLocaleString('en-US')} characters`, async () => {
    // Long strings, each just within the longest stretch a part may have between two tags.
    const text = 'x'.repeat(1_000_000);
    const count = Math.ceil(IMPORT_LIMITS.maxSharedStringCharacters / text.length) + 1;
    const strings = repeated(`${XML}<sst xmlns="${MAIN}"><si><t>name</t></si><si><t>price</t></si><si><t>Desk lamp</t></si>`, `<si><t>${text}</t></si>`, count, '</sst>');
    const answer = await importFile(await zipOf(workbookParts([`${SHEET_HEAD}${SHEET_TAIL}`], strings)), 'products.xlsx');
    expectRestError(answer, 400, 'BAD_USER_INPUT', ImportMessages.workbookTooMuchText, { file: ImportMessages.workbookTooMuchText });
  }, 60_000);
});

describe('a workbook some writers save with its sheet before its shared strings', () => {
  /** A workbook from exceljs's streaming writer with shared strings on: it writes the sheet first and its shared strings after. */
  async function streamedWorkbook(rows: unknown[][]): Promise<Uint8Array> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: true });
    const sheet = writer.addWorksheet('Products');
    for (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await writer.commit();
    return new Uint8Array(Buffer.concat(chunks));
  }

  it('imports as written', async () => {
    const bytes = await streamedWorkbook([
      ['SKU', 'Name', 'Description', 'Category', 'Price', 'Quantity'],
      ['SS-1', 'Crème brûlée torch 🔥', 'Caramelises sugar, naïve façade', 'Kitchen', 29.99, 3],
      ['SS-2', 'Desk lamp', 'Caramelises sugar, naïve façade', 'Kitchen', 10, 0],
    ]);
    const answer = await importFile(bytes, 'products.xlsx', {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ dryRun: false, rows: 2, created: 2, failed: 0, errors: [] });
    const stored = await app.sql(`SELECT sku, name, description, price::text AS price, quantity FROM products WHERE sku IN ('SS-1', 'SS-2') ORDER BY sku`);
    expect(stored).toEqual([
      { sku: 'SS-1', name: 'Crème brûlée torch 🔥', description: 'Caramelises sugar, naïve façade', price: '29.99', quantity: 3 },
      { sku: 'SS-2', name: 'Desk lamp', description: 'Caramelises sugar, naïve façade', price: '10.00', quantity: 0 },
    ]);
  });

  /** The `i`th of the rows' EAN-13s: a barcode is unique in a catalogue, so each row has its own. */
  const ean13 = (i: number) => {
    const digits = `20${String(i).padStart(10, '0')}`;
    const sum = [...digits].reverse().reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
    return digits + String((10 - (sum % 10)) % 10);
  };

  it(`reads ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows of every product column within the bounds`, async () => {
    const header = ['sku', 'name', 'description', 'category', 'price', 'quantity', 'reorder_level', 'barcode', 'featured', 'image_url'];
    const rows = Array.from({ length: IMPORT_LIMITS.maxRows }, (_, i) => [
      `BIG-${i}`,
      `Desk lamp ${i}`,
      `A good desk lamp with a long neck, model ${i}`,
      'Home',
      19.99,
      i % 50,
      5,
      ean13(i),
      i % 2 === 0,
      `https://images.example.com/products/${i}.png`,
    ]);
    const answer = await importFile(await streamedWorkbook([header, ...rows]), 'products.xlsx');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ dryRun: true, rows: IMPORT_LIMITS.maxRows, created: IMPORT_LIMITS.maxRows, failed: 0 });
  }, 120_000);
});

describe('too many columns, and answers that stay small', () => {
  it(`refuses a CSV header of ${(2_000_000).toLocaleString('en-US')} empty columns with 400, a short answer, before reading it into cells`, async () => {
    const answer = await importFile(Buffer.from(`name,price${','.repeat(2_000_000)}\r\nDesk lamp,5\r\n`), 'products.csv');
    expectRestError(answer, 400, 'BAD_USER_INPUT', ImportMessages.tooManyColumns, { file: ImportMessages.tooManyColumns });
    expect(ImportMessages.tooManyColumns).toBe('The file has too many columns');
    expect(answer.size).toBeLessThan(200);
  });

  it(`refuses a workbook row of more than ${IMPORT_LIMITS.maxColumns} columns with 400`, async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['name', 'price']);
    sheet.addRow(['Desk lamp', 5, ...Array.from({ length: IMPORT_LIMITS.maxColumns - 1 }, (_, i) => `extra ${i}`)]);
    const answer = await importFile(new Uint8Array(await workbook.xlsx.writeBuffer()), 'products.xlsx');
    expectRestError(answer, 400, 'BAD_USER_INPUT', ImportMessages.tooManyColumns, { file: ImportMessages.tooManyColumns });
  });

  it('refuses a header longer than the answer may repeat', async () => {
    const answer = await importFile(Buffer.from(`${'n'.repeat(IMPORT_LIMITS.maxHeaderLength + 1)},price\r\nDesk lamp,5\r\n`), 'products.csv');
    expectRestError(answer, 400, 'BAD_USER_INPUT', ImportMessages.headerTooLong, { file: ImportMessages.headerTooLong });
  });

  it('answers at most a few hundred KB, with every column at its limits and more errors than are listed', async () => {
    const headers = Array.from({ length: IMPORT_LIMITS.maxColumns }, (_, i) => `${i} `.padEnd(IMPORT_LIMITS.maxHeaderLength, 'h'));
    const rows = Array.from({ length: IMPORT_LIMITS.maxErrors + 200 }, (_, i) => [`Lamp ${i}`, 'not a price', ...Array(IMPORT_LIMITS.maxColumns - 2).fill('x')].join(','));
    const mapping = JSON.stringify({ [headers[0]]: 'name', [headers[1]]: 'price' });
    const answer = await importFile(Buffer.from([headers.join(','), ...rows].join('\r\n')), 'products.csv', { dryRun: 'true', mapping });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ failed: IMPORT_LIMITS.maxErrors + 200, errorsTruncated: true });
    expect(answer.body.columns).toHaveLength(IMPORT_LIMITS.maxColumns);
    expect(answer.body.errors).toHaveLength(IMPORT_LIMITS.maxErrors);
    expect(answer.size).toBeLessThan(300 * 1024);
  });
});
