import {
  ADJUST_STOCK,
  CREATE_PRODUCT,
  DELETE_PRODUCT,
  PRODUCT,
  PRODUCTS,
  UPDATE_PRODUCT,
  countProducts,
  createProduct,
  expectGqlError,
  expectGqlTypeError,
  expectRestError,
  productInput,
  storedProduct,
} from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = (await signUpUser(app)).token;
});
afterAll(() => app?.close());

type Fields = Record<string, string>;
const firstOf = (fields: Fields) => Object.values(fields)[0];

/** The same create refused over REST (400) and GraphQL (BAD_USER_INPUT) with the same message and fields; nothing stored. */
async function refusedOnCreate(overrides: Record<string, unknown>, fields: Fields) {
  const input = productInput(overrides);
  const before = await countProducts(app);
  expectRestError(await app.rest('POST', '/api/products', input, { token }), 400, 'BAD_USER_INPUT', firstOf(fields), fields);
  expectGqlError(await app.gql(CREATE_PRODUCT, { input }, { token }), 'BAD_USER_INPUT', firstOf(fields), fields);
  expect(await countProducts(app)).toBe(before);
}

/** The same change refused over PUT and updateProduct; the stored product is exactly as before. */
async function refusedOnUpdate(changes: Record<string, unknown>, fields: Fields) {
  const product = await createProduct(app, token);
  const before = await storedProduct(app, product.id);
  expectRestError(await app.rest('PUT', `/api/products/${product.id}`, changes, { token }), 400, 'BAD_USER_INPUT', firstOf(fields), fields);
  expectGqlError(await app.gql(UPDATE_PRODUCT, { id: product.id, input: changes }, { token }), 'BAD_USER_INPUT', firstOf(fields), fields);
  expect(await storedProduct(app, product.id)).toEqual(before);
}

const URL_501 = `https://img.example.com/${'x'.repeat(501 - 'https://img.example.com/'.length)}`;
const URL_500 = URL_501.slice(0, 500);

/** [case, the input fields, the per-field messages] for the product field rules that both transports check in the service. */
const FIELD_RULES: Array<[string, Record<string, unknown>, Fields]> = [
  ['price 0', { price: 0 }, { price: 'Price must be at least 0.01' }],
  ['a negative price', { price: -5 }, { price: 'Price must be at least 0.01' }],
  ['a price above 999999.99', { price: 1_000_000 }, { price: 'Price cannot exceed 999999.99' }],
  ['a price with 3 decimals', { price: 19.999 }, { price: 'Price cannot have more than 2 decimal places' }],
  ['a price of 0.001', { price: 0.001 }, { price: 'Price cannot have more than 2 decimal places' }],
  ['a negative quantity', { quantity: -1 }, { quantity: 'Quantity must be at least 0' }],
  ['a quantity above 100000', { quantity: 100_001 }, { quantity: 'Quantity cannot exceed 100000' }],
  ['a name of 1 character', { name: 'A' }, { name: 'Product name must be at least 2 characters' }],
  ['a name of 1 character with spaces around it', { name: '  A  ' }, { name: 'Product name must be at least 2 characters' }],
  ['a name of 101 characters', { name: 'n'.repeat(101) }, { name: 'Product name cannot exceed 100 characters' }],
  ['a blank name', { name: '   ' }, { name: 'Product name is required' }],
  ['a description of 9 characters', { description: 'd'.repeat(9) }, { description: 'Description must be at least 10 characters' }],
  ['a description of 1001 characters', { description: 'd'.repeat(1001) }, { description: 'Description cannot exceed 1000 characters' }],
  ['a category of 1 character', { category: 'C' }, { category: 'Category must be at least 2 characters' }],
  ['a category of 51 characters', { category: 'c'.repeat(51) }, { category: 'Category cannot exceed 50 characters' }],
  ['an image URL of 501 characters', { imageUrl: URL_501 }, { imageUrl: 'Image URL cannot exceed 500 characters' }],
  ['a javascript: image URL', { imageUrl: 'javascript:alert(document.cookie)' }, { imageUrl: 'Image URL format is invalid' }],
  ['a JAVASCRIPT: image URL in capitals', { imageUrl: 'JAVASCRIPT:alert(1)//https://x.io' }, { imageUrl: 'Image URL format is invalid' }],
  ['a data: image URL', { imageUrl: 'data:image/png;base64,iVBORw0KGgo=' }, { imageUrl: 'Image URL format is invalid' }],
  ['an ftp: image URL', { imageUrl: 'ftp://files.example.com/a.png' }, { imageUrl: 'Image URL format is invalid' }],
  ['a relative image URL', { imageUrl: '/images/a.png' }, { imageUrl: 'Image URL format is invalid' }],
  ['a protocol-relative image URL', { imageUrl: '//img.example.com/a.png' }, { imageUrl: 'Image URL format is invalid' }],
  ['an image URL that is not a URL', { imageUrl: 'a picture of a hammer' }, { imageUrl: 'Image URL format is invalid' }],
  ['a NUL character in a name', { name: 'Nul\u0000name' }, { name: 'Product name format is invalid' }],
];

