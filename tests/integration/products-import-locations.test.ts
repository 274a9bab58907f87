import ExcelJS from 'exceljs';
import { ImportMessages, WORKSPACE_HEADER } from '@stockroom/schema';
import { brokenLedgers, brokenLevels } from '../support/stock-ledger';
import { signUpUser, startTestApp, type HttpAnswer, type TestApp } from '../support/test-app';

/**
 * POST /api/products/import with a `location` column (a location's path or
 * code) and a `location_quantity` column: each row sets one stock level, an
 * export by location imports back to the same levels, and the ledger holds
 * at every level.
 */

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUpUser>>;
beforeAll(async () => {
  app = await startTestApp();
  owner = await signUpUser(app, { firstName: 'Lena' });
});
afterAll(() => app?.close());

afterEach(async () => {
  expect(await brokenLevels(app)).toEqual([]);
  expect(await brokenLedgers(app)).toEqual([]);
});

const inWorkspace = (workspaceId: string) => ({ authorization: `Bearer ${owner.token}`, [WORKSPACE_HEADER]: workspaceId });

async function newWorkspace(name: string): Promise<string> {
  const answer = await app.rest('POST', '/api/workspaces', { name }, { token: owner.token });
  expect(answer.status).toBe(201);
  return answer.body.workspace.id;
}

async function newLocation(workspaceId: string, body: Record<string, unknown>): Promise<{ id: string; path: string }> {
  const answer = await app.rest('POST', '/api/locations', body, { token: owner.token, headers: { [WORKSPACE_HEADER]: workspaceId } });
  expect(answer.status).toBe(201);
  return answer.body.location;
}

/** Shop (code SH) with Back room under it, beside the default Main. */
async function shopLocations(workspaceId: string) {
  const shop = await newLocation(workspaceId, { name: 'Shop', code: 'SH' });
  const room = await newLocation(workspaceId, { name: 'Back room', code: 'BR-1', parentId: shop.id });
  return { shop, room };
}

