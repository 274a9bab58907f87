import { ImportMessages, ProductMessages } from '@stockroom/schema';
import { CREATE_PRODUCT, UPDATE_PRODUCT, countProducts, createProduct, expectGqlError, expectRestError, productInput, storedProduct } from '../support/products';
import { createDatabase, signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * A barcode is unique among one owner's live products, as a SKU is, so a scan
 * finds exactly one product: create, update, restore and import all refuse
 * one another live product of the catalogue has, with the barcode's own 409.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const TAKEN = ProductMessages.duplicateBarcode;
const FIELDS = { barcode: TAKEN };
const RESTORE = `mutation Restore($id: ID!) { restoreProduct(id: $id) { id barcode } }`;

let serial = 0;
/** An EAN-13 no other test of this run uses: 12 digits and their GS1 check digit. */
function freshBarcode(): string {
  const digits = `29${String(process.pid % 100_000).padStart(5, '0')}${String(++serial).padStart(5, '0')}`;
  const sum = [...digits].reverse().reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return digits + String((10 - (sum % 10)) % 10);
}

/** Posts a CSV import as a browser does. */
async function importCsv(token: string, file: string, options: { mode?: string; dryRun?: boolean } = {}) {
  const body = new FormData();
  body.append('file', new Blob([new TextEncoder().encode(file)], { type: 'text/csv' }), 'products.csv');
  if (options.mode) body.append('mode', options.mode);
  if (options.dryRun !== undefined) body.append('dryRun', String(options.dryRun));
  const response = await fetch(`${app.url}/api/products/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  return { status: response.status, body: await response.json() };
}
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

describe('a barcode is unique in a catalogue', () => {
  it('refuses creating a product with a barcode another live product has: 409 on the barcode field, nothing stored', async () => {
    const { token } = await signUpUser(app);
    const barcode = freshBarcode();
    await createProduct(app, token, { barcode });
    const before = await countProducts(app);
    expectRestError(await app.rest('POST', '/api/products', productInput({ barcode }), { token }), 409, 'CONFLICT', TAKEN, FIELDS);
    expectGqlError(await app.gql(CREATE_PRODUCT, { input: productInput({ barcode: ` ${barcode} ` }) }, { token }), 'CONFLICT', TAKEN, FIELDS);
    expect(await countProducts(app)).toBe(before);
  });

  it('refuses taking another product’s barcode on update, and keeps the product as it was; its own barcode may be sent again', async () => {
    const { token } = await signUpUser(app);
    const barcode = freshBarcode();
    await createProduct(app, token, { barcode });
    const other = await createProduct(app, token, { barcode: freshBarcode() });
    expectRestError(await app.rest('PUT', `/api/products/${other.id}`, { barcode }, { token }), 409, 'CONFLICT', TAKEN, FIELDS);
    expectGqlError(await app.gql(UPDATE_PRODUCT, { id: other.id, input: { barcode, version: other.version } }, { token }), 'CONFLICT', TAKEN, FIELDS);
    expect(await storedProduct(app, other.id)).toMatchObject({ barcode: other.barcode, version: 1 });
    const same = await app.rest('PUT', `/api/products/${other.id}`, { name: 'Renamed', barcode: other.barcode }, { token });
    expect(same.status).toBe(200);
  });

  it('lets another user use the same barcode, and a trashed product give its barcode up; restoring it then meets the 409', async () => {
    const owner = await signUpUser(app);
    const other = await signUpUser(app);
    const barcode = freshBarcode();
    const first = await createProduct(app, owner.token, { barcode });
    await createProduct(app, other.token, { barcode });
    expect((await app.rest('DELETE', `/api/products/${first.id}`, undefined, { token: owner.token })).status).toBe(200);
    const second = await createProduct(app, owner.token, { barcode });
    expect(second.barcode).toBe(barcode);
    expectRestError(await app.rest('POST', `/api/products/${first.id}/restore`, undefined, { token: owner.token }), 409, 'CONFLICT', TAKEN, FIELDS);
    expectGqlError(await app.gql(RESTORE, { id: first.id }, { token: owner.token }), 'CONFLICT', TAKEN, FIELDS);
    expectRestError(await app.rest('POST', '/api/products/restore', { ids: [first.id] }, { token: owner.token }), 409, 'CONFLICT', TAKEN, FIELDS);
  });

  it('lets exactly one of 8 concurrent creates with one barcode win', async () => {
    const { token } = await signUpUser(app);
    const barcode = freshBarcode();
    const answers = await Promise.all(Array.from({ length: 8 }, () => app.rest('POST', '/api/products', productInput({ barcode }), { token })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toMatchObject({ code: 'CONFLICT', message: TAKEN, fields: FIELDS });
  });
});

describe('an import', () => {
  const HEADER = 'sku,name,description,category,price,quantity,barcode';

  it('names a barcode twice in the file, and one another product has, as row errors; nothing is written', async () => {
    const { token } = await signUpUser(app);
    const held = freshBarcode();
    await createProduct(app, token, { sku: 'HELD-1', barcode: held });
    const twice = freshBarcode();
    const file = csv(HEADER, `N-1,First,A first product,Home,1,1,${twice}`, `N-2,Second,A second product,Home,1,1,${twice}`, `N-3,Third,A third product,Home,1,1,${held}`);
    const before = await countProducts(app);
    const answer = await importCsv(token, file);
    expect(answer.body).toMatchObject({ failed: 2, created: 1 });
    expect(answer.body.errors).toEqual([
      { row: 3, column: 'barcode', message: ImportMessages.duplicateBarcodeInFile(2) },
      { row: 4, column: 'barcode', message: TAKEN },
    ]);
    expect(await countProducts(app)).toBe(before);
  });

  it('in upsert mode lets a row keep the barcode of the product it updates', async () => {
    const { token } = await signUpUser(app);
    const barcode = freshBarcode();
    const lamp = await createProduct(app, token, { sku: 'LAMP-1', barcode });
    const answer = await importCsv(token, csv(HEADER, `lamp-1,Desk Lamp,A brass desk lamp,Home,12,3,${barcode}`), { mode: 'upsert' });
    expect(answer.body).toMatchObject({ failed: 0, updated: 1, errors: [] });
    expect(await storedProduct(app, lamp.id)).toMatchObject({ name: 'Desk Lamp', barcode });
  });
});

describe('the migration', () => {
  it('keeps a shared barcode on the oldest live product, clears it on the others with an activity entry, and then refuses duplicates', async () => {
    const { openDatabase } = await import('../../backend/src/app/database');
    const orm = await openDatabase(await createDatabase());
    try {
      const connection = orm.em.getConnection();
      await orm.getMigrator().down({ to: 'Migration20261128210000' });
      const [owner, other] = await connection.execute<Array<{ id: string }>>(
        `INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES
           (gen_random_uuid(), 'codes@example.com', 'Ada', 'Lovelace', 'x'), (gen_random_uuid(), 'other@example.com', 'Alan', 'Turing', 'x') RETURNING id`,
      );
      const insert = (ownerId: string, name: string, barcode: string | null, created: string, deleted: string | null = null) =>
        connection.execute<Array<{ id: string }>>(
          `INSERT INTO products (id, owner_id, name, description, price, category, quantity, barcode, created_at, deleted_at)
           VALUES (gen_random_uuid(), ?, ?, 'Made before barcodes were unique', 1, 'Lamps', 1, ?, ?, ?) RETURNING id`,
          [ownerId, name, barcode, created, deleted],
        );
      const [[oldest], [newer], [newest], [trashed], [theirs], [single]] = [
        await insert(owner.id, 'Oldest lamp', '4006381333931', '2026-01-01T00:00:00Z'),
        await insert(owner.id, 'Newer lamp', '4006381333931', '2026-02-01T00:00:00Z'),
        await insert(owner.id, 'Newest lamp', '4006381333931', '2026-03-01T00:00:00Z'),
        await insert(owner.id, 'Trashed lamp', '4006381333931', '2025-01-01T00:00:00Z', '2026-04-01T00:00:00Z'),
        await insert(other.id, 'Their lamp', '4006381333931', '2026-05-01T00:00:00Z'),
        await insert(owner.id, 'Only lamp', '96385074', '2026-06-01T00:00:00Z'),
      ];
      await orm.getMigrator().up();

      const rows = await connection.execute<Array<{ id: string; barcode: string | null; version: number }>>(`SELECT id, barcode, version FROM products`);
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect([oldest, newer, newest, trashed, theirs, single].map(({ id }) => byId.get(id)?.barcode ?? null)).toEqual([
        '4006381333931',
        null,
        null,
        '4006381333931',
        '4006381333931',
        '96385074',
      ]);
      expect(byId.get(newer.id)?.version).toBe(2);
      expect(byId.get(oldest.id)?.version).toBe(1);
      const entries = await connection.execute(`SELECT user_id, kind, subject_id, subject, details FROM activity_log ORDER BY subject`);
      expect(entries).toEqual([
        { user_id: owner.id, kind: 'product_updated', subject_id: newer.id, subject: 'Newer lamp', details: { fields: ['barcode'], barcode: '4006381333931', keptOn: 'Oldest lamp' } },
        { user_id: owner.id, kind: 'product_updated', subject_id: newest.id, subject: 'Newest lamp', details: { fields: ['barcode'], barcode: '4006381333931', keptOn: 'Oldest lamp' } },
      ]);
      // Migrated, the account's personal workspace has the account's id.
      const another = connection.execute(
        `INSERT INTO products (id, workspace_id, created_by, name, description, price, category, quantity, barcode) VALUES (gen_random_uuid(), ?, ?, 'Another lamp', 'Made after barcodes were unique', 1, 'Lamps', 1, '96385074')`,
        [owner.id, owner.id],
      );
      await expect(another).rejects.toMatchObject({ code: '23505', constraint: 'products_workspace_barcode_unique' });
    } finally {
      await orm.close();
    }
  });
});