describe('create: the product field rules, the same on REST and GraphQL', () => {
  it.each(FIELD_RULES)('refuses %s', async (_case, overrides, fields) => {
    await refusedOnCreate(overrides, fields);
  });

  it('reports every failing field at once, the first one as the message', async () => {
    await refusedOnCreate(
      { name: 'A', description: 'short', price: 0, category: 'C', quantity: -1, imageUrl: 'javascript:void(0)' },
      {
        name: 'Product name must be at least 2 characters',
        description: 'Description must be at least 10 characters',
        price: 'Price must be at least 0.01',
        category: 'Category must be at least 2 characters',
        quantity: 'Quantity must be at least 0',
        imageUrl: 'Image URL format is invalid',
      },
    );
  });

  it('accepts every boundary value, on both transports', async () => {
    const edges = [
      { name: 'ab', description: 'd'.repeat(10), price: 0.01, category: 'cc', quantity: 0, imageUrl: 'http://a.io' },
      { name: 'n'.repeat(100), description: 'd'.repeat(1000), price: 999999.99, category: 'c'.repeat(50), quantity: 100_000, imageUrl: URL_500 },
    ];
    for (const input of edges) {
      const rest = await app.rest('POST', '/api/products', input, { token });
      expect(rest.status).toBe(201);
      expect(rest.body.product).toMatchObject(input);
      const gql = await app.gql(CREATE_PRODUCT, { input }, { token });
      expect(gql.errors).toBeUndefined();
      expect(gql.data.createProduct).toMatchObject(input);
    }
  });
});

describe('update: the same rules on PUT and updateProduct; nothing changes', () => {
  it.each(FIELD_RULES)('refuses %s', async (_case, changes, fields) => {
    await refusedOnUpdate(changes, fields);
  });

  it.each([
    ['a null name', { name: null }, { name: 'Product name is required' }],
    ['a null price', { price: null }, { price: 'Price is required' }],
    ['a null quantity', { quantity: null }, { quantity: 'Quantity is required' }],
    ['an empty description', { description: '' }, { description: 'Description is required' }],
    ['a version of 0', { version: 0 }, { version: 'Version must be at least 1' }],
    ['a null description', { description: null }, { description: 'Description is required' }],
    ['a null category', { category: null }, { category: 'Category is required' }],
    ['a null featured', { featured: null }, { featured: 'Featured cannot be null' }],
    ['a null version', { version: null }, { version: 'Version cannot be null' }],
  ])('refuses %s', async (_case, changes, fields) => {
    await refusedOnUpdate(changes, fields);
  });
});