/** Posts the import form into `workspaceId`, as a browser does. */
async function importInto(workspaceId: string, file: string | Uint8Array<ArrayBuffer>, options: { mode?: string; dryRun?: boolean; name?: string } = {}): Promise<HttpAnswer> {
  const body = new FormData();
  const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file;
  body.append('file', new Blob([bytes]), options.name ?? 'products.csv');
  if (options.mode) body.append('mode', options.mode);
  if (options.dryRun !== undefined) body.append('dryRun', String(options.dryRun));
  const response = await fetch(`${app.url}/api/products/import`, { method: 'POST', headers: inWorkspace(workspaceId), body });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Every level of the workspace as "SKU or name @ path = quantity", sorted: what a round trip must keep. */
async function levelsIn(workspaceId: string): Promise<string[]> {
  const rows = await app.sql<{ line: string }>(
    `WITH RECURSIVE tree AS (
       SELECT id, name::text AS path FROM locations WHERE workspace_id = $1 AND parent_id IS NULL
       UNION ALL SELECT l.id, t.path || ' / ' || l.name FROM locations AS l JOIN tree AS t ON l.parent_id = t.id)
     SELECT coalesce(p.sku, p.name) || ' @ ' || t.path || ' = ' || s.quantity AS line
     FROM stock_levels AS s JOIN products AS p ON p.id = s.product_id JOIN tree AS t ON t.id = s.location_id
     WHERE p.workspace_id = $1 AND p.deleted_at IS NULL AND s.quantity <> 0`,
    [workspaceId],
  );
  return rows.map((row) => row.line).sort();
}

const totalsIn = async (workspaceId: string) =>
  (await app.sql<{ line: string }>(`SELECT coalesce(sku, name) || ' = ' || quantity AS line FROM products WHERE workspace_id = $1 AND deleted_at IS NULL`, [workspaceId])).map((row) => row.line).sort();

const importEntries = async (workspaceId: string) =>
  (await app.sql<{ details: unknown }>(`SELECT details FROM activity_log WHERE workspace_id = $1 AND kind = 'products_imported' ORDER BY id`, [workspaceId])).map((row) => row.details);

async function exportCsv(workspaceId: string, query: string): Promise<string> {
  const response = await fetch(`${app.url}/api/products/export?${query}`, { headers: inWorkspace(workspaceId) });
  expect(response.status).toBe(200);
  return (await response.text()).replace(/^\uFEFF/, '');
}

const HEADER = 'sku,name,price,location,location_quantity';

describe('the round trip', () => {
  it('an export by location imports into a fresh workspace with the same locations as the same levels, one IMPORT movement a level', async () => {
    const from = await newWorkspace('Round trip from');
    const { shop, room } = await shopLocations(from);
    const create = async (body: Record<string, unknown>) => (await app.rest('POST', '/api/products', { description: 'A lamp for the round trip', category: 'Lamps', price: 4, ...body }, { token: owner.token, headers: { [WORKSPACE_HEADER]: from } })).body.product.id as string;
    const spread = await create({ name: 'Spread lamp', sku: 'RT-1', quantity: 9 });
    const noSku = await create({ name: 'Lamp without a SKU', quantity: 5 });
    await create({ name: 'Empty lamp', sku: 'RT-3', quantity: 0 });
    const main = (await app.rest('GET', '/api/locations', undefined, { token: owner.token, headers: { [WORKSPACE_HEADER]: from } })).body.locations.find((l: { isDefault: boolean }) => l.isDefault);
    const move = (id: string, to: string, quantity: number) => app.rest('POST', `/api/products/${id}/transfer`, { fromLocationId: main.id, toLocationId: to, quantity }, { token: owner.token, headers: { [WORKSPACE_HEADER]: from } });
    expect((await move(spread, room.id, 4)).status).toBe(200);
    expect((await move(spread, shop.id, 2)).status).toBe(200);
    expect((await move(noSku, room.id, 5)).status).toBe(200);
    const file = await exportCsv(from, 'format=csv&rows=location');

    const to = await newWorkspace('Round trip to');
    await shopLocations(to);
    const checked = await importInto(to, file, { dryRun: true });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ rows: 5, created: 3, updated: 0, failed: 0, errors: [] });
    expect(checked.body.columns.slice(-2)).toEqual([
      { header: 'location', field: 'location', status: 'mapped' },
      { header: 'location_quantity', field: 'locationQuantity', status: 'mapped' },
    ]);
    const applied = await importInto(to, file);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ created: 3, updated: 0, failed: 0 });

    expect(await levelsIn(to)).toEqual(await levelsIn(from));
    expect(await levelsIn(to)).toEqual(['Lamp without a SKU @ Shop / Back room = 5', 'RT-1 @ Main = 3', 'RT-1 @ Shop / Back room = 4', 'RT-1 @ Shop = 2']);
    expect(await totalsIn(to)).toEqual(await totalsIn(from));
    expect(await importEntries(to)).toEqual([{ created: 3, updated: 0 }]);
    const moves = await app.sql<{ reason: string; n: number }>(
      `SELECT reason, count(*)::int AS n FROM stock_movements WHERE workspace_id = $1 GROUP BY reason`, [to]);
    expect(moves).toEqual([{ reason: 'IMPORT', n: 5 }]);

    // The same file again, in update mode: every level of a matched product already holds what it says
    // (a product without a SKU matches nothing, so it is new again, as in any import).
    const again = await importInto(to, file, { mode: 'upsert' });
    expect(again.body).toMatchObject({ created: 1, updated: 0, unchanged: 2 });
    expect((await levelsIn(to)).filter((line) => line.startsWith('RT-'))).toEqual((await levelsIn(from)).filter((line) => line.startsWith('RT-')));
  });
});

