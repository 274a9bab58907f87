import { CREATE_PRODUCT, PRODUCT, UPDATE_PRODUCT, createProduct, expectGqlError, expectGqlTypeError, expectRestError, productInput } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/* The cost price: a plain optional money field added as one row of the field table, through every transport and file. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const WITH_COST = 'id price costPrice version';
const CREATE = `mutation CreateProduct($input: CreateProductInput!) { createProduct(input: $input) { ${WITH_COST} } }`;
const UPDATE = `mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { ${WITH_COST} } }`;
const READ = `query Product($id: ID!) { product(id: $id) { ${WITH_COST} } }`;

const storedCost = async (id: string) => (await app.sql(`SELECT cost_price::text AS cost FROM products WHERE id = $1`, [id]))[0].cost as string | null;

/** Posts an import form the way the browser does. */
async function importCsv(token: string, csv: string, mode = 'create') {
  const body = new FormData();
  body.append('file', new Blob([new TextEncoder().encode(csv)], { type: 'text/csv' }), 'products.csv');
  body.append('mode', mode);
  const response = await fetch(`${app.url}/api/products/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  return { status: response.status, body: await response.json() };
}

describe('cost price: written and read', () => {
  it('is created, read, changed and removed over GraphQL, exact to the cent', async () => {
    const { token } = await signUpUser(app);
    const created = await app.gql(CREATE, { input: productInput({ costPrice: 7.25 }) }, { token });
    expect(created.errors).toBeUndefined();
    const { id } = created.data.createProduct;
    expect(created.data.createProduct.costPrice).toBe(7.25);
    expect(await storedCost(id)).toBe('7.25');
    // Binary-float noise is the cent it stands for.
    const noisy = await app.gql(UPDATE, { id, input: { costPrice: 0.1 + 2.01 } }, { token });
    expect(noisy.data.updateProduct.costPrice).toBe(2.11);
    expect((await app.gql(READ, { id }, { token })).data.product.costPrice).toBe(2.11);
    const removed = await app.gql(UPDATE, { id, input: { costPrice: null } }, { token });
    expect(removed.data.updateProduct.costPrice).toBeNull();
    expect(await storedCost(id)).toBeNull();
  });

  it('is created, read, changed and removed over REST; a product without one answers null', async () => {
    const { token } = await signUpUser(app);
    const plain = await createProduct(app, token);
    expect(plain).toMatchObject({ costPrice: null });
    const created = await app.rest('POST', '/api/products', productInput({ costPrice: 999999.99 }), { token });
    expect(created.status).toBe(201);
    expect(created.body.product.costPrice).toBe(999999.99);
    const id = created.body.product.id;
    expect((await app.rest('PUT', `/api/products/${id}`, { costPrice: 0.01 }, { token })).body.product.costPrice).toBe(0.01);
    expect((await app.rest('GET', `/api/products/${id}`, undefined, { token })).body.product.costPrice).toBe(0.01);
    expect((await app.rest('PUT', `/api/products/${id}`, { costPrice: null }, { token })).body.product.costPrice).toBeNull();
    expect(await storedCost(id)).toBeNull();
    // The rest of the product answers as before.
    expect((await app.gql(PRODUCT, { id }, { token })).data.product).toMatchObject({ id, price: 19.99 });
  });

  it('records a change of it in the activity as the cost price', async () => {
    const { token } = await signUpUser(app);
    const product = await createProduct(app, token);
    await app.rest('PUT', `/api/products/${product.id}`, { costPrice: 3 }, { token });
    const [entry] = await app.sql(`SELECT details FROM activity_log WHERE subject_id = $1 AND kind = 'product_updated'`, [product.id]);
    expect(entry.details).toEqual({ fields: ['costPrice'] });
  });
});

describe('cost price: what is refused', () => {
  it.each([
    ['negative', -1, 'Cost price must be at least 0.01'],
    ['zero', 0, 'Cost price must be at least 0.01'],
    ['three decimals', 12.345, 'Cost price cannot have more than 2 decimal places'],
    ['huge', 1_000_000, 'Cost price cannot exceed 999999.99'],
    ['far too large', 1e300, 'Cost price cannot exceed 999999.99'],
  ])('refuses a %s value on create and update, over REST (400) and GraphQL alike, and stores nothing', async (_case, costPrice, message) => {
    const { token } = await signUpUser(app);
    const fields = { costPrice: message };
    expectRestError(await app.rest('POST', '/api/products', productInput({ costPrice }), { token }), 400, 'BAD_USER_INPUT', message, fields);
    expectGqlError(await app.gql(CREATE_PRODUCT, { input: productInput({ costPrice }) }, { token }), 'BAD_USER_INPUT', message, fields);
    const product = await createProduct(app, token, { costPrice: 5 });
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { costPrice }, { token }), 400, 'BAD_USER_INPUT', message, fields);
    expectGqlError(await app.gql(UPDATE_PRODUCT, { id: product.id, input: { costPrice } }, { token }), 'BAD_USER_INPUT', message, fields);
    expect(await storedCost(product.id)).toBe('5.00');
  });

  it('refuses text, even a number written as text, with its message on REST; GraphQL’s Float refuses it itself', async () => {
    const { token } = await signUpUser(app);
    for (const costPrice of ['12', 'abc', '']) {
      expectRestError(await app.rest('POST', '/api/products', productInput({ costPrice }), { token }), 400, 'BAD_USER_INPUT', 'Cost price must be a number', {
        costPrice: 'Cost price must be a number',
      });
      expectGqlTypeError(await app.gql(CREATE_PRODUCT, { input: productInput({ costPrice }) }, { token }), /Float cannot represent/);
    }
  });

  it('refuses NaN and Infinity, which JSON cannot carry, as a malformed value', async () => {
    const { token } = await signUpUser(app);
    const raw = await fetch(`${app.url}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: `{"name":"Lamp","price":5,"costPrice":NaN}`,
    });
    expect(raw.status).toBe(400);
    const gql = await app.gql(CREATE_PRODUCT, { input: { ...productInput(), costPrice: Number.NaN } }, { token });
    // JSON writes NaN as null: no cost price.
    expect(gql.errors).toBeUndefined();
    expect(gql.data.createProduct.id).toBeDefined();
  });
});