describe('values GraphQL cannot even carry: its own type check refuses them before the service; REST gets the rule’s message', () => {
  it.each([
    ['price as text', { price: 'abc' }, /Float cannot represent non numeric value: "abc"/, { price: 'Price must be a number' }],
    ['price as the text NaN', { price: 'NaN' }, /Float cannot represent non numeric value: "NaN"/, { price: 'Price must be a number' }],
    ['price as the text Infinity', { price: 'Infinity' }, /Float cannot represent non numeric value: "Infinity"/, { price: 'Price must be a number' }],
    ['price as a boolean', { price: true }, /Float cannot represent non numeric value: true/, { price: 'Price must be a number' }],
    ['price as an array', { price: [1] }, /Float cannot represent non numeric value/, { price: 'Price must be a number' }],
    ['a fractional quantity', { quantity: 1.5 }, /Int cannot represent non-integer value: 1.5/, { quantity: 'Quantity must be a whole number' }],
    ['quantity as text', { quantity: 'ten' }, /Int cannot represent non-integer value: "ten"/, { quantity: 'Quantity must be a number' }],
    // A JSON body carries numbers as numbers: "1" is refused like "ten" (the rules read numeric text only from query strings and forms).
    ['price as numeric text', { price: '1' }, /Float cannot represent non numeric value: "1"/, { price: 'Price must be a number' }],
    ['quantity as numeric text', { quantity: '1' }, /Int cannot represent non-integer value: "1"/, { quantity: 'Quantity must be a number' }],
    ['name as a number', { name: 42 }, /String cannot represent a non string value: 42/, { name: 'Product name format is invalid' }],
    ['featured as text', { featured: 'yes' }, /Boolean cannot represent a non boolean value: "yes"/, { featured: 'Featured format is invalid' }],
  ])('%s', async (_case, overrides, graphqlMessage, restFields) => {
    const input = productInput(overrides);
    const before = await countProducts(app);
    expectGqlTypeError(await app.gql(CREATE_PRODUCT, { input }, { token }), graphqlMessage);
    expectRestError(await app.rest('POST', '/api/products', input, { token }), 400, 'BAD_USER_INPUT', firstOf(restFields), restFields);

    const product = await createProduct(app, token);
    const stored = await storedProduct(app, product.id);
    expectGqlTypeError(await app.gql(UPDATE_PRODUCT, { id: product.id, input: overrides }, { token }), graphqlMessage);
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, overrides, { token }), 400, 'BAD_USER_INPUT', firstOf(restFields), restFields);
    expect(await storedProduct(app, product.id)).toEqual(stored);
    expect(await countProducts(app)).toBe(before + 1);
  });

  it('NaN cannot travel in JSON: it arrives as null, so the price is missing on both', async () => {
    const input = productInput({ price: NaN });
    expect(JSON.parse(JSON.stringify(input)).price).toBeNull();
    expectGqlTypeError(await app.gql(CREATE_PRODUCT, { input }, { token }), /Expected non-nullable type "Float!" not to be null/);
    expectRestError(await app.rest('POST', '/api/products', input, { token }), 400, 'BAD_USER_INPUT', 'Price is required', { price: 'Price is required' });
    expect(await countProducts(app, 'name = $1', [input.name])).toBe(0);
  });

  it('a quantity beyond a 32-bit integer', async () => {
    const input = productInput({ quantity: 2 ** 31 });
    expectGqlTypeError(await app.gql(CREATE_PRODUCT, { input }, { token }), /Int cannot represent non 32-bit signed integer value/);
    expectRestError(await app.rest('POST', '/api/products', input, { token }), 400, 'BAD_USER_INPUT', 'Quantity cannot exceed 100000', { quantity: 'Quantity cannot exceed 100000' });
  });

  it('a REST body that is not an object', async () => {
    for (const body of ['[1,2]', '"hammer"', '42', 'null']) {
      const answer = await app.rest('POST', '/api/products', body, { token, headers: { 'content-type': 'application/json' } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.any(String) });
    }
    expectRestError(await app.rest('POST', '/api/products', '{"name": "Broken', { token }), 400, 'BAD_USER_INPUT', 'Request body is not valid JSON');
  });
});

describe('unknown input fields', () => {
  it('REST refuses a misspelt field on create and update with Unknown field; nothing stored or changed', async () => {
    const input = productInput({ prise: 10 });
    expectRestError(await app.rest('POST', '/api/products', input, { token }), 400, 'BAD_USER_INPUT', 'Unknown field: prise', { prise: 'Unknown field' });
    expect(await countProducts(app, 'name = $1', [input.name])).toBe(0);
    const product = await createProduct(app, token);
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { nmae: 'Typo' }, { token }), 400, 'BAD_USER_INPUT', 'Unknown field: nmae', { nmae: 'Unknown field' });
    expectRestError(await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -1, quantity: 0 }, { token }), 400, 'BAD_USER_INPUT', 'Unknown field: quantity', {
      quantity: 'Unknown field',
    });
    expect(await storedProduct(app, product.id)).toMatchObject({ name: product.name, quantity: product.quantity, version: 1 });
  });

  it('GraphQL refuses the same misspelt field by its input type', async () => {
    const input = productInput({ prise: 10 });
    expectGqlTypeError(await app.gql(CREATE_PRODUCT, { input }, { token }), /Field "prise" is not defined by type "CreateProductInput"/);
    expect(await countProducts(app, 'name = $1', [input.name])).toBe(0);
  });
});

