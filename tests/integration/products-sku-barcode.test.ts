import { ProductMessages } from '@stockroom/schema';
import {
  CREATE_PRODUCT,
  PRODUCTS,
  UPDATE_PRODUCT,
  countProducts,
  createProduct,
  expectGqlError,
  expectRestError,
  productInput,
  storedProduct,
} from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let token: string;
let otherToken: string;
beforeAll(async () => {
  app = await startTestApp();
  token = (await signUpUser(app)).token;
  otherToken = (await signUpUser(app)).token;
});
afterAll(() => app?.close());

type Fields = Record<string, string>;
let codes = 0;
/** A SKU no other test of this file uses. */
const freshSku = (prefix = 'SKU') => `${prefix}-${process.pid}-${++codes}`;

/** The same create refused over REST (400) and GraphQL (BAD_USER_INPUT) with the same field message; nothing stored. */
async function refusedOnCreate(overrides: Record<string, unknown>, fields: Fields) {
  const input = productInput(overrides);
  const before = await countProducts(app);
  const message = Object.values(fields)[0];
  expectRestError(await app.rest('POST', '/api/products', input, { token }), 400, 'BAD_USER_INPUT', message, fields);
  expectGqlError(await app.gql(CREATE_PRODUCT, { input }, { token }), 'BAD_USER_INPUT', message, fields);
  expect(await countProducts(app)).toBe(before);
}

const INVALID: Array<[string, Record<string, unknown>, Fields]> = [
  ['a SKU of 65 characters', { sku: 'A'.repeat(65) }, { sku: 'SKU cannot exceed 64 characters' }],
  ['a SKU with a space', { sku: 'AB 12' }, { sku: ProductMessages.skuCharacters }],
  ['a SKU with <script>', { sku: '<script>alert(1)</script>' }, { sku: ProductMessages.skuCharacters }],
  ["a SKU with SQL in it", { sku: "X'; DROP TABLE products;--" }, { sku: ProductMessages.skuCharacters }],
  ['a SKU with an accent', { sku: 'CAFÉ-1' }, { sku: ProductMessages.skuCharacters }],
  ['a barcode with a wrong check digit', { barcode: '4006381333932' }, { barcode: ProductMessages.barcodeCheckDigit }],
  ['a barcode with letters', { barcode: '40063813339A1' }, { barcode: ProductMessages.barcodeShape }],
  ['a barcode of 11 digits', { barcode: '40063813339' }, { barcode: ProductMessages.barcodeShape }],
  ['a barcode of 15 digits', { barcode: '400638133393112' }, { barcode: 'Barcode cannot exceed 14 characters' }],
  ['a barcode as a number', { barcode: 4006381333931 }, { barcode: 'Barcode format is invalid' }],
];

describe('SKU and barcode: what is refused', () => {
  it.each(INVALID)('refuses %s on create, over REST and GraphQL alike', async (_case, overrides, fields) => {
    if (typeof overrides.barcode === 'number') {
      // GraphQL's String type refuses a number before the service sees it; REST gets the rule's message.
      const before = await countProducts(app);
      expectRestError(await app.rest('POST', '/api/products', productInput(overrides), { token }), 400, 'BAD_USER_INPUT', fields.barcode, fields);
      expect(await countProducts(app)).toBe(before);
      return;
    }
    await refusedOnCreate(overrides, fields);
  });

  it('refuses a bad SKU or barcode on update and leaves the product as it was', async () => {
    const product = await createProduct(app, token, { sku: freshSku() });
    const before = await storedProduct(app, product.id);
    for (const [changes, fields] of [
      [{ sku: 'has space' }, { sku: ProductMessages.skuCharacters }],
      [{ barcode: '12345678' }, { barcode: ProductMessages.barcodeCheckDigit }],
    ] as Array<[Record<string, unknown>, Fields]>) {
      const message = Object.values(fields)[0];
      expectRestError(await app.rest('PUT', `/api/products/${product.id}`, changes, { token }), 400, 'BAD_USER_INPUT', message, fields);
      expectGqlError(await app.gql(UPDATE_PRODUCT, { id: product.id, input: changes }, { token }), 'BAD_USER_INPUT', message, fields);
    }
    expect(await storedProduct(app, product.id)).toEqual(before);
  });
});

