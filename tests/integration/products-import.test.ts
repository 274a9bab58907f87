import ExcelJS from 'exceljs';
import { request as httpRequest } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { Client } from 'pg';
import { IMPORT_LIMITS, ImportMessages, ProductMessages, ValidationMessages } from '@stockroom/schema';
import { createProduct, expectRestError } from '../support/products';
import { signUpUser, startTestApp, type HttpAnswer, type TestApp } from '../support/test-app';

/**
 * POST /api/products/import: a CSV file or a workbook, checked row by row with
 * the product rules; a dry run writes nothing, an import writes every row or
 * none, only ever into the caller's own catalogue.
 */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

interface ImportForm {
  file: Uint8Array<ArrayBuffer> | string;
  name?: string;
  type?: string;
  mode?: string;
  /** A boolean as a form sends it, or any text. */
  dryRun?: boolean | string;
  /** An object sent as its JSON, or the field's text as it is. */
  mapping?: Record<string, string | null> | string;
}

/** Posts the import form the way a browser does, as the caller with `token` (null: no Authorization header). */
async function importFile(token: string | null, form: ImportForm): Promise<HttpAnswer> {
  const body = new FormData();
  const bytes = typeof form.file === 'string' ? new TextEncoder().encode(form.file) : form.file;
  body.append('file', new Blob([bytes], { type: form.type ?? 'text/csv' }), form.name ?? 'products.csv');
  if (form.mode) body.append('mode', form.mode);
  if (form.dryRun !== undefined) body.append('dryRun', String(form.dryRun));
  if (form.mapping) body.append('mapping', typeof form.mapping === 'string' ? form.mapping : JSON.stringify(form.mapping));
  const response = await fetch(`${app.url}/api/products/import`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/**
 * Posts an import form whose file is `fileBytes` bytes of text, streamed in
 * chunks with no Content-Length: the server learns the size only by reading
 * the body, as it does from a client that streams an upload.
 */
function importStreamed(token: string, fileBytes: number): Promise<HttpAnswer> {
  const boundary = 'stockroom-streamed-import';
  async function* body() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    for (let sent = 0; sent < fileBytes; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers = { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' };
    const req = httpRequest(`${app.url}/api/products/import`, { method: 'POST', headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          /* not JSON: keep the text */
        }
        resolve({ status: res.statusCode ?? 0, headers: new Headers(Object.entries(res.headers).map(([name, value]): [string, string] => [name, String(value)])), body: parsed });
      });
    });
    // The server may answer and hang up before the last bytes are sent: the answer is what is checked.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    Readable.from(body()).pipe(req);
  });
}

/** An .xlsx of a name,price header and `rows` rows, from the streaming writer the export uses (no shared strings, no styles: quicker to write). */
async function workbookOfRows(rows: number): Promise<Uint8Array<ArrayBuffer>> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(['name', 'price']).commit();
  for (let i = 0; i < rows; i++) sheet.addRow([`Lamp ${i}`, 9.99]).commit();
  sheet.commit();
  await workbook.commit();
  return new Uint8Array(Buffer.concat(chunks));
}

/** Everything an import could write for `ownerId`: products, movements, activity entries and the catalogue totals. */
async function footprint(ownerId: string) {
  const [row] = await app.sql(
    `SELECT (SELECT count(*)::int FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)) AS products,
       (SELECT count(*)::int FROM stock_movements WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)) AS movements,
       (SELECT count(*)::int FROM activity_log WHERE user_id = $1) AS activity,
       (SELECT row_to_json(s) FROM (SELECT total_products, in_stock, inventory_value, changes FROM catalogue_stats WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)) s) AS totals`,
    [ownerId],
  );
  return row;
}

/** The caller's products as stored, by SKU (or name when there is none). */
async function storedBy(ownerId: string, key: 'sku' | 'name' = 'sku') {
  const rows = await app.sql(
    `SELECT id, sku, name, description, price::text AS price, cost_price::text AS cost_price, category, quantity, reorder_level, barcode, featured, image_url, version FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)`,
    [ownerId],
  );
  return Object.fromEntries(rows.map((row) => [row[key], row]));
}

const HEADER = 'sku,name,description,category,price,quantity';
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

describe('who may import', () => {
  it('refuses a request without a token with 401 and writes nothing', async () => {
    const answer = await importFile(null, { file: csv(HEADER, 'A-1,Lamp,A good desk lamp,Home,10,1') });
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect((await app.sql(`SELECT count(*)::int AS n FROM products WHERE sku = 'A-1'`))[0].n).toBe(0);
  });
});