describe('malformed ids: 400 Invalid ID format on every route and operation', () => {
  const BAD_IDS = ['abc', '123', "1' OR '1'='1", '00000000-0000-0000-0000-00000000000g', '00000000-0000-4000-8000-0000000000001', '{00000000-0000-4000-8000-000000000000}'];
  const FIELDS = { id: 'Invalid ID format' };

  it.each(BAD_IDS)('REST %p', async (id) => {
    const path = `/api/products/${encodeURIComponent(id)}`;
    expectRestError(await app.rest('GET', path, undefined, { token }), 400, 'BAD_USER_INPUT', 'Invalid ID format', FIELDS);
    expectRestError(await app.rest('PUT', path, { name: 'Renamed' }, { token }), 400, 'BAD_USER_INPUT', 'Invalid ID format', FIELDS);
    expectRestError(await app.rest('DELETE', path, undefined, { token }), 400, 'BAD_USER_INPUT', 'Invalid ID format', FIELDS);
    expectRestError(await app.rest('POST', `${path}/stock`, { delta: -1 }, { token }), 400, 'BAD_USER_INPUT', 'Invalid ID format', FIELDS);
  });

  it.each(BAD_IDS)('GraphQL %p', async (id) => {
    expectGqlError(await app.gql(PRODUCT, { id }, { token }), 'BAD_USER_INPUT', 'Invalid ID format', FIELDS);
    expectGqlError(await app.gql(UPDATE_PRODUCT, { id, input: { name: 'Renamed' } }, { token }), 'BAD_USER_INPUT', 'Invalid ID format', FIELDS);
    expectGqlError(await app.gql(DELETE_PRODUCT, { id }, { token }), 'BAD_USER_INPUT', 'Invalid ID format', FIELDS);
    expectGqlError(await app.gql(ADJUST_STOCK, { id, delta: -1 }, { token }), 'BAD_USER_INPUT', 'Invalid ID format', FIELDS);
  });

  it('a well-formed id of no product is 404, not 400', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expectRestError(await app.rest('GET', `/api/products/${id}`, undefined, { token }), 404, 'NOT_FOUND', 'Product not found');
    expectGqlError(await app.gql(PRODUCT, { id }, { token }), 'NOT_FOUND', 'Product not found');
    expectRestError(await app.rest('POST', `/api/products/${id}/stock`, { delta: 1 }, { token }), 404, 'NOT_FOUND', 'Product not found');
    expectGqlError(await app.gql(ADJUST_STOCK, { id, delta: 1 }, { token }), 'NOT_FOUND', 'Product not found');
  });
});