describe('a file with a location column', () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = await newWorkspace('Import shop');
    await shopLocations(shopId);
  });

  it('a CSV: the path (any case, padded) or the code names the location; without location_quantity, the quantity goes there', async () => {
    const file = ['sku,name,price,quantity,location', 'CSV-1,Desk lamp,10,6, shop / BACK ROOM ', 'CSV-2,Floor lamp,20,3,sh', 'CSV-3,Wall lamp,30,2,'].join('\n');
    const answer = await importInto(shopId, file);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ created: 3, failed: 0 });
    expect((await levelsIn(shopId)).filter((line) => line.startsWith('CSV-'))).toEqual(['CSV-1 @ Shop / Back room = 6', 'CSV-2 @ Shop = 3', 'CSV-3 @ Main = 2']);
  });

  it('an XLSX with codes: one product over several rows sets each level; in update mode, levels the file leaves out keep what they hold', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Products');
    sheet.addRows([
      ['SKU', 'Name', 'Price', 'Location', 'Location quantity'],
      ['XL-1', 'Pendant lamp', 15, 'BR-1', 7],
      ['XL-1', 'Pendant lamp', 15, 'SH', 1],
      ['XL-1', 'Pendant lamp', 15, 'Main', 2],
    ]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const created = await importInto(shopId, bytes, { name: 'products.xlsx' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ rows: 3, created: 1, updated: 0 });
    expect((await levelsIn(shopId)).filter((line) => line.startsWith('XL-'))).toEqual(['XL-1 @ Main = 2', 'XL-1 @ Shop / Back room = 7', 'XL-1 @ Shop = 1']);
    expect((await totalsIn(shopId)).filter((line) => line.startsWith('XL-'))).toEqual(['XL-1 = 10']);

    // Back room to 3 and Shop to 0; Main, left out, keeps its 2.
    const update = [HEADER, 'XL-1,Pendant lamp,15,Shop / Back room,3', 'XL-1,Pendant lamp,15,SH,0'].join('\n');
    const updated = await importInto(shopId, update, { mode: 'upsert' });
    expect(updated.body).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect((await levelsIn(shopId)).filter((line) => line.startsWith('XL-'))).toEqual(['XL-1 @ Main = 2', 'XL-1 @ Shop / Back room = 3']);
    expect((await totalsIn(shopId)).filter((line) => line.startsWith('XL-'))).toEqual(['XL-1 = 5']);
    expect((await importEntries(shopId)).at(-1)).toEqual({ created: 0, updated: 1 });
  });

  it('in update mode without location_quantity, the quantity sets the level it names; a blank location_quantity leaves its level', async () => {
    expect((await importInto(shopId, ['sku,name,price,quantity,location', 'UPD-1,Reading lamp,12,5,Main', 'UPD-1,Reading lamp,12,4,SH'].join('\n'))).status).toBe(200);
    const moved = await importInto(shopId, ['sku,quantity,location', 'UPD-1,1,sh'].join('\n'), { mode: 'upsert' });
    expect(moved.body).toMatchObject({ created: 0, updated: 1 });
    expect((await levelsIn(shopId)).filter((line) => line.startsWith('UPD-'))).toEqual(['UPD-1 @ Main = 5', 'UPD-1 @ Shop = 1']);
    const kept = await importInto(shopId, ['sku,quantity,location,location_quantity', 'UPD-1,99,Main,', 'UPD-1,99,Shop,1'].join('\n'), { mode: 'upsert' });
    expect(kept.body).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect((await totalsIn(shopId)).filter((line) => line.startsWith('UPD-'))).toEqual(['UPD-1 = 6']);
  });

  it('an unknown location is that row\'s error, in the row errors\' format; the import writes nothing', async () => {
    const before = await levelsIn(shopId);
    const file = [HEADER, 'UNK-1,Good lamp,5,Shop,4', 'UNK-2,Lost lamp,5,Garage,1', 'UNK-3,Twice lamp,5,Shop,1', 'UNK-3,Twice lamp,5,sh,2'].join('\n');
    const checked = await importInto(shopId, file, { dryRun: true });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ created: 2, failed: 2 });
    expect(checked.body.errors).toEqual([
      { row: 3, column: 'location', message: ImportMessages.unknownLocation('Garage') },
      { row: 5, column: 'location', message: ImportMessages.duplicateLocationInFile(4) },
    ]);
    const refused = await importInto(shopId, file);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'BAD_USER_INPUT', message: ImportMessages.nothingImported(2), errors: checked.body.errors });
    expect(await levelsIn(shopId)).toEqual(before);
    expect((await totalsIn(shopId)).filter((line) => line.startsWith('UNK-'))).toEqual([]);
  });

  it("another workspace's location is unknown here, by its path or its code", async () => {
    const other = await newWorkspace('Other shop');
    await newLocation(other, { name: 'Garage', code: 'GAR' });
    const file = [HEADER, 'OTH-1,Garage lamp,5,Garage,1', 'OTH-2,Coded lamp,5,GAR,1'].join('\n');
    const answer = await importInto(shopId, file, { dryRun: true });
    expect(answer.body.errors).toEqual([
      { row: 2, column: 'location', message: ImportMessages.unknownLocation('Garage') },
      { row: 3, column: 'location', message: ImportMessages.unknownLocation('GAR') },
    ]);
  });

  it('rows of one product must agree on its other cells', async () => {
    const file = [HEADER, 'DIF-1,Lamp,5,Main,1', 'DIF-1,Lamp,6,Shop,1'].join('\n');
    const answer = await importInto(shopId, file, { dryRun: true });
    expect(answer.body.errors).toEqual([{ row: 3, column: null, message: ImportMessages.productDiffersInFile(2) }]);
  });

  it('without a location column, a SKU twice in the file is still an error and the quantity lands at the default location', async () => {
    const twice = await importInto(shopId, ['sku,name,price,quantity', 'PLN-1,Lamp,5,3', 'PLN-1,Lamp,5,3'].join('\n'), { dryRun: true });
    expect(twice.body.errors).toEqual([{ row: 3, column: 'sku', message: ImportMessages.duplicateSkuInFile(2) }]);
    expect((await importInto(shopId, ['sku,name,price,quantity', 'PLN-1,Lamp,5,3'].join('\n'))).status).toBe(200);
    expect((await levelsIn(shopId)).filter((line) => line.startsWith('PLN-'))).toEqual(['PLN-1 @ Main = 3']);
  });
});