describe('files it refuses', () => {
  let token: string;
  let userId: string;
  beforeAll(async () => {
    ({ token, user: { id: userId } } = await signUpUser(app));
  });

  it('an empty file', async () => {
    expectRestError(await importFile(token, { file: '' }), 400, 'BAD_USER_INPUT', ImportMessages.empty, { file: ImportMessages.empty });
    expectRestError(await importFile(token, { file: '\r\n\r\n' }), 400, 'BAD_USER_INPUT', ImportMessages.empty, { file: ImportMessages.empty });
  });

  it('a header without rows', async () => {
    expectRestError(await importFile(token, { file: csv(HEADER) }), 400, 'BAD_USER_INPUT', ImportMessages.headerOnly, { file: ImportMessages.headerOnly });
  });

  it(`more than ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows`, async () => {
    const rows = Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, (_, i) => `Lamp ${i},9.99`);
    const answer = await importFile(token, { file: ['name,price', ...rows].join('\n'), dryRun: true });
    expectRestError(answer, 400, 'BAD_USER_INPUT', ImportMessages.tooManyRows, { file: ImportMessages.tooManyRows });
    expect(ImportMessages.tooManyRows).toMatch(/100,000/);
  });

  it('a file over 20 MB, with 413, and the server keeps answering', async () => {
    const big = new Uint8Array(21 * 1024 * 1024).fill(0x61);
    const answer = await importFile(token, { file: big });
    expectRestError(answer, 413, 'PAYLOAD_TOO_LARGE', ImportMessages.tooLarge);
    expect(ImportMessages.tooLarge).toBe('The file cannot exceed 20 MB');
    expect((await app.rest('GET', '/api/products', undefined, { token })).status).toBe(200);
  });

  it('a file over 20 MB sent chunked, without a Content-Length, with 413, and the server keeps answering', async () => {
    const answer = await importStreamed(token, 21 * 1024 * 1024);
    expectRestError(answer, 413, 'PAYLOAD_TOO_LARGE', ImportMessages.tooLarge);
    expect((await app.rest('GET', '/api/products', undefined, { token })).status).toBe(200);
    expect((await footprint(userId)).products).toBe(0);
  });

  it(`a workbook of more than ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows`, async () => {
    const bytes = await workbookOfRows(IMPORT_LIMITS.maxRows + 1);
    const answer = await importFile(token, { file: bytes, name: 'products.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', dryRun: true });
    expectRestError(answer, 400, 'BAD_USER_INPUT', ImportMessages.tooManyRows, { file: ImportMessages.tooManyRows });
  }, 60_000);

  it('a PNG renamed .csv, with 415', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
    expectRestError(await importFile(token, { file: png, name: 'products.csv' }), 415, 'UNSUPPORTED_MEDIA_TYPE', ImportMessages.notSpreadsheet);
  });

  it('text that is not UTF-8 (Latin-1 accents), with a message that says so', async () => {
    const latin1 = Buffer.from('name,description,price\r\nCr\xe8me br\xfbl\xe9e torch,Caramelises sugar,29.99\r\n', 'latin1');
    const answer = await importFile(token, { file: latin1 });
    expectRestError(answer, 415, 'UNSUPPORTED_MEDIA_TYPE', ImportMessages.notUtf8);
    expect(ImportMessages.notUtf8).toMatch(/must be UTF-8 encoded text \(CSV\) or an Excel workbook \(\.xlsx\)/);
  });

  it('UTF-16 text (with its BOM), with the not-UTF-8 message', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name,price\r\nDesk lamp,9.99\r\n', 'utf16le')]);
    expectRestError(await importFile(token, { file: utf16 }), 415, 'UNSUPPORTED_MEDIA_TYPE', ImportMessages.notUtf8);
  });

  it('a damaged workbook', async () => {
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    expectRestError(await importFile(token, { file: damaged, name: 'products.xlsx' }), 400, 'BAD_USER_INPUT', ImportMessages.unreadableWorkbook, { file: ImportMessages.unreadableWorkbook });
  });

  it('a mode, dry run or mapping it does not know', async () => {
    const file = csv('name,price', 'Lamp,1');
    expectRestError(await importFile(token, { file, mode: 'replace' }), 400, 'BAD_USER_INPUT', ImportMessages.unknownMode, { mode: ImportMessages.unknownMode });
    expectRestError(await importFile(token, { file, mapping: { name: 'colour' } }), 400, 'BAD_USER_INPUT', ImportMessages.unknownMappingField('colour'), {
      mapping: ImportMessages.unknownMappingField('colour'),
    });
    expect((await footprint(userId)).products).toBe(0);
  });
  it('a dryRun that is neither true nor false', async () => {
    const answer = await importFile(token, { file: csv('name,price', 'Lamp,1'), dryRun: 'maybe' });
    expectRestError(answer, 400, 'BAD_USER_INPUT', ImportMessages.badDryRun, { dryRun: ImportMessages.badDryRun });
    expect((await footprint(userId)).products).toBe(0);
  });

  it('a mapping that is not JSON', async () => {
    const answer = await importFile(token, { file: csv('name,price', 'Lamp,1'), mapping: '{not json' });
    expectRestError(answer, 400, 'BAD_USER_INPUT', ImportMessages.badMapping, { mapping: ImportMessages.badMapping });
    expect((await footprint(userId)).products).toBe(0);
  });

  it('a mapping that puts two columns into one field: an error on the header row naming both, and an import writes nothing', async () => {
    const file = csv('Label,Caption,price', 'Lamp one,Lamp two,5');
    const mapping = { Label: 'name', Caption: 'name' };
    const error = { row: 1, column: 'Caption', message: ImportMessages.sameField('name', ['Label', 'Caption']) };
    const dry = await importFile(token, { file, mapping, dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, errors: [error], errorsTruncated: false });
    expect(error.message).toBe('The columns "Label" and "Caption" both fill Product name');

    const before = await footprint(userId);
    const applied = await importFile(token, { file, mapping });
    expect(applied.status).toBe(400);
    expect(applied.body).toMatchObject({ message: ImportMessages.nothingImported(1), code: 'BAD_USER_INPUT', dryRun: false, errors: [error] });
    expect(await footprint(userId)).toEqual(before);
  });
});