describe('text is stored and returned as text', () => {
  /** Creates over REST and GraphQL, then reads back over both and from SQL: the name must be byte-for-byte what was sent. */
  async function roundTrip(name: string) {
    const rest = await app.rest('POST', '/api/products', productInput({ name }), { token });
    expect(rest.status).toBe(201);
    const gql = await app.gql(CREATE_PRODUCT, { input: productInput({ name }) }, { token });
    expect(gql.errors).toBeUndefined();
    for (const id of [rest.body.product.id, gql.data.createProduct.id]) {
      expect((await storedProduct(app, id))?.name).toBe(name);
      const read = await app.rest('GET', `/api/products/${id}`, undefined, { token });
      expect(read.headers.get('content-type')).toMatch(/^application\/json/);
      expect(read.body.product.name).toBe(name);
      expect((await app.gql(PRODUCT, { id }, { token })).data.product.name).toBe(name);
    }
  }

  it.each([
    ['a script tag', '<script>alert(1)</script>'],
    ['an img with onerror', '<img src=x onerror=alert(1)>'],
    ['entities that must not be decoded', '&lt;b&gt; &amp; &quot;'],
    ['quotes, backslashes and template syntax', `O'Brien "Jr" \\ \${7*7} {{7*7}}`],
    ['SQL', "Robert'); DROP TABLE products;--"],
  ])('HTML-like and code-like names verbatim: %s', async (_case, name) => {
    await roundTrip(name);
  });

  it.each([
    ['accents', 'Crème brûlée torch'],
    ['CJK', '电动螺丝刀套装'],
    ['right-to-left', 'مفك براغي'],
    ['emoji', '🔨 Hammer 🛠️'],
  ])('unicode names verbatim: %s', async (_case, name) => {
    await roundTrip(name);
  });

  it('counts characters, not UTF-16 units: 100 emoji make a valid name, 101 do not, 1 is too short', async () => {
    const hundred = '😀'.repeat(100);
    expect(hundred.length).toBe(200);
    await roundTrip(hundred);
    const [row] = await app.sql('SELECT char_length(name) AS n FROM products WHERE name = $1 LIMIT 1', [hundred]);
    expect(row.n).toBe(100);
    await refusedOnCreate({ name: '😀'.repeat(101) }, { name: 'Product name cannot exceed 100 characters' });
    await refusedOnCreate({ name: '😀' }, { name: 'Product name must be at least 2 characters' });
    const description = '🧰'.repeat(1000);
    const answer = await app.rest('POST', '/api/products', productInput({ description, category: '🍎'.repeat(50) }), { token });
    expect(answer.status).toBe(201);
    expect(answer.body.product.description).toBe(description);
  });
});

describe('list parameters', () => {
  it.each([
    ['limit 0', 'limit=0', { limit: 0 }, { limit: 'Limit must be at least 1' }],
    ['limit -1', 'limit=-1', { limit: -1 }, { limit: 'Limit must be at least 1' }],
    ['limit 1000', 'limit=1000', { limit: 1000 }, { limit: 'Limit cannot exceed 100' }],
    ['limit 101', 'limit=101', { limit: 101 }, { limit: 'Limit cannot exceed 100' }],
    ['page 0', 'page=0', { page: 0 }, { page: 'Page must be at least 1' }],
    ['page -3', 'page=-3', { page: -3 }, { page: 'Page must be at least 1' }],
    ['a search of 101 characters', `search=${'s'.repeat(101)}`, { search: 's'.repeat(101) }, { search: 'Search cannot exceed 100 characters' }],
  ])('%s: 400 on REST, BAD_USER_INPUT on GraphQL, the same message', async (_case, queryString, query, fields) => {
    expectRestError(await app.rest('GET', `/api/products?${queryString}`, undefined, { token }), 400, 'BAD_USER_INPUT', firstOf(fields), fields);
    expectGqlError(await app.gql(PRODUCTS, { query }, { token }), 'BAD_USER_INPUT', firstOf(fields), fields);
  });

  it.each([
    ['limit=ten', { limit: 'Limit must be a number' }],
    ['limit=2.5', { limit: 'Limit must be a whole number' }],
    ['page=first', { page: 'Page must be a number' }],
    ['sortBy=popularity', { sortBy: 'Sort by format is invalid' }],
    ['sortBy=NAME', { sortBy: 'Sort by format is invalid' }],
    ['sortOrder=sideways', { sortOrder: 'Sort order format is invalid' }],
    ['inStock=yes', { inStock: 'In stock format is invalid' }],
    ['page=1&page=2', { page: 'Page format is invalid' }],
    ['sortBy=name&sortBy=price', { sortBy: 'Sort by format is invalid' }],
  ])('REST %s: 400 with the field named', async (queryString, fields) => {
    expectRestError(await app.rest('GET', `/api/products?${queryString}`, undefined, { token }), 400, 'BAD_USER_INPUT', firstOf(fields), fields);
  });

  it.each([
    ['an unknown sortBy', { sortBy: 'POPULARITY' }, /Value "POPULARITY" does not exist in "ProductSortBy" enum/],
    ['a lower-case sortBy', { sortBy: 'name' }, /Value "name" does not exist in "ProductSortBy" enum/],
    ['an unknown sortOrder', { sortOrder: 'SIDEWAYS' }, /Value "SIDEWAYS" does not exist in "SortOrder" enum/],
    ['a fractional limit', { limit: 2.5 }, /Int cannot represent non-integer value: 2.5/],
    ['inStock as text', { inStock: 'false' }, /Boolean cannot represent a non boolean value: "false"/],
  ])('GraphQL %s: refused by the schema', async (_case, query, message) => {
    expectGqlTypeError(await app.gql(PRODUCTS, { query }, { token }), message);
  });

  it('REST: a blank page or limit (?page=%20) means the default, never page 0 (a 500) or limit 0 (a pagination of nothing)', async () => {
    await createProduct(app, token);
    for (const queryString of ['page=%20', 'limit=%20', 'page=%20%20&limit=%09', 'page=&limit=']) {
      const answer = await app.rest('GET', `/api/products?${queryString}`, undefined, { token });
      expect(answer.status).toBe(200);
      expect(answer.body.pagination).toMatchObject({ page: 1, limit: 10, hasPrevPage: false });
      expect(answer.body.pagination.totalPages).toBe(Math.ceil(answer.body.pagination.total / 10));
      expect(answer.body.products.length).toBe(Math.min(10, answer.body.pagination.total));
    }
  });

  it('REST /api/products/search needs q', async () => {
    for (const path of ['/api/products/search', '/api/products/search?q=', '/api/products/search?q=%20%20']) {
      expectRestError(await app.rest('GET', path, undefined, { token }), 400, 'BAD_USER_INPUT', 'Search is required', { q: 'Search is required' });
    }
  });
});

