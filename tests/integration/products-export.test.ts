import ExcelJS from 'exceljs';
import type { ProductRecord } from '../support/product-shapes';
import { createProduct } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * GET /api/products/export: the list's filters and sort, written as CSV
 * (RFC 4180, BOM, CRLF, formulas neutralised) or XLSX, only the caller's
 * products, and the list's own errors for bad parameters.
 */

let app: TestApp;
let token: string;
let otherToken: string;
const made: ProductRecord[] = [];

const HEADER = ['sku', 'name', 'description', 'category', 'price', 'cost_price', 'quantity', 'reorder_level', 'barcode', 'featured', 'image_url', 'created_at', 'updated_at', 'id'];
const BOM = '\uFEFF';

/** A CSV file's records (RFC 4180: quoted fields may hold commas, doubled quotes, CR and LF); every line must end in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else if (i >= text.length) throw new Error('unterminated quoted field');
        else field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') field += text[i++];
    }
    record.push(field);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else throw new Error(`expected a comma or CRLF at ${i}, got ${JSON.stringify(text.slice(i, i + 10))}`);
  }
  if (record.length) throw new Error('the last record does not end in CRLF');
  return records;
}

/** The export for `query`, as the caller with `authToken` (null: no Authorization header). */
async function download(query: string, authToken: string | null = token) {
  const response = await fetch(`${app.url}/api/products/export${query}`, { headers: authToken === null ? {} : { authorization: `Bearer ${authToken}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The CSV export for `query`: its text (BOM checked and removed) and its records as objects by header name. */
async function csv(query = '') {
  const answer = await download(`?format=csv${query}`);
  expect(answer.status).toBe(200);
  const text = answer.bytes.toString('utf8');
  expect(text.startsWith(BOM)).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  expect(header).toEqual(HEADER);
  return { text: text.slice(1), rows: rows.map((row) => Object.fromEntries(HEADER.map((key, i) => [key, row[i]]))) };
}

/** A neutralised cell as it was stored: without the `'` put before a leading =, +, -, @, tab or CR. */
const unneutralised = (cell: string) => cell.replace(/^'(?=[=+\-@\t\r])/, '');
const namesOf = (rows: Array<Record<string, string>>) => rows.map((row) => unneutralised(row.name));

beforeAll(async () => {
  app = await startTestApp();
  token = (await signUpUser(app)).token;
  otherToken = (await signUpUser(app)).token;
  const inputs: Array<Record<string, unknown>> = [
    { name: 'Apple corer', description: 'Cores apples, in one push', price: 4.5, category: 'Kitchen', quantity: 10, sku: 'AC-1', barcode: '4006381333931', reorderLevel: 3, featured: true, imageUrl: 'https://images.example.com/a.png' },
    { name: 'Banana "hanger"', description: 'Line one\nline two, with "quotes"', price: 12, category: 'Kitchen', quantity: 0 },
    { name: 'Crème brûlée torch 🔥', description: 'Caramelises sugar; naïve façade', price: 29.99, category: 'Kitchen', quantity: 2, reorderLevel: 5 },
    { name: '=HYPERLINK("http://evil.example","click")', description: '+SUM(A1:A2) looks like a formula', price: 1, category: 'Tools', quantity: 4, sku: '-5' },
    { name: '@import a name', description: '-2+3 is not arithmetic here', price: 2, category: 'Tools', quantity: 7 },
    { name: "Robert'); DROP TABLE products;--", description: '<script>alert("x")</script> & <b>bold</b>', price: 3, category: 'Tools', quantity: 1, reorderLevel: 1 },
  ];
  for (const [index, input] of inputs.entries()) {
    const product = await createProduct(app, token, input);
    // One hour apart, the first the oldest, so date order is the order above.
    await app.sql(`UPDATE products SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [product.id, inputs.length - index]);
    made.push(product);
  }
  // The API trims text, so a leading tab or carriage return can only come from elsewhere (an import, an older client).
  await app.sql(`UPDATE products SET description = E'\\tTabbed description' WHERE id = $1`, [made[4].id]);
  await app.sql(`UPDATE products SET category = E'\\rCR category' WHERE id = $1`, [made[5].id]);
  await createProduct(app, otherToken, { name: 'Apple of someone else', category: 'Kitchen', quantity: 3 });
});
afterAll(() => app?.close());

describe('the CSV file', () => {
  it('is a download named for today, with a BOM, the header in column order, CRLF lines and one row per product, newest first', async () => {
    const answer = await download('?format=csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="stockroom-products-${today}.csv"`);
    expect(answer.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = answer.bytes.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe(HEADER.join(','));
    // Outside quoted cells every line ends in CRLF (parseCsv refuses anything else): no bare LF or CR is left.
    const unquoted = text.replace(/"(?:[^"]|"")*"/g, '');
    expect(unquoted.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const { rows } = await csv();
    expect(rows.map((row) => row.id)).toEqual([...made].reverse().map((p) => p.id));
  });

  it('writes every column of a product as stored', async () => {
    const { rows } = await csv();
    const apple = rows.find((row) => row.sku === 'AC-1')!;
    const [stored] = await app.sql(`SELECT created_at, updated_at FROM products WHERE id = $1`, [made[0].id]);
    expect(apple).toEqual({
      sku: 'AC-1',
      name: 'Apple corer',
      description: 'Cores apples, in one push',
      category: 'Kitchen',
      price: '4.50',
      cost_price: '',
      quantity: '10',
      reorder_level: '3',
      barcode: '4006381333931',
      featured: 'true',
      image_url: 'https://images.example.com/a.png',
      created_at: stored.created_at.toISOString(),
      updated_at: stored.updated_at.toISOString(),
      id: made[0].id,
    });
    const banana = rows.find((row) => row.id === made[1].id)!;
    expect(banana).toMatchObject({ sku: '', reorder_level: '', barcode: '', featured: 'false', image_url: '', price: '12.00', quantity: '0' });
  });

  it('quotes commas, quotes and newlines inside cells, and keeps accents and emoji', async () => {
    const { text, rows } = await csv();
    expect(text).toContain('"Banana ""hanger"""');
    expect(text).toContain('"Line one\nline two, with ""quotes"""');
    expect(text).toContain('"Cores apples, in one push"');
    const banana = rows.find((row) => row.id === made[1].id)!;
    expect(banana.description).toBe('Line one\nline two, with "quotes"');
    expect(rows.find((row) => row.id === made[2].id)).toMatchObject({ name: 'Crème brûlée torch 🔥', description: 'Caramelises sugar; naïve façade' });
  });

  it.each([
    ['=', 3, 'name', `'=HYPERLINK("http://evil.example","click")`],
    ['+', 3, 'description', "'+SUM(A1:A2) looks like a formula"],
    ['-', 3, 'sku', "'-5"],
    ['@', 4, 'name', "'@import a name"],
    ['tab', 4, 'description', "'\tTabbed description"],
    ['carriage return', 5, 'category', "'\rCR category"],
  ])('neutralises a cell starting with %s', async (_lead, index, column, expected) => {
    const { rows } = await csv();
    expect(rows.find((row) => row.id === made[index].id)![column]).toBe(expected);
  });

  it('keeps HTML and SQL fragments as text', async () => {
    const { rows } = await csv();
    expect(rows.find((row) => row.id === made[5].id)).toMatchObject({ name: "Robert'); DROP TABLE products;--", description: '<script>alert("x")</script> & <b>bold</b>' });
    expect((await app.sql(`SELECT count(*)::int AS n FROM products`))[0].n).toBe(made.length + 1);
  });
});

describe('filters and sort', () => {
  it.each([
    ['search', '&search=apple', ['Apple corer']],
    ['search on the description', '&search=caramelises', ['Crème brûlée torch 🔥']],
    ['category', '&category=Tools', ['@import a name', '=HYPERLINK("http://evil.example","click")']],
    ['inStock=false', '&inStock=false', ['Banana "hanger"']],
    ['inStock=true with a category', '&inStock=true&category=Kitchen', ['Crème brûlée torch 🔥', 'Apple corer']],
    ['stockStatus=low', '&stockStatus=low', ["Robert'); DROP TABLE products;--", 'Crème brûlée torch 🔥']],
    ['sort by price ascending', '&sortBy=price&sortOrder=asc', ['=HYPERLINK("http://evil.example","click")', '@import a name', "Robert'); DROP TABLE products;--", 'Apple corer', 'Banana "hanger"', 'Crème brûlée torch 🔥']],
    ['sort by name descending', '&sortBy=name&sortOrder=desc', ["Robert'); DROP TABLE products;--", 'Crème brûlée torch 🔥', 'Banana "hanger"', 'Apple corer', '@import a name', '=HYPERLINK("http://evil.example","click")']],
  ])('applies %s as the list does', async (_case, query, names) => {
    const { rows } = await csv(query);
    expect(namesOf(rows)).toEqual(names);
    // The same products, in the same order, as every page of the list with those parameters.
    const list = await app.rest('GET', `/api/products?limit=100${query}`, undefined, { token });
    expect(list.status).toBe(200);
    expect(rows.map((row) => row.id)).toEqual(list.body.products.map((p: ProductRecord) => p.id));
  });

  it("never includes another user's products, and an empty catalogue is just the header", async () => {
    const other = await csv('&search=apple');
    expect(namesOf(other.rows)).not.toContain('Apple of someone else');
    const empty = (await signUpUser(app)).token;
    const answer = await download('?format=csv', empty);
    expect(answer.status).toBe(200);
    expect(answer.bytes.toString('utf8')).toBe(`${BOM}${HEADER.join(',')}\r\n`);
  });
});

describe('refusals', () => {
  it('answers 401 without a token or with a bad one, as every /api route does', async () => {
    for (const bad of [null, 'not-a-token']) {
      const answer = await download('?format=csv', bad);
      const list = await app.rest('GET', '/api/products', undefined, { token: bad ?? undefined });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual(list.body);
    }
  });

  it('answers 400 for an unknown format', async () => {
    for (const format of ['pdf', 'CSVX', '']) {
      const answer = await download(`?format=${format}`);
      if (format === '') {
        expect(answer.status).toBe(200);
        continue;
      }
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual({
        message: 'Format must be one of csv, xlsx',
        code: 'BAD_USER_INPUT',
        fields: { format: 'Format must be one of csv, xlsx' },
      });
    }
    expect((await download('?format=csv&format=xlsx')).status).toBe(400);
  });

  it.each(['inStock=yes', 'stockStatus=nearly', 'sortBy=colour', 'sortOrder=up', `search=${'x'.repeat(101)}`, `category=${'c'.repeat(51)}`, 'page=0'])(
    'answers %s with the list’s own 400',
    async (query) => {
      const answer = await download(`?format=csv&${query}`);
      const list = await app.rest('GET', `/api/products?${query}`, undefined, { token });
      expect(list.status).toBe(400);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual(list.body);
    },
  );
});

describe('the XLSX file', () => {
  it('opens with exceljs and holds the same rows as the CSV', async () => {
    const answer = await download('?format=xlsx&sortBy=name&sortOrder=asc');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="stockroom-products-${new Date().toISOString().slice(0, 10)}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(HEADER);
    const { rows } = await csv('&sortBy=name&sortOrder=asc');
    expect(values).toHaveLength(rows.length + 1);
    for (const [i, row] of rows.entries()) {
      const cells = Object.fromEntries(HEADER.map((key, c) => [key, values[i + 1][c]]));
      expect(cells.id).toBe(row.id);
      expect(cells.name).toBe(unneutralised(row.name));
      expect(cells.description).toBe(unneutralised(row.description));
      expect(cells.price).toBe(Number(row.price));
      expect(cells.quantity).toBe(Number(row.quantity));
      expect(cells.featured).toBe(row.featured === 'true');
      expect((cells.created_at as Date).toISOString()).toBe(row.created_at);
      expect(cells.reorder_level ?? '').toBe(row.reorder_level === '' ? '' : Number(row.reorder_level));
    }
  });

  it('shows its dates whole and its money with two decimals', async () => {
    await app.sql(`UPDATE products SET cost_price = 2.5 WHERE id = $1`, [made[0].id]);
    const answer = await download('?format=xlsx&sortBy=name&sortOrder=asc');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const shownDate = '2026-11-28 22:05:09';
    for (const key of ['created_at', 'updated_at']) {
      const column = sheet.getColumn(HEADER.indexOf(key) + 1);
      expect(column.width).toBeGreaterThanOrEqual(shownDate.length);
      expect(sheet.getCell(2, HEADER.indexOf(key) + 1).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    }
    let moneyCells = 0;
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      for (const key of ['price', 'cost_price']) {
        const cell = row.getCell(HEADER.indexOf(key) + 1);
        if (cell.value === null) continue;
        expect(cell.numFmt).toBe('#,##0.00');
        moneyCells += 1;
      }
    });
    expect(moneyCells).toBe(made.length + 1);
  });

  it('of an empty catalogue holds just the header', async () => {
    const answer = await download('?format=xlsx&search=nothing-matches-this');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.bytes as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values).toEqual([HEADER]);
  });
});

describe('a long export', () => {
  const BULK = 50_000;
  let bulkToken: string;

  beforeAll(async () => {
    const bulk = await signUpUser(app);
    bulkToken = bulk.token;
    await app.sql(
      `INSERT INTO products (id, created_by, workspace_id, name, description, price, category, quantity)
       SELECT gen_random_uuid(), $1, (SELECT id FROM workspaces WHERE personal_user_id = $1), 'Bulk ' || g, repeat('A long description. ', 10), 1 + g % 100, 'Bulk', g % 7 FROM generate_series(1, $2::int) AS g`,
      [bulk.user.id, BULK],
    );
  });

  /**
   * Server connections of the export that are still running a statement (a cursor left open, or its connection never given back).
   * This app's database only: the other suites' apps share the PostgreSQL and export too.
   */
  const exportsRunning = async () =>
    (await app.sql(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%to_char(created_at AT TIME ZONE%' AND state <> 'idle' AND pid <> pg_backend_pid()`))[0].n as number;

  async function untilNoExportRuns() {
    for (let tries = 0; tries < 100 && (await exportsRunning()) > 0; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    return exportsRunning();
  }

  it('streams every row', async () => {
    const answer = await download('?format=csv', bulkToken);
    expect(answer.status).toBe(200);
    expect(answer.bytes.toString('utf8').split('\r\n')).toHaveLength(BULK + 2);
  });

  it('closes its cursor and gives its connection back when the client goes away part way', async () => {
    const aborted = new AbortController();
    const response = await fetch(`${app.url}/api/products/export?format=csv`, { headers: { authorization: `Bearer ${bulkToken}` }, signal: aborted.signal });
    const reader = response.body!.getReader();
    await reader.read();
    // The server is now held up by the unread response, its cursor open.
    expect(await exportsRunning()).toBe(1);
    aborted.abort();
    expect(await untilNoExportRuns()).toBe(0);
    // The pool still serves: as many exports in a row as it has connections, and more.
    for (let i = 0; i < 12; i++) expect((await download('?format=csv&search=Bulk 4999', bulkToken)).status).toBe(200);
  });

  it('runs at most a quarter of the pool at once: one more is told 429 with Retry-After, and a slot given back takes the next', async () => {
    const slots = Math.max(1, Math.floor(app.config.databasePoolMax / 4));
    const open = () => fetch(`${app.url}/api/products/export?format=csv`, { headers: { authorization: `Bearer ${bulkToken}` }, signal: AbortSignal.timeout(60_000) });
    const held = [];
    for (let i = 0; i < slots; i++) {
      const aborted = new AbortController();
      const response = await fetch(`${app.url}/api/products/export?format=csv`, { headers: { authorization: `Bearer ${bulkToken}` }, signal: aborted.signal });
      expect(response.status).toBe(200);
      // Read once, then left unread: the export waits on its client, holding its slot and its connection.
      await response.body!.getReader().read();
      held.push(aborted);
    }
    const refused = await open();
    expect({ status: refused.status, retryAfter: refused.headers.get('retry-after'), body: await refused.json() }).toEqual({
      status: 429,
      retryAfter: '5',
      body: { code: 'TOO_MANY_REQUESTS', message: 'Other imports or exports are running. Please try again in a few seconds' },
    });
    // The rest of the app is not held up meanwhile.
    expect((await app.rest('GET', '/api/products?limit=1', undefined, { token: bulkToken })).status).toBe(200);
    held.shift()!.abort();
    let next = 429;
    for (let tries = 0; tries < 50 && next === 429; tries++) {
      next = (await download('?format=csv&search=Bulk 4999', bulkToken)).status;
      if (next === 429) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(next).toBe(200);
    for (const aborted of held) aborted.abort();
    expect(await untilNoExportRuns()).toBe(0);
  });

  it('cuts the download short, and keeps serving, when the database fails part way', async () => {
    const response = await fetch(`${app.url}/api/products/export?format=csv`, { headers: { authorization: `Bearer ${bulkToken}` } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    await app.sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%to_char(created_at AT TIME ZONE%' AND pid <> pg_backend_pid()`);
    await expect((async () => {
      for (;;) if ((await reader.read()).done) return 'ended';
    })()).rejects.toThrow();
    expect(await untilNoExportRuns()).toBe(0);
    const after = await download('?format=csv&search=Bulk 4999', bulkToken);
    expect(after.status).toBe(200);
    expect(after.bytes.toString('utf8').split('\r\n').length).toBeGreaterThan(2);
  });
});