describe('reading CSV', () => {
  let token: string;
  let userId: string;
  beforeAll(async () => {
    ({ token, user: { id: userId } } = await signUpUser(app));
  });

  it('reads a semicolon file without a BOM, with decimal commas, and maps aliases', async () => {
    const file = 'Product Name;Qty;Price (USD);EAN;Category;Description\nCrème brûlée torch;3;29,99;4006381333931;Kitchen;Caramelises sugar, naïve façade\n';
    const answer = await importFile(token, { file, mode: 'create' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ dryRun: false, mode: 'create', rows: 1, created: 1, updated: 0, unchanged: 0, failed: 0, errors: [] });
    expect(answer.body.columns).toEqual([
      { header: 'Product Name', field: 'name', status: 'mapped' },
      { header: 'Qty', field: 'quantity', status: 'mapped' },
      { header: 'Price (USD)', field: 'price', status: 'mapped' },
      { header: 'EAN', field: 'barcode', status: 'mapped' },
      { header: 'Category', field: 'category', status: 'mapped' },
      { header: 'Description', field: 'description', status: 'mapped' },
    ]);
    const { 'Crème brûlée torch': torch } = await storedBy(userId, 'name');
    expect(torch).toMatchObject({ price: '29.99', quantity: 3, barcode: '4006381333931', category: 'Kitchen', description: 'Caramelises sugar, naïve façade' });
  });

  it('reads a tab file with a BOM', async () => {
    const answer = await importFile(token, { file: '\uFEFFname\tprice\tquantity\r\nTabbed lamp\t5\t2\r\n' });
    expect(answer.body).toMatchObject({ created: 1, failed: 0 });
    expect((await storedBy(userId, 'name'))['Tabbed lamp']).toMatchObject({ price: '5.00', quantity: 2, description: 'Draft product - description pending', category: 'Uncategorized' });
  });

  it('keeps quoted newlines, delimiters and doubled quotes inside cells', async () => {
    const file = csv('name,description,price', '"Banana ""hanger""","Line one\r\nline two, with ""quotes""; and more",12');
    expect((await importFile(token, { file })).body).toMatchObject({ created: 1, failed: 0 });
    expect((await storedBy(userId, 'name'))['Banana "hanger"'].description).toBe('Line one\r\nline two, with "quotes"; and more');
  });

  it('keeps backslashes, tabs and a literal \\N in cells as written', async () => {
    const file = csv('name,description,price,sku', '"C:\\Tools\\new\\","Tab\there, \\N and \\\\ two",4,BS-1');
    expect((await importFile(token, { file })).body).toMatchObject({ created: 1, failed: 0 });
    expect((await storedBy(userId, 'name'))['C:\\Tools\\new\\']).toMatchObject({ description: 'Tab\there, \\N and \\\\ two', sku: 'BS-1' });
  });

  it('stores a formula in a name as the text it is, and HTML in a description as text', async () => {
    const file = csv('name,description,price', '=SUM(A1:A9),<b>bold</b> <script>alert(1)</script>,1', '+1 cable,@HYPERLINK("x") description,2', `"'=kept quote",A neutralised cell,3`);
    expect((await importFile(token, { file })).body).toMatchObject({ created: 3, failed: 0 });
    const stored = await storedBy(userId, 'name');
    // The export's neutralising quote comes off again, so an export imports back as it was.
    expect(stored['=kept quote'].description).toBe('A neutralised cell');
    expect(stored['=SUM(A1:A9)'].description).toBe('<b>bold</b> <script>alert(1)</script>');
    expect(stored['+1 cable'].description).toBe('@HYPERLINK("x") description');
  });

  it('reads "12,50", "€4,99" and "$12.50" as the product form does, in price and cost price, and refuses "1,234" as ambiguous and "1e3"', async () => {
    const file = csv('name;price;cost_price', 'Comma price;12,50;4,99', 'Dollar price;$12.50;$3.10', 'Euro price;1.234,50 €;€4,99', 'Ambiguous price;"1,234";', 'Exponent price;1e3;', 'Ambiguous cost;5;"1,234"');
    const dry = await importFile(token, { file, dryRun: true });
    expect(dry.body).toMatchObject({
      dryRun: true,
      rows: 6,
      created: 3,
      failed: 3,
      errors: [
        { row: 5, column: 'price', message: ValidationMessages.ambiguousNumber('Price') },
        { row: 6, column: 'price', message: ValidationMessages.number('Price') },
        { row: 7, column: 'cost_price', message: ValidationMessages.ambiguousNumber('Cost price') },
      ],
    });
    expect(ValidationMessages.ambiguousNumber('Price')).toMatch(/^Price is ambiguous/);
    const ok = csv('name;price;cost_price', 'Comma price;12,50;4,99', 'Dollar price;$12.50;$3.10', 'Euro price;1.234,50 €;€4,99');
    expect((await importFile(token, { file: ok })).body).toMatchObject({ created: 3 });
    const stored = await storedBy(userId, 'name');
    expect([stored['Comma price'].price, stored['Dollar price'].price, stored['Euro price'].price]).toEqual(['12.50', '12.50', '1234.50']);
    expect([stored['Comma price'].cost_price, stored['Dollar price'].cost_price, stored['Euro price'].cost_price]).toEqual(['4.99', '3.10', '4.99']);
  });

  it('reports columns it does not know, and a mapping puts them to use', async () => {
    const file = csv('Label,Cost,Colour,created_at', 'Mapped lamp,4,red,2026-01-01T00:00:00.000Z');
    const dry = await importFile(token, { file, dryRun: true });
    expect(dry.body.columns).toEqual([
      { header: 'Label', field: null, status: 'unmapped' },
      { header: 'Cost', field: 'price', status: 'mapped' },
      { header: 'Colour', field: null, status: 'unmapped' },
      { header: 'created_at', field: null, status: 'ignored' },
    ]);
    expect(dry.body.errors).toEqual([{ row: 2, column: null, message: ValidationMessages.required('Product name') }]);
    const mapped = await importFile(token, { file, mapping: { Label: 'name', Colour: 'category' } });
    expect(mapped.body).toMatchObject({ created: 1, failed: 0 });
    expect(mapped.body.columns[0]).toEqual({ header: 'Label', field: 'name', status: 'mapped' });
    expect((await storedBy(userId, 'name'))['Mapped lamp']).toMatchObject({ price: '4.00', category: 'red' });
  });
});

