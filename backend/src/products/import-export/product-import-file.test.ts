import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PassThrough } from 'node:stream';
import { IMPORT_LIMITS, ImportMessages } from '@stockroom/schema';
import { ValidationError } from '../../common/errors';
import { sharedStringsReader } from './import-file/shared-strings';
import { xmlPartReader } from './import-file/workbook-xml';
import { readImportTable } from './product-import-file';

/** The message of the file error `work` is refused with. */
async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).message;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

interface CraftedSheet {
  name: string;
  xml: string;
  state?: 'hidden';
}

/** The XML of a worksheet of `rows`, each a list of cells' inner XML with their attributes: [attributes, inner]. */
const sheetXml = (rows: Array<Array<[string, string]>>) =>
  `${XML}<worksheet xmlns="${MAIN}"><sheetData>${rows
    .map((cells, r) => `<row r="${r + 1}">${cells.map(([attributes, inner]) => `<c ${attributes}>${inner}</c>`).join('')}</row>`)
    .join('')}</sheetData></worksheet>`;

/**
 * A workbook made part by part, in the order given (the sheets first, as
 * some writers do): each sheet is xl/worksheets/sheetN.xml in the order of
 * `sheets`, which is also the order of the tabs.
 */
async function craftedWorkbook(sheets: CraftedSheet[], sharedStrings: string[] | null): Promise<Buffer> {
  const zip = new JSZip();
  sheets.forEach((sheet, i) => zip.file(`xl/worksheets/sheet${i + 1}.xml`, sheet.xml));
  if (sharedStrings) zip.file('xl/sharedStrings.xml', `${XML}<sst xmlns="${MAIN}">${sharedStrings.map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`);
  zip.file('_rels/.rels', PACKAGE_RELS);
  zip.file(
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets
      .map((sheet, i) => `<sheet name="${sheet.name}" sheetId="${i + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join('')}<Relationship Id="rId99" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const inline = (text: string): [string, string] => ['t="inlineStr"', `<is><t>${text}</t></is>`];

describe('reading a workbook', () => {
  it("reads a workbook whose sheet comes before its shared strings, as exceljs's streaming writer saves one", async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: false });
    const sheet = writer.addWorksheet('Products');
    sheet.addRow(['name', 'price', 'featured', 'description']).commit();
    sheet.addRow(['Crème brûlée torch 🔥', 29.99, true, 'Caramelises sugar']).commit();
    sheet.addRow(['Desk lamp', 10, false, 'Caramelises sugar']).commit();
    sheet.commit();
    await writer.commit();
    const bytes = Buffer.concat(chunks);
    const names = (await JSZip.loadAsync(bytes)).file(/.*/).map((file) => file.name);
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/sharedStrings.xml'));

    expect(await readImportTable(bytes)).toEqual({
      format: 'xlsx',
      header: ['name', 'price', 'featured', 'description'],
      headerRow: 1,
      rows: [
        { row: 2, cells: ['Crème brûlée torch 🔥', '29.99', 'true', 'Caramelises sugar'] },
        { row: 3, cells: ['Desk lamp', '10', 'false', 'Caramelises sugar'] },
      ],
    });
  });

  it('keeps text whose UTF-8 bytes straddle two inflated pieces whole', async () => {
    // 150,000 two-byte characters inflate in several pieces, some of which end inside a character.
    const long = 'é'.repeat(150_000);
    const bytes = await craftedWorkbook([{ name: 'Products', xml: sheetXml([[inline('name')], [['t="s"', '<v>0</v>']], [inline(long)]]) }], [long]);
    const table = await readImportTable(bytes);
    expect(table.rows.map(({ cells }) => cells[0] === long)).toEqual([true, true]);
  });

  it('reads each kind of cell as text: rich text, inline strings, formulas, booleans, errors, numbers; empty styled cells are nothing', async () => {
    const xml = sheetXml([
      [inline('name'), inline('price'), inline('featured'), inline('note')],
      [
        ['r="A2" t="inlineStr"', '<is><r><t>Rich </t></r><r><rPr><b/></rPr><t>lamp</t></r><rPh><t>ランプ</t></rPh></is>'],
        ['r="B2"', '<f>2*5</f><v>10</v>'],
        ['r="C2" t="b"', '<v>1</v>'],
        ['r="D2" t="e"', '<v>#DIV/0!</v>'],
        ['r="ZZ2" s="3"', ''],
      ],
      [
        ['r="A3" t="str"', '<f>"Lamp"&amp;"shade"</f><v>Lampshade &amp; co</v>'],
        ['r="B3"', '<v>19.989999999999998</v>'],
        ['r="C3" t="b"', '<v>0</v>'],
        ['r="D3"', '<f>A1</f>'],
      ],
    ]);
    const table = await readImportTable(await craftedWorkbook([{ name: 'Products', xml }], null));
    expect(table.rows).toEqual([
      { row: 2, cells: ['Rich lamp', '10', 'true', ''] },
      { row: 3, cells: ['Lampshade & co', '19.99', 'false'] },
    ]);
  });

  it("reads the first visible worksheet, in the workbook's order of tabs rather than the zip's", async () => {
    const bytes = await craftedWorkbook(
      [
        { name: 'Notes', xml: sheetXml([[inline('hidden notes')], [inline('never read')]]), state: 'hidden' },
        { name: 'Products', xml: sheetXml([[inline('name')], [inline('Desk lamp')]]) },
        { name: 'Other', xml: sheetXml([[inline('name')], [inline('Other lamp')]]) },
      ],
      null,
    );
    expect((await readImportTable(bytes)).rows).toEqual([{ row: 2, cells: ['Desk lamp'] }]);
  });

  it(`refuses a row with a value past column ${IMPORT_LIMITS.maxColumns}, and leaves empty styled cells out of the count`, async () => {
    // Column GS is the 201st.
    const wide = sheetXml([[inline('name')], [inline('Lamp'), ['r="GS2" t="inlineStr"', '<is><t>x</t></is>']]]);
    expect(await refusal(readImportTable(await craftedWorkbook([{ name: 'Products', xml: wide }], null)))).toBe(ImportMessages.tooManyColumns);
    expect(ImportMessages.tooManyColumns).toBe('The file has too many columns');

    const styled = sheetXml([[inline('name')], [inline('Lamp'), ['r="XFD2" s="1"', '']]]);
    expect((await readImportTable(await craftedWorkbook([{ name: 'Products', xml: styled }], null))).rows).toEqual([{ row: 2, cells: ['Lamp'] }]);
  });

  it(`refuses a header longer than ${IMPORT_LIMITS.maxHeaderLength} characters`, async () => {
    const header = 'h'.repeat(IMPORT_LIMITS.maxHeaderLength + 1);
    const bytes = await craftedWorkbook([{ name: 'Products', xml: sheetXml([[inline(header)], [inline('Lamp')]]) }], null);
    expect(await refusal(readImportTable(bytes))).toBe(ImportMessages.headerTooLong);
    expect(await refusal(readImportTable(Buffer.from(`${header},price\nLamp,1\n`)))).toBe(ImportMessages.headerTooLong);
    expect(ImportMessages.headerTooLong).toBe('A column header cannot be longer than 100 characters');
  });

  it(`refuses a workbook of more than ${IMPORT_LIMITS.maxWorkbookParts.toLocaleString('en-US')} parts before its zip is opened`, async () => {
    const zip = new JSZip();
    for (let i = 0; i <= IMPORT_LIMITS.maxWorkbookParts; i++) zip.file(`p/${i}`, '');
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
    expect(await refusal(readImportTable(bytes))).toBe(ImportMessages.workbookTooManyParts);
  });

  it('refuses a stretch of a part between two tags longer than any cell, before it is gathered whole', () => {
    const reader = xmlPartReader({ textOf: new Set(['t']), open() {}, text() {}, close() {} });
    reader.write(`${XML}<sst><si><t>`);
    const piece = 'a'.repeat(64 * 1024);
    let thrown: unknown;
    try {
      for (let i = 0; i < 17; i++) reader.write(piece);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).message).toBe(ImportMessages.unreadableWorkbook);
  });

  it('bounds the shared strings, by their number and by their characters', () => {
    const limits = { maxSharedStrings: 3, maxSharedStringCharacters: 10 };
    const read = (xml: string) => {
      const strings: string[] = [];
      const reader = sharedStringsReader(strings, limits);
      reader.write(xml);
      reader.end();
      return strings;
    };
    expect(read(`<sst><si><t>abc</t></si><si><r><t>de</t></r><r><t>f</t></r></si><si/></sst>`)).toEqual(['abc', 'def', '']);
    expect(() => read(`<sst><si><t>a</t></si><si><t>b</t></si><si><t>c</t></si><si><t>d</t></si></sst>`)).toThrow(ImportMessages.workbookTooMuchText);
    expect(() => read(`<sst><si><t>abcdef</t></si><si><t>ghijk</t></si></sst>`)).toThrow(ImportMessages.workbookTooMuchText);
    // Phonetic guides are not the cell's text and do not count.
    expect(read(`<sst><si><t>abcdefghij</t><rPh sb="0" eb="1"><t>klmnop</t></rPh></si></sst>`)).toEqual(['abcdefghij']);
  });

  it('bounds the shared strings by what 100,000 rows of product cells can hold', () => {
    expect(IMPORT_LIMITS.maxSharedStrings).toBe(100_000 * 11 + 200);
    // sku 64, name 100, description 1000, category 50, barcode 14, image URL 500, price and cost price 999999.99, quantity and reorder level 100000, featured false.
    expect(IMPORT_LIMITS.maxSharedStringCharacters).toBe(100_000 * (64 + 100 + 1000 + 50 + 14 + 500 + 9 + 9 + 6 + 6 + 5) + 200 * 100);
  });
});

describe('reading CSV', () => {
  it(`refuses a header of more than ${IMPORT_LIMITS.maxColumns} columns, however empty, before parsing it`, async () => {
    expect(await refusal(readImportTable(Buffer.from(`name,price${','.repeat(2_000_000)}\r\nLamp,5\r\n`)))).toBe(ImportMessages.tooManyColumns);
    // Parsed, this header would be a quote never closed; it is refused for its columns, counted before parsing.
    expect(await refusal(readImportTable(Buffer.from(`name,price${','.repeat(2_000_000)}"never closed\r\nLamp,5\r\n`)))).toBe(ImportMessages.tooManyColumns);
  });

  it(`refuses a row of more than ${IMPORT_LIMITS.maxColumns} columns, and takes one of ${IMPORT_LIMITS.maxColumns}`, async () => {
    const header = Array.from({ length: IMPORT_LIMITS.maxColumns }, (_, i) => `c${i}`).join(';');
    const full = Array.from({ length: IMPORT_LIMITS.maxColumns }, (_, i) => `v${i}`).join(';');
    expect((await readImportTable(Buffer.from(`${header}\n${full}\n`))).rows[0].cells).toHaveLength(IMPORT_LIMITS.maxColumns);
    expect(await refusal(readImportTable(Buffer.from(`${header}\n${full};one more\n`)))).toBe(ImportMessages.tooManyColumns);
    expect(await refusal(readImportTable(Buffer.from(`name,price\nLamp,5${','.repeat(2_000_000)}\n`)))).toBe(ImportMessages.tooManyColumns);
  });
});