describe('SKU and barcode: what is kept', () => {
  it.each([
    ['EAN-8', '96385074'],
    ['UPC-A', '036000291452'],
    ['EAN-13', '4006381333931'],
    ['GTIN-14', '10012345678902'],
  ])('stores a valid %s and answers it on both transports', async (_kind, barcode) => {
    const sku = freshSku('ab/c_d.e');
    const rest = await app.rest('POST', '/api/products', productInput({ sku: `  ${sku}  `, barcode }), { token });
    expect(rest.status).toBe(201);
    expect(rest.body.product).toMatchObject({ sku, barcode });
    // A barcode is unique in a catalogue: the same one is another user's over GraphQL.
    const gql = await app.gql(CREATE_PRODUCT, { input: productInput({ sku: freshSku(), barcode }) }, { token: otherToken });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.createProduct.barcode).toBe(barcode);
    expect((await storedProduct(app, rest.body.product.id))?.sku).toBe(sku);
  });

  it('leaves both empty when left out or blank, and an update with blank or null clears them', async () => {
    // A catalogue of its own: the barcodes above are taken in the shared one.
    const { token } = await signUpUser(app);
    const plain = await createProduct(app, token);
    expect(plain).toMatchObject({ sku: null, barcode: null });
    const blank = await createProduct(app, token, { sku: '   ', barcode: '' });
    expect(blank).toMatchObject({ sku: null, barcode: null });
    const coded = await createProduct(app, token, { sku: freshSku(), barcode: '4006381333931' });
    const cleared = await app.rest('PUT', `/api/products/${coded.id}`, { sku: '', barcode: null }, { token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.product).toMatchObject({ sku: null, barcode: null });
    const recoded = await createProduct(app, token, { sku: freshSku(), barcode: '4006381333931' });
    const viaGql = await app.gql(UPDATE_PRODUCT, { id: recoded.id, input: { sku: null, barcode: '  ' } }, { token });
    expect(viaGql.data.updateProduct).toMatchObject({ sku: null, barcode: null });
  });
});