describe('checking every row', () => {
  let token: string;
  let userId: string;
  beforeAll(async () => {
    ({ token, user: { id: userId } } = await signUpUser(app));
    await createProduct(app, token, { name: 'Existing lamp', sku: 'LAMP-1', quantity: 4 });
  });

  it('a dry run answers the counts and the errors and never writes', async () => {
    const before = await footprint(userId);
    const file = csv(HEADER, 'NEW-1,New lamp,A brand new lamp,Home,10,1', 'NEW-2,X,Too short a name,Home,-3,1.5');
    const answer = await importFile(token, { file, dryRun: true, mode: 'upsert' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      dryRun: true,
      rows: 2,
      created: 1,
      updated: 0,
      failed: 1,
      errorsTruncated: false,
      errors: [
        { row: 3, column: 'name', message: ValidationMessages.minLength('Product name', 2) },
        { row: 3, column: 'price', message: ValidationMessages.minValue('Price', '0.01') },
        { row: 3, column: 'quantity', message: ValidationMessages.wholeNumber('Quantity') },
      ],
    });
    expect(await footprint(userId)).toEqual(before);
  });

  it('duplicate SKUs in the file are errors (ignoring case)', async () => {
    const file = csv(HEADER, 'DUP-1,First,A first product,Home,1,1', 'dup-1,Second,A second product,Home,1,1');
    const answer = await importFile(token, { file, dryRun: true });
    expect(answer.body.errors).toEqual([{ row: 3, column: 'sku', message: ImportMessages.duplicateSkuInFile(2) }]);
  });

  it("in create mode, a SKU of one of the caller's products is an error for that row", async () => {
    const file = csv(HEADER, 'lamp-1,Another lamp,Another desk lamp,Home,3,1');
    const answer = await importFile(token, { file, mode: 'create', dryRun: true });
    expect(answer.body).toMatchObject({ created: 0, failed: 1, errors: [{ row: 2, column: 'sku', message: ImportMessages.skuTaken }] });
    expect(ImportMessages.skuTaken.startsWith(ProductMessages.duplicateSku)).toBe(true);
  });

  it('is all or nothing: one bad row and nothing is written, 400 with the errors', async () => {
    const before = await footprint(userId);
    const good = Array.from({ length: 50 }, (_, i) => `AON-${i},Good product ${i},A fine product,Home,5,${i}`);
    const file = csv(HEADER, ...good, 'AON-X,Bad product,A fine product,Home,abc,1');
    const answer = await importFile(token, { file });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      message: ImportMessages.nothingImported(1),
      code: 'BAD_USER_INPUT',
      dryRun: false,
      created: 50,
      failed: 1,
      errors: [{ row: 52, column: 'price', message: ValidationMessages.number('Price') }],
    });
    expect(await footprint(userId)).toEqual(before);
  });

  it(`lists at most ${IMPORT_LIMITS.maxErrors} errors and says there are more`, async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => `Bad ${i},abc`);
    const answer = await importFile(token, { file: ['name,price', ...rows].join('\n'), dryRun: true });
    expect(answer.body).toMatchObject({ failed: 1200, errorsTruncated: true });
    expect(answer.body.errors).toHaveLength(IMPORT_LIMITS.maxErrors);
  });
});