describe('cost price: import and export', () => {
  it('round-trips through an export and an import, and reads it by its header aliases', async () => {
    const { token } = await signUpUser(app);
    await createProduct(app, token, { sku: 'CP-1', costPrice: 4.2 });
    await createProduct(app, token, { sku: 'CP-2' });
    const exported = await fetch(`${app.url}/api/products/export?format=csv&sortBy=name`, { headers: { authorization: `Bearer ${token}` } });
    const text = (await exported.text()).replace(/^\uFEFF/, '');
    const [header, ...lines] = text.trim().split('\r\n');
    const columns = header.split(',');
    const costColumn = columns.indexOf('cost_price');
    expect(costColumn).toBe(columns.indexOf('price') + 1);
    const bySku = Object.fromEntries(lines.map((line) => line.split(',')).map((cells) => [cells[0], cells[costColumn]]));
    expect(bySku).toEqual({ 'CP-1': '4.20', 'CP-2': '' });

    const other = await signUpUser(app);
    const imported = await importCsv(other.token, text);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ created: 2, failed: 0 });
    expect(imported.body.columns.find((c: { header: string }) => c.header === 'cost_price')).toMatchObject({ field: 'costPrice', status: 'mapped' });
    const rows = await app.sql(`SELECT sku, cost_price::text AS cost FROM products p JOIN users u ON u.id = p.created_by WHERE u.email = $1 ORDER BY sku`, [other.email]);
    expect(rows).toEqual([
      { sku: 'CP-1', cost: '4.20' },
      { sku: 'CP-2', cost: null },
    ]);

    // Spreadsheet money ("$3,50"), another header for it, and an update that changes it.
    const updated = await importCsv(other.token, 'SKU,Unit cost\r\nCP-1,"$3,50"\r\n', 'upsert');
    expect(updated.status).toBe(200);
    const afterUpdate = await app.sql(`SELECT sku, cost_price::text AS cost FROM products p JOIN users u ON u.id = p.created_by WHERE u.email = $1 ORDER BY sku`, [other.email]);
    expect(afterUpdate[0]).toEqual({ sku: 'CP-1', cost: '3.50' });
  });

  it('names a bad cell with the cost price message and imports nothing', async () => {
    const { token } = await signUpUser(app);
    const answer = await importCsv(token, 'name,price,cost_price\r\nDesk lamp,5,12.345\r\nChair,9,-2\r\n');
    expect(answer.status).toBe(400);
    const errors = answer.body.errors as Array<{ row: number; column: string; message: string }>;
    expect(errors).toEqual([
      { row: 2, column: 'cost_price', message: 'Cost price cannot have more than 2 decimal places' },
      { row: 3, column: 'cost_price', message: 'Cost price must be at least 0.01' },
    ]);
  });
});