describe('SKU uniqueness', () => {
  it('refuses a SKU another of your products has, whatever its case: 409 on the sku field, nothing stored', async () => {
    const sku = freshSku('Lamp');
    await createProduct(app, token, { sku });
    const before = await countProducts(app);
    const fields = { sku: ProductMessages.duplicateSku };
    expectRestError(await app.rest('POST', '/api/products', productInput({ sku: sku.toLowerCase() }), { token }), 409, 'CONFLICT', ProductMessages.duplicateSku, fields);
    expectGqlError(await app.gql(CREATE_PRODUCT, { input: productInput({ sku: sku.toUpperCase() }) }, { token }), 'CONFLICT', ProductMessages.duplicateSku, fields);
    expect(await countProducts(app)).toBe(before);
  });

  it('refuses taking another product’s SKU on update, and keeps the product as it was', async () => {
    const sku = freshSku();
    await createProduct(app, token, { sku });
    const other = await createProduct(app, token, { sku: freshSku() });
    const before = await storedProduct(app, other.id);
    const fields = { sku: ProductMessages.duplicateSku };
    expectRestError(await app.rest('PUT', `/api/products/${other.id}`, { sku: sku.toLowerCase() }, { token }), 409, 'CONFLICT', ProductMessages.duplicateSku, fields);
    expectGqlError(await app.gql(UPDATE_PRODUCT, { id: other.id, input: { sku } }, { token }), 'CONFLICT', ProductMessages.duplicateSku, fields);
    expect(await storedProduct(app, other.id)).toEqual(before);
  });

  it('lets another user use the same SKU, and a product keep its own SKU in another case', async () => {
    const sku = freshSku('Shared');
    const mine = await createProduct(app, token, { sku });
    const theirs = await createProduct(app, otherToken, { sku });
    expect(theirs.sku).toBe(sku);
    const recased = await app.rest('PUT', `/api/products/${mine.id}`, { sku: sku.toLowerCase() }, { token });
    expect(recased.status).toBe(200);
    expect(recased.body.product.sku).toBe(sku.toLowerCase());

    // The same over GraphQL: another user's SKU is free to take, and a product keeps its own in another case.
    const graphqlSku = freshSku('SharedGql');
    await createProduct(app, token, { sku: graphqlSku });
    const created = await app.gql(CREATE_PRODUCT, { input: productInput({ sku: graphqlSku }) }, { token: otherToken });
    expect(created.errors).toBeUndefined();
    expect(created.data.createProduct.sku).toBe(graphqlSku);
    const gqlRecased = await app.gql(UPDATE_PRODUCT, { id: created.data.createProduct.id, input: { sku: graphqlSku.toUpperCase() } }, { token: otherToken });
    expect(gqlRecased.errors).toBeUndefined();
    expect(gqlRecased.data.updateProduct.sku).toBe(graphqlSku.toUpperCase());
  });

  it('lets exactly one of 10 concurrent creates with one SKU win', async () => {
    const sku = freshSku('Race');
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.rest('POST', '/api/products', productInput({ sku }), { token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await countProducts(app, 'lower(sku) = lower($1)', [sku])).toBe(1);
  });
});

describe('search by SKU and barcode', () => {
  it('finds an exact SKU (any case) or barcode and puts that product first, whatever the sort', async () => {
    const { token: own } = await signUpUser(app);
    const sku = 'ZX-900';
    // Its name sorts last and it is the oldest, so only the exact-code rule can put it first.
    const exact = await createProduct(app, own, { name: 'Zz last by name', sku, barcode: '5901234123457' });
    const mentions = await createProduct(app, own, { name: 'Aa first by name', description: 'Fits the ZX-900 and the ZX-9000 mounts' });
    for (const search of ['zx-900', 'ZX-900']) {
      const rest = await app.rest('GET', `/api/products?search=${encodeURIComponent(search)}&sortBy=name&sortOrder=asc`, undefined, { token: own });
      expect(rest.body.products.map((p: { id: string }) => p.id)).toEqual([exact.id, mentions.id]);
    }
    const byBarcode = await app.gql(PRODUCTS, { query: { search: '5901234123457', sortBy: 'NAME' } }, { token: own });
    expect(byBarcode.data.products.products.map((p: { id: string }) => p.id)).toEqual([exact.id]);
    expect(byBarcode.data.products.pagination.total).toBe(1);
    // Another user's product with the same SKU stays theirs.
    const theirs = await app.rest('GET', `/api/products?search=${sku}`, undefined, { token: otherToken });
    expect(theirs.body.products.every((p: { sku: string | null }) => p.sku !== sku)).toBe(true);
  });

  it('finds part of a SKU in any case, as one types it, with an exact SKU first; part of a barcode finds nothing', async () => {
    const { token } = await signUpUser(app);
    const lamp = await createProduct(app, token, { name: 'Desk lamp', sku: 'LMP-0042', barcode: '96385074' });
    const shade = await createProduct(app, token, { name: 'Shade', sku: 'LMP' });
    await createProduct(app, token, { name: 'Chair', sku: 'CHR-1' });
    const found = async (search: string) =>
      (await app.rest('GET', `/api/products?search=${encodeURIComponent(search)}&sortBy=name&sortOrder=asc`, undefined, { token })).body.products.map((p: { id: string }) => p.id);
    expect(await found('lmp-00')).toEqual([lamp.id]);
    expect(await found('0042')).toEqual([lamp.id]);
    // "lmp" is Shade's whole SKU, so Shade comes first although Desk lamp sorts before it.
    expect(await found('lmp')).toEqual([shade.id, lamp.id]);
    expect(await found('9638')).toEqual([]);
    // % and _ are themselves in a SKU search too.
    expect(await found('LMP_0042')).toEqual([]);
    const gql = await app.gql(PRODUCTS, { query: { search: 'Mp-004' } }, { token });
    expect(gql.data.products.products.map((p: { id: string }) => p.id)).toEqual([lamp.id]);
  });
});