describe('applying', () => {
  let token: string;
  let userId: string;
  let other: { token: string; id: string };
  beforeAll(async () => {
    ({ token, user: { id: userId } } = await signUpUser(app));
    const second = await signUpUser(app);
    other = { token: second.token, id: second.user.id };
  });

  it('upsert updates by SKU (an IMPORT movement for a changed quantity), creates the rest, counts the unchanged, keeps the totals, and logs one activity item', async () => {
    const lamp = await createProduct(app, token, { name: 'Desk lamp', sku: 'UP-1', quantity: 4, price: 10, description: 'A good desk lamp', category: 'Home' });
    const chair = await createProduct(app, token, { name: 'Chair', sku: 'UP-2', quantity: 1, price: 50, description: 'A sturdy chair', category: 'Home' });
    const file = csv(HEADER, 'up-1,Desk lamp,A good desk lamp,Home,12.5,9', 'UP-2,Chair,A sturdy chair,Home,50,1', 'UP-3,Stool,A small stool,Home,20,2', ',No SKU stool,A stool without a code,Home,5,0');
    const dry = await importFile(token, { file, mode: 'upsert', dryRun: true });
    expect(dry.body).toMatchObject({ created: 2, updated: 1, unchanged: 1, failed: 0 });
    const answer = await importFile(token, { file, mode: 'upsert' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ dryRun: false, created: 2, updated: 1, unchanged: 1, failed: 0, errors: [] });

    const stored = await storedBy(userId, 'name');
    expect(stored['Desk lamp']).toMatchObject({ id: lamp.id, sku: 'up-1', price: '12.50', quantity: 9, version: lamp.version + 1 });
    expect(stored.Chair).toMatchObject({ id: chair.id, version: chair.version });
    expect(stored.Stool).toMatchObject({ sku: 'UP-3', quantity: 2 });
    expect(stored['No SKU stool']).toMatchObject({ sku: null, quantity: 0 });

    const movements = await app.sql(`SELECT product_id, delta, quantity_after, reason FROM stock_movements WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND reason = 'IMPORT' ORDER BY id`, [userId]);
    expect(movements).toEqual(
      expect.arrayContaining([
        { product_id: lamp.id, delta: 5, quantity_after: 9, reason: 'IMPORT' },
        { product_id: stored.Stool.id, delta: 2, quantity_after: 2, reason: 'IMPORT' },
        { product_id: stored['No SKU stool'].id, delta: 0, quantity_after: 0, reason: 'IMPORT' },
      ]),
    );
    expect(movements).toHaveLength(3);
    // Every product's movements still sum to its quantity.
    const unbalanced = await app.sql(
      `SELECT p.id FROM products p LEFT JOIN stock_movements m ON m.product_id = p.id WHERE p.workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) GROUP BY p.id, p.quantity HAVING coalesce(sum(m.delta), 0) <> p.quantity`,
      [userId],
    );
    expect(unbalanced).toEqual([]);

    const stats = (await app.rest('GET', '/api/products/stats', undefined, { token })).body.stats;
    const [exact] = await app.sql(`SELECT count(*)::int AS total, count(*) FILTER (WHERE quantity > 0)::int AS in_stock, sum(price * quantity)::float8 AS value FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)`, [userId]);
    expect(stats).toMatchObject({ totalProducts: exact.total, inStock: exact.in_stock, inventoryValue: exact.value });
    const list = await app.rest('GET', '/api/products?limit=100', undefined, { token });
    expect(list.body.pagination.total).toBe(exact.total);

    const dashboard = await app.rest('GET', '/api/dashboard', undefined, { token });
    expect(dashboard.body.recentActivity[0]).toMatchObject({ kind: 'products_imported', title: ImportMessages.importedTitle, description: 'Imported 3 products (2 new, 1 updated)' });
    expect(ImportMessages.imported(1000, 250)).toBe('Imported 1,250 products (1,000 new, 250 updated)');
    const entries = await app.sql(`SELECT kind FROM activity_log WHERE user_id = $1 AND kind IN ('products_imported', 'product_created', 'product_updated') AND created_at > now() - interval '1 minute'`, [userId]);
    expect(entries.filter((entry) => entry.kind === 'products_imported')).toHaveLength(1);
  });

  it('measures the IMPORT movement from the quantity it replaces: a sale made while the import waits for the product keeps the ledger whole', async () => {
    const shelf = await createProduct(app, token, { name: 'Shelf', sku: 'RACE-1', quantity: 10, price: 30, description: 'A wall shelf', category: 'Home' });
    // Another request sells 3 and holds the row until the import is waiting for it.
    const seller = new Client({ connectionString: app.databaseUrl });
    await seller.connect();
    try {
      await seller.query('BEGIN');
      await seller.query('UPDATE products SET quantity = quantity - 3, version = version + 1 WHERE id = $1', [shelf.id]);
      await seller.query(`INSERT INTO stock_movements (product_id, workspace_id, user_id, delta, quantity_after, reason) VALUES ($1, (SELECT id FROM workspaces WHERE personal_user_id = $2), $2, -3, 7, 'SALE')`, [shelf.id, userId]);
      const answer = importFile(token, { file: csv(HEADER, 'RACE-1,Shelf,A wall shelf,Home,30,12'), mode: 'upsert' });
      const waiting = async () => (await app.sql(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n;
      const deadline = Date.now() + 30_000;
      while ((await waiting()) < 1) if (Date.now() > deadline) throw new Error('the import never waited for the sold product');
      await seller.query('COMMIT');
      expect((await answer).body).toMatchObject({ updated: 1, failed: 0 });
    } finally {
      await seller.end();
    }
    const movements = await app.sql(`SELECT delta, quantity_after, reason FROM stock_movements WHERE product_id = $1 ORDER BY id`, [shelf.id]);
    expect(movements).toEqual([
      { delta: 10, quantity_after: 10, reason: 'INITIAL' },
      { delta: -3, quantity_after: 7, reason: 'SALE' },
      { delta: 5, quantity_after: 12, reason: 'IMPORT' },
    ]);
  });

  it('in create mode, a SKU another request takes while the import waits is a 409 with the SKU message, and the import writes nothing', async () => {
    const { token: racerToken, user: racer } = await signUpUser(app);
    const before = await footprint(racer.id);
    // Another connection creates a product with the file's second SKU and keeps its transaction open, so the
    // import reads no such SKU, plans three new products, and then waits on the unique index for that transaction.
    const other = new Client({ connectionString: app.databaseUrl });
    await other.connect();
    let taken: string;
    try {
      await other.query('BEGIN');
      [{ id: taken }] = (
        await other.query(
          `INSERT INTO products (id, created_by, workspace_id, name, description, price, category, quantity, sku)
           VALUES (gen_random_uuid(), $1, (SELECT id FROM workspaces WHERE personal_user_id = $1), 'Racing lamp', 'Made while the import waited', 5, 'Home', 0, 'RACE-B') RETURNING id`,
          [racer.id],
        )
      ).rows;
      const file = csv(HEADER, 'RACE-A,First lamp,A first lamp,Home,10,1', 'RACE-B,Second lamp,A second lamp,Home,10,2', 'RACE-C,Third lamp,A third lamp,Home,10,3');
      const answer = importFile(racerToken, { file, mode: 'create' });
      const waiting = async () => (await app.sql(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n;
      const deadline = Date.now() + 30_000;
      while ((await waiting()) < 1) if (Date.now() > deadline) throw new Error('the import never waited for the other transaction');
      await other.query('COMMIT');
      expectRestError(await answer, 409, 'CONFLICT', ProductMessages.duplicateSku, { sku: ProductMessages.duplicateSku });
    } finally {
      await other.end();
    }
    expect(ProductMessages.duplicateSku).toBe('A product with this SKU already exists');
    // Only the other transaction's product is there: none of the file's rows, no IMPORT movement, no activity entry.
    expect(Object.keys(await storedBy(racer.id))).toEqual(['RACE-B']);
    expect((await storedBy(racer.id))['RACE-B'].id).toBe(taken!);
    expect(await footprint(racer.id)).toMatchObject({ products: before.products + 1, movements: before.movements, activity: before.activity });
    expect(await app.sql(`SELECT id FROM stock_movements WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND reason = 'IMPORT'`, [racer.id])).toEqual([]);
  });

  it("never matches another user's product by SKU: upsert creates the caller's own", async () => {
    const theirs = await createProduct(app, other.token, { name: 'Their lamp', sku: 'SHARED-1', quantity: 7, price: 3 });
    const answer = await importFile(token, { file: csv(HEADER, 'SHARED-1,My lamp,My own desk lamp,Home,4,1'), mode: 'upsert' });
    expect(answer.body).toMatchObject({ created: 1, updated: 0 });
    expect((await storedBy(other.id)) ['SHARED-1']).toMatchObject({ id: theirs.id, name: 'Their lamp', quantity: 7, version: theirs.version });
    expect((await storedBy(userId))['SHARED-1']).toMatchObject({ name: 'My lamp', quantity: 1 });
  });

  it('never matches a product in the trash: its SKU is free again, so the row is a new product', async () => {
    const trashed = await createProduct(app, token, { name: 'Trashed lamp', sku: 'TRASH-1', quantity: 2 });
    expect((await app.rest('DELETE', `/api/products/${trashed.id}`, undefined, { token })).status).toBe(200);
    const answer = await importFile(token, { file: csv(HEADER, 'TRASH-1,Fresh lamp,A lamp made anew,Home,4,5'), mode: 'upsert' });
    expect(answer.body).toMatchObject({ created: 1, updated: 0 });
    const [row] = await app.sql(`SELECT name, quantity, deleted_at IS NOT NULL AS trashed FROM products WHERE id = $1`, [trashed.id]);
    expect(row).toEqual({ name: 'Trashed lamp', quantity: 2, trashed: true });
  });

  it('imports an Excel workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['SKU', 'Title', 'Stock', 'Price', 'Featured', 'Description']);
    sheet.addRow(['XL-1', 'Workbook lamp', 6, 19.99, true, 'Read from a workbook']);
    sheet.addRow(['XL-2', { richText: [{ text: 'Rich ' }, { text: 'text lamp' }] }, 0, { formula: '2*5', result: 10 }, false, 'A formula price']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const answer = await importFile(token, { file: bytes, name: 'products.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(answer.body).toMatchObject({ created: 2, failed: 0 });
    const stored = await storedBy(userId);
    expect(stored['XL-1']).toMatchObject({ name: 'Workbook lamp', quantity: 6, price: '19.99', featured: true });
    expect(stored['XL-2']).toMatchObject({ name: 'Rich text lamp', quantity: 0, price: '10.00', featured: false });
  });

  /** An .xlsx of one sheet holding `rows` as written (an empty array: an empty row). */
  async function workbookOf(rows: unknown[][]): Promise<Uint8Array<ArrayBuffer>> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Price list');
    for (const row of rows) sheet.addRow(row);
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  }
  const xlsx = { name: 'price-list.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

  it('finds the header of a workbook below a title, and names rows by their number in the sheet', async () => {
    const title = ['Supplier price list, November'];
    const header = ['SKU', 'Name', 'Price', 'Title'];
    const dry = await importFile(token, { ...xlsx, file: await workbookOf([title, [], header, ['TL-1', 'Titled lamp', 5], ['TL-2', 'Titled shade', 'cheap']]), dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.columns).toEqual([
      { header: 'SKU', field: 'sku', status: 'mapped' },
      { header: 'Name', field: 'name', status: 'mapped' },
      { header: 'Price', field: 'price', status: 'mapped' },
      { header: 'Title', field: 'name', status: 'mapped' },
    ]);
    expect(dry.body).toMatchObject({ rows: 2, failed: 1 });
    // The columns' problem is the header row's, the cell's its own row's.
    expect(dry.body.errors).toEqual([
      { row: 3, column: 'Title', message: ImportMessages.sameField('name', ['Name', 'Title']) },
      { row: 5, column: 'Price', message: expect.any(String) },
    ]);

    const applied = await importFile(token, { ...xlsx, file: await workbookOf([title, [], header.slice(0, 3), ['TL-1', 'Titled lamp', 5], ['TL-2', 'Titled shade', 7.5]]) });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ rows: 2, created: 2, failed: 0 });
    const stored = await storedBy(userId);
    expect(stored['TL-1']).toMatchObject({ name: 'Titled lamp', price: '5.00' });
    expect(stored['TL-2']).toMatchObject({ name: 'Titled shade', price: '7.50' });
    // Neither the title nor the header became a product (their first cell would be its SKU).
    expect(Object.keys(stored)).not.toContain(header[0]);
    expect(Object.keys(stored)).not.toContain(title[0]);
  });

  it(`refuses a workbook with no header in its first ${IMPORT_LIMITS.headerSearchRows} rows; headers it does not know are offered to map`, async () => {
    const before = await footprint(userId);
    const notes = Array.from({ length: IMPORT_LIMITS.headerSearchRows }, (_, i) => [`Note ${i + 1}`]);
    const tooLow = await workbookOf([...notes, ['name', 'price'], ['Low lamp', 5]]);
    expectRestError(await importFile(token, { ...xlsx, file: tooLow }), 400, 'BAD_USER_INPUT', ImportMessages.noHeaderRow, { file: ImportMessages.noHeaderRow });
    expectRestError(await importFile(token, { ...xlsx, file: tooLow, dryRun: true }), 400, 'BAD_USER_INPUT', ImportMessages.noHeaderRow, { file: ImportMessages.noHeaderRow });
    expect(ImportMessages.noHeaderRow).toBe("No header row found: none of the first 20 rows names a product's name and price, or two columns to map");
    expect(await footprint(userId)).toEqual(before);

    // A supplier's own words under a title: the title is passed over, the row of two columns is the header to map.
    const unknown = await workbookOf([['Supplier price list'], ['Bezeichnung', 'Preis'], ['Unnamed lamp', 5]]);
    const preview = await importFile(token, { ...xlsx, file: unknown, dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body.columns.map((c: { header: string; status: string }) => [c.header, c.status])).toEqual([
      ['Bezeichnung', 'unmapped'],
      ['Preis', 'unmapped'],
    ]);
    const mapped = await importFile(token, { ...xlsx, file: unknown, dryRun: true, mapping: { Bezeichnung: 'name', Preis: 'price' } });
    expect(mapped.status).toBe(200);
    expect(mapped.body).toMatchObject({ rows: 1, created: 1, failed: 0, errors: [] });
  });

  it("analyses the catalogue's tables once an import changed as many rows as autovacuum waits for, and not for a few rows", async () => {
    // Until they are analysed the planner has no statistics for the new rows, and the first stock changes after a large import ran slow.
    const tables = ['products', 'stock_levels', 'stock_movements'];
    const analyses = async () =>
      Object.fromEntries((await app.sql<{ relname: string; n: number }>(`SELECT relname, analyze_count::int AS n FROM pg_stat_user_tables WHERE relname = ANY($1)`, [tables])).map((row) => [row.relname, row.n]));
    // Autovacuum's own rule: more changed rows than its threshold plus its scale factor of the table's rows at the last analysis.
    const [{ enough }] = await app.sql<{ enough: number }>(
      `SELECT (current_setting('autovacuum_analyze_threshold')::int + ceil(current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(max(reltuples), 0)))::int + 1 AS enough
       FROM pg_class WHERE relname = ANY($1) AND relnamespace = 'public'::regnamespace`,
      [tables],
    );
    const csvOf = (prefix: string, rows: number) => ['sku,name,price,quantity', ...Array.from({ length: rows }, (_, i) => `${prefix}-${i},Analysed ${i},2.50,${i + 1}`)].join('\n');
    const { token: importer } = await signUpUser(app);

    const before = await analyses();
    expect(await importFile(importer, { file: csvOf('AN', enough) })).toMatchObject({ status: 200, body: { created: enough, failed: 0 } });
    const after = await analyses();
    expect(after).toEqual(Object.fromEntries(tables.map((table) => [table, before[table] + 1])));

    expect(await importFile(importer, { file: csvOf('FEW', 3) })).toMatchObject({ status: 200, body: { created: 3, failed: 0 } });
    expect(await analyses()).toEqual(after);
  });

  it('imports its own export back: CSV and XLSX, unchanged in upsert mode, the same products for someone else', async () => {
    const { token: exporter, user } = await signUpUser(app);
    await createProduct(app, exporter, { name: 'Apple corer', description: 'Cores apples, in one push', price: 4.5, category: 'Kitchen', quantity: 10, sku: 'AC-1', barcode: '4006381333931', reorderLevel: 3, featured: true, imageUrl: 'https://images.example.com/a.png' });
    await createProduct(app, exporter, { name: '=Banana "hanger"', description: 'Line one\nline two, with "quotes"', price: 12, category: 'Kitchen', quantity: 0 });
    await createProduct(app, exporter, { name: 'Crème brûlée torch 🔥', description: '<i>Caramelises</i> sugar; naïve façade', price: 29.99, category: 'Kitchen', quantity: 2, sku: 'CB-2' });
    for (const format of ['csv', 'xlsx']) {
      const exported = Buffer.from(await (await fetch(`${app.url}/api/products/export?format=${format}`, { headers: { authorization: `Bearer ${exporter}` } })).arrayBuffer());
      const again = await importFile(exporter, { file: exported, name: `export.${format}`, mode: 'upsert', dryRun: true });
      // The row without a SKU cannot be matched: it would be a new product; the others are unchanged.
      expect(again.body).toMatchObject({ rows: 3, created: 1, updated: 0, unchanged: 2, failed: 0 });
      expect(again.body.columns.filter((c: { status: string }) => c.status === 'ignored').map((c: { header: string }) => c.header)).toEqual(['created_at', 'updated_at', 'id']);
      expect(again.body.columns.filter((c: { status: string }) => c.status === 'unmapped')).toEqual([]);

      const { token: importer, user: importerUser } = await signUpUser(app);
      const copy = await importFile(importer, { file: exported, name: `export.${format}` });
      expect(copy.body).toMatchObject({ created: 3, failed: 0 });
      const strip = (rows: Record<string, Record<string, unknown>>) =>
        Object.keys(rows)
          .sort()
          .map((name) => ({ ...rows[name], id: undefined, version: undefined }));
      expect(strip(await storedBy(importerUser.id, 'name'))).toEqual(strip(await storedBy(user.id, 'name')));
    }
  });
});