describe('null: refused unless the field gives it a meaning (only imageUrl: "no image")', () => {
  it.each([
    ['a null description', { description: null }, { description: 'Description is required' }],
    ['a null category', { category: null }, { category: 'Category is required' }],
    ['a null quantity', { quantity: null }, { quantity: 'Quantity is required' }],
    ['a null featured', { featured: null }, { featured: 'Featured cannot be null' }],
  ])('create refuses %s on both transports (only a field left out takes its draft value)', async (_case, overrides, fields) => {
    await refusedOnCreate(overrides, fields);
  });

  it('accepts a null image URL as no image, on create and update, on both transports', async () => {
    const rest = await app.rest('POST', '/api/products', productInput({ imageUrl: null }), { token });
    expect(rest.status).toBe(201);
    expect(rest.body.product.imageUrl).toBeNull();
    const gql = await app.gql(CREATE_PRODUCT, { input: productInput({ imageUrl: null }) }, { token });
    expect(gql.data.createProduct.imageUrl).toBeNull();

    const product = await createProduct(app, token, { imageUrl: 'https://img.example.com/a.png' });
    const cleared = await app.rest('PUT', `/api/products/${product.id}`, { imageUrl: null }, { token });
    expect(cleared.body.product).toMatchObject({ imageUrl: null, version: 2 });
    await app.rest('PUT', `/api/products/${product.id}`, { imageUrl: 'https://img.example.com/b.png' }, { token });
    expect((await app.gql(UPDATE_PRODUCT, { id: product.id, input: { imageUrl: null } }, { token })).data.updateProduct.imageUrl).toBeNull();
    expect((await storedProduct(app, product.id))?.image_url).toBeNull();
  });

  it.each([
    [{ page: null }, { page: 'Page cannot be null' }],
    [{ limit: null }, { limit: 'Limit cannot be null' }],
    [{ search: null }, { search: 'Search cannot be null' }],
    [{ category: null }, { category: 'Category cannot be null' }],
    [{ inStock: null }, { inStock: 'In stock cannot be null' }],
    [{ sortBy: null }, { sortBy: 'Sort by cannot be null' }],
    [{ sortOrder: null }, { sortOrder: 'Sort order cannot be null' }],
  ])('a GraphQL list query refuses %j (left out, it takes its default)', async (query, fields) => {
    expectGqlError(await app.gql(PRODUCTS, { query }, { token }), 'BAD_USER_INPUT', firstOf(fields), fields);
  });
});

describe('whole numbers beyond a 32-bit integer: a 400 naming the field, never a database overflow', () => {
  const INT_ERROR = /Int cannot represent non 32-bit signed integer value/;

  it.each([
    ['2147483648', 2 ** 31, { version: 'Version cannot exceed 2147483647' }],
    // A JSON body carries numbers as numbers, so text is refused whatever number it spells.
    ['the text "2147483648"', '2147483648', { version: 'Version must be a number' }],
    ['the text "1"', '1', { version: 'Version must be a number' }],
    ['1e20', 1e20, { version: 'Version cannot exceed 2147483647' }],
    ['-2147483649', -(2 ** 31) - 1, { version: 'Version must be at least 1' }],
    ['1.5', 1.5, { version: 'Version must be a whole number' }],
    ['a word', 'latest', { version: 'Version must be a number' }],
  ])('REST PUT refuses a version of %s', async (_case, version, fields) => {
    const product = await createProduct(app, token);
    const before = await storedProduct(app, product.id);
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { name: 'Renamed', version }, { token }), 400, 'BAD_USER_INPUT', firstOf(fields), fields);
    expect(await storedProduct(app, product.id)).toEqual(before);
  });

  it('GraphQL’s Int refuses the same version, and the largest integer is merely stale on both', async () => {
    const product = await createProduct(app, token);
    expectGqlTypeError(await app.gql(UPDATE_PRODUCT, { id: product.id, input: { name: 'Renamed', version: 2 ** 31 } }, { token }), INT_ERROR);
    const STALE = 'This product was changed by someone else. Reload it and try again';
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { name: 'Renamed', version: 2 ** 31 - 1 }, { token }), 409, 'CONFLICT', STALE);
    expectGqlError(await app.gql(UPDATE_PRODUCT, { id: product.id, input: { name: 'Renamed', version: 2 ** 31 - 1 } }, { token }), 'CONFLICT', STALE);
    expect(await storedProduct(app, product.id)).toMatchObject({ name: product.name, version: 1 });
  });

  it('quantity and price past any column: the rule’s maximum on REST (create and update); GraphQL’s Int refuses the quantity, the rule the price', async () => {
    for (const [overrides, fields] of [
      [{ quantity: 2 ** 31 }, { quantity: 'Quantity cannot exceed 100000' }],
      [{ quantity: -(2 ** 31) - 1 }, { quantity: 'Quantity must be at least 0' }],
      [{ quantity: 1e300 }, { quantity: 'Quantity cannot exceed 100000' }],
      [{ price: 1e20 }, { price: 'Price cannot exceed 999999.99' }],
      [{ price: -1e20 }, { price: 'Price must be at least 0.01' }],
    ] as const) {
      const product = await createProduct(app, token);
      const before = await storedProduct(app, product.id);
      expectRestError(await app.rest('POST', '/api/products', productInput(overrides), { token }), 400, 'BAD_USER_INPUT', firstOf(fields), fields);
      expectRestError(await app.rest('PUT', `/api/products/${product.id}`, overrides, { token }), 400, 'BAD_USER_INPUT', firstOf(fields), fields);
      if ('price' in overrides) {
        expectGqlError(await app.gql(CREATE_PRODUCT, { input: productInput(overrides) }, { token }), 'BAD_USER_INPUT', firstOf(fields), fields);
        expectGqlError(await app.gql(UPDATE_PRODUCT, { id: product.id, input: overrides }, { token }), 'BAD_USER_INPUT', firstOf(fields), fields);
      } else {
        expectGqlTypeError(await app.gql(UPDATE_PRODUCT, { id: product.id, input: overrides }, { token }), /Int cannot represent/);
      }
      expect(await storedProduct(app, product.id)).toEqual(before);
    }
  });

  it('a stock delta past 32 bits: the delta rule’s limit on REST, GraphQL’s Int refusal', async () => {
    const product = await createProduct(app, token);
    for (const [delta, message] of [
      [2 ** 31, 'Quantity change cannot exceed 100000'],
      [-(2 ** 31) - 1, 'Quantity change must be at least -100000'],
      ['99999999999999999999', 'Quantity change must be a number'],
    ] as const) {
      expectRestError(await app.rest('POST', `/api/products/${product.id}/stock`, { delta }, { token }), 400, 'BAD_USER_INPUT', message, { delta: message });
    }
    expectGqlTypeError(await app.gql(ADJUST_STOCK, { id: product.id, delta: 2 ** 31 }, { token }), /Int cannot represent non 32-bit signed integer value/);
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: product.quantity, version: 1 });
  });

  it('page and limit past 32 bits: the page rules’ 400 on every REST list, GraphQL’s Int refusal; the largest page is an empty page', async () => {
    for (const path of ['/api/products', '/api/products/search?q=thing&', '/api/products/category/Tools']) {
      const join = path.endsWith('&') ? '' : path.includes('?') ? '&' : '?';
      for (const [queryString, fields] of [
        ['page=2147483648', { page: 'Page cannot exceed 10000000' }],
        ['page=99999999999999999999', { page: 'Page cannot exceed 10000000' }],
        ['limit=2147483648', { limit: 'Limit cannot exceed 100' }],
      ] as const) {
        expectRestError(await app.rest('GET', `${path}${join}${queryString}`, undefined, { token }), 400, 'BAD_USER_INPUT', firstOf(fields), fields);
      }
    }
    for (const query of [{ page: 2 ** 31 }, { limit: 2 ** 31 }]) expectGqlTypeError(await app.gql(PRODUCTS, { query }, { token }), INT_ERROR);
    const last = await app.rest('GET', '/api/products?page=10000000&limit=100', undefined, { token });
    expect(last.status).toBe(200);
    expect(last.body.products).toEqual([]);
    const lastGql = await app.gql(PRODUCTS, { query: { page: 10_000_000, limit: 100 } }, { token });
    expect(lastGql.data.products.products).toEqual([]);
  });
});

describe('product ids in any case', () => {
  it('reach one’s own product by its upper-case id on every route and operation, answering with the canonical id', async () => {
    const product = await createProduct(app, token, { quantity: 5 });
    const ID = product.id.toUpperCase();
    expect((await app.rest('GET', `/api/products/${ID}`, undefined, { token })).body.product.id).toBe(product.id);
    expect((await app.gql(PRODUCT, { id: ID }, { token })).data.product.id).toBe(product.id);
    const renamed = await app.rest('PUT', `/api/products/${ID}`, { name: 'Upper-case rename', version: 1 }, { token });
    expect(renamed.body.product).toMatchObject({ id: product.id, name: 'Upper-case rename', version: 2 });
    expect((await app.gql(UPDATE_PRODUCT, { id: ID, input: { featured: true } }, { token })).data.updateProduct).toMatchObject({ id: product.id, featured: true });
    expect((await app.rest('POST', `/api/products/${ID}/stock`, { delta: -2 }, { token })).body.product).toMatchObject({ id: product.id, quantity: 3 });
    expect((await app.gql(ADJUST_STOCK, { id: ID, delta: 1 }, { token })).data.adjustStock.quantity).toBe(4);
    expect(await app.rest('DELETE', `/api/products/${ID}`, undefined, { token })).toMatchObject({ status: 200, body: { id: product.id } });
    expect(await app.rest('POST', `/api/products/${ID}/restore`, undefined, { token })).toMatchObject({ status: 200, body: { product: { id: product.id } } });
    expect(await app.rest('DELETE', `/api/products/${ID}?permanent=true`, undefined, { token })).toMatchObject({ status: 200, body: { id: product.id } });
    expect(await storedProduct(app, product.id)).toBeUndefined();
  });

  it('keep someone else’s product theirs whatever the case: 404 to read, 403 to change', async () => {
    const other = await signUpUser(app);
    const theirs = await createProduct(app, other.token);
    const ID = theirs.id.toUpperCase();
    expectRestError(await app.rest('GET', `/api/products/${ID}`, undefined, { token }), 404, 'NOT_FOUND', 'Product not found');
    expectGqlError(await app.gql(PRODUCT, { id: ID }, { token }), 'NOT_FOUND', 'Product not found');
    const NOT_OWNER = 'You can only modify products you created';
    expectRestError(await app.rest('PUT', `/api/products/${ID}`, { name: 'Hijacked' }, { token }), 403, 'FORBIDDEN', NOT_OWNER);
    expectGqlError(await app.gql(UPDATE_PRODUCT, { id: ID, input: { name: 'Hijacked' } }, { token }), 'FORBIDDEN', NOT_OWNER);
    expectRestError(await app.rest('POST', `/api/products/${ID}/stock`, { delta: -1 }, { token }), 403, 'FORBIDDEN', NOT_OWNER);
    expectGqlError(await app.gql(DELETE_PRODUCT, { id: ID }, { token }), 'FORBIDDEN', NOT_OWNER);
    expect(await storedProduct(app, theirs.id)).toMatchObject({ name: theirs.name, quantity: theirs.quantity, version: 1 });
  });
});
