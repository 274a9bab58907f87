import type { ProductRecord } from '../support/product-shapes';
import {
  ADJUST_STOCK,
  CATEGORIES,
  CREATE_PRODUCT,
  DELETE_PRODUCT,
  FEATURED,
  PRODUCT,
  PRODUCTS,
  PRODUCT_STATS,
  UPDATE_PRODUCT,
  countProducts,
  createProduct,
  expectGqlError,
  expectRestError,
  productInput,
  storedProduct,
} from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * A product belongs to its creator: someone else's is
 * invisible to read (404, as if it did not exist), refused to change (403),
 * and never part of a list, search, filter, stat or category.
 */

let app: TestApp;
let alice: { token: string; id: string };
let bob: { token: string; id: string };
let bobs: ProductRecord[];
let alices: ProductRecord[];

const NOT_FOUND = 'Product not found';
const NOT_OWNER = 'You can only modify products you created';

beforeAll(async () => {
  app = await startTestApp();
  const a = await signUpUser(app, { firstName: 'Alice' });
  const b = await signUpUser(app, { firstName: 'Bob' });
  alice = { token: a.token, id: a.user.id };
  bob = { token: b.token, id: b.user.id };
  alices = [
    await createProduct(app, alice.token, { name: 'Alice desk lamp', category: 'Office', quantity: 4, price: 10 }),
    await createProduct(app, alice.token, { name: 'Alice stapler', category: 'Office', quantity: 0, price: 5 }),
  ];
  bobs = [
    await createProduct(app, bob.token, { name: 'Bob secret lantern', description: 'A lantern nobody else may see', category: 'BobOnly', quantity: 9, price: 100, featured: true }),
    await createProduct(app, bob.token, { name: 'Bob sold-out lantern', description: 'Another lantern, none left', category: 'BobOnly', quantity: 0, price: 200, featured: true }),
    // Same category and a name that matches Alice's searches: only the owner decides.
    await createProduct(app, bob.token, { name: 'Alice desk lamp (Bob’s copy)', category: 'Office', quantity: 3, price: 7, featured: true }),
  ];
});
afterAll(() => app?.close());

const bobIds = () => bobs.map((p) => p.id);
const idsOf = (products: Array<{ id: string }>) => products.map((p) => p.id);

describe("another user's product", () => {
  it('is 404 Product not found to read, on REST and GraphQL, exactly like an id that does not exist', async () => {
    for (const id of [bobs[0].id, '00000000-0000-4000-8000-000000000000']) {
      expectRestError(await app.rest('GET', `/api/products/${id}`, undefined, { token: alice.token }), 404, 'NOT_FOUND', NOT_FOUND);
      expectGqlError(await app.gql(PRODUCT, { id }, { token: alice.token }), 'NOT_FOUND', NOT_FOUND);
    }
  });

  it('is 403 to update (with or without a version); nothing changes', async () => {
    const before = await storedProduct(app, bobs[0].id);
    expectRestError(await app.rest('PUT', `/api/products/${bobs[0].id}`, { name: 'Stolen lantern' }, { token: alice.token }), 403, 'FORBIDDEN', NOT_OWNER);
    expectRestError(await app.rest('PUT', `/api/products/${bobs[0].id}`, { price: 0.01, version: 1 }, { token: alice.token }), 403, 'FORBIDDEN', NOT_OWNER);
    expectGqlError(await app.gql(UPDATE_PRODUCT, { id: bobs[0].id, input: { name: 'Stolen lantern' } }, { token: alice.token }), 'FORBIDDEN', NOT_OWNER);
    expectGqlError(await app.gql(UPDATE_PRODUCT, { id: bobs[0].id, input: { quantity: 0, version: 1 } }, { token: alice.token }), 'FORBIDDEN', NOT_OWNER);
    expect(await storedProduct(app, bobs[0].id)).toEqual(before);
  });

  it('is 403 to delete; it stays', async () => {
    expectRestError(await app.rest('DELETE', `/api/products/${bobs[0].id}`, undefined, { token: alice.token }), 403, 'FORBIDDEN', NOT_OWNER);
    expectGqlError(await app.gql(DELETE_PRODUCT, { id: bobs[0].id }, { token: alice.token }), 'FORBIDDEN', NOT_OWNER);
    expect(await storedProduct(app, bobs[0].id)).toBeDefined();
  });

  it('is 403 to sell or receive, whatever its stock (no stock level leaks through a 409)', async () => {
    const before = await storedProduct(app, bobs[0].id);
    for (const delta of [-1, 1, -100_000]) {
      expectRestError(await app.rest('POST', `/api/products/${bobs[0].id}/stock`, { delta }, { token: alice.token }), 403, 'FORBIDDEN', NOT_OWNER);
      expectGqlError(await app.gql(ADJUST_STOCK, { id: bobs[0].id, delta }, { token: alice.token }), 'FORBIDDEN', NOT_OWNER);
    }
    expectRestError(await app.rest('POST', `/api/products/${bobs[1].id}/stock`, { delta: -1 }, { token: alice.token }), 403, 'FORBIDDEN', NOT_OWNER);
    expect(await storedProduct(app, bobs[0].id)).toEqual(before);
  });

  it('stays fully usable by its owner (control)', async () => {
    const read = await app.rest('GET', `/api/products/${bobs[0].id}`, undefined, { token: bob.token });
    expect(read.body.product).toEqual(bobs[0]);
    const sold = await app.gql(ADJUST_STOCK, { id: bobs[0].id, delta: -1 }, { token: bob.token });
    expect(sold.data.adjustStock).toMatchObject({ quantity: 8, version: 2 });
    const restored = await app.rest('POST', `/api/products/${bobs[0].id}/stock`, { delta: 1 }, { token: bob.token });
    expect(restored.body.product).toMatchObject({ quantity: 9, version: 3 });
    bobs[0] = restored.body.product;
  });
});

describe("lists never include another user's products", () => {
  it.each([
    ['everything', '', {}, [1, 0]],
    ['a search matching both users', 'search=lamp', { search: 'lamp' }, [0]],
    ['a search matching only Bob', 'search=lantern', { search: 'lantern' }, []],
    ['a search for Bob’s description', 'search=nobody%20else', { search: 'nobody else' }, []],
    ['Bob’s category', 'category=BobOnly', { category: 'BobOnly' }, []],
    ['a shared category', 'category=Office', { category: 'Office' }, [1, 0]],
    ['in stock', 'inStock=true', { inStock: true }, [0]],
    ['out of stock', 'inStock=false', { inStock: false }, [1]],
    ['by price, dearest first', 'sortBy=price&sortOrder=desc&limit=100', { sortBy: 'PRICE', sortOrder: 'DESC', limit: 100 }, [0, 1]],
  ])('%s', async (_case, queryString, query, expected) => {
    const rest = await app.rest('GET', `/api/products?${queryString}`, undefined, { token: alice.token });
    expect(rest.status).toBe(200);
    const gql = await app.gql(PRODUCTS, { query }, { token: alice.token });
    expect(gql.errors).toBeUndefined();
    for (const page of [rest.body, gql.data.products]) {
      for (const product of page.products) expect(product.owner).toBe(alice.id);
      expect(idsOf(page.products).filter((id) => bobIds().includes(id))).toEqual([]);
      expect(idsOf(page.products)).toEqual(expected.map((index) => alices[index].id));
      expect(page.pagination.total).toBe(expected.length);
    }
    expect(idsOf(rest.body.products)).toEqual(idsOf(gql.data.products.products));
    expect(rest.body.pagination).toEqual(gql.data.products.pagination);
  });

  it('REST /search and /category/{category} are scoped the same way', async () => {
    const search = await app.rest('GET', '/api/products/search?q=lantern', undefined, { token: alice.token });
    expect(search.body).toEqual({ products: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0, hasNextPage: false, hasPrevPage: false, totalIsEstimate: false } });
    const category = await app.rest('GET', '/api/products/category/BobOnly', undefined, { token: alice.token });
    expect(category.body.products).toEqual([]);
    const office = await app.rest('GET', '/api/products/category/Office', undefined, { token: alice.token });
    expect(idsOf(office.body.products).sort()).toEqual(idsOf(alices).sort());
    // Bob, asking the same, sees his own.
    const bobSearch = await app.rest('GET', '/api/products/search?q=lantern', undefined, { token: bob.token });
    expect(idsOf(bobSearch.body.products).sort()).toEqual([bobs[0].id, bobs[1].id].sort());
  });

  it('stats count only the caller’s catalogue', async () => {
    const expected = { totalProducts: 2, inStock: 1, outOfStock: 1, lowStock: 0, inventoryValue: 40 };
    expect((await app.rest('GET', '/api/products/stats', undefined, { token: alice.token })).body).toEqual({ stats: expected });
    expect((await app.gql(PRODUCT_STATS, {}, { token: alice.token })).data.productStats).toEqual(expected);
    const bobStats = { totalProducts: 3, inStock: 2, outOfStock: 1, lowStock: 0, inventoryValue: 9 * 100 + 3 * 7 };
    expect((await app.rest('GET', '/api/products/stats', undefined, { token: bob.token })).body).toEqual({ stats: bobStats });
  });

  it('categories and featured products are the caller’s only', async () => {
    expect((await app.rest('GET', '/api/products/categories', undefined, { token: alice.token })).body).toEqual({ categories: ['Office'] });
    expect((await app.gql(CATEGORIES, {}, { token: alice.token })).data.categories).toEqual(['Office']);
    expect((await app.rest('GET', '/api/products/featured', undefined, { token: alice.token })).body).toEqual({ products: [] });
    expect((await app.gql(FEATURED, {}, { token: alice.token })).data.featuredProducts).toEqual([]);
    const bobFeatured = await app.rest('GET', '/api/products/featured', undefined, { token: bob.token });
    expect(idsOf(bobFeatured.body.products).sort()).toEqual(bobIds().sort());
    expect((await app.rest('GET', '/api/products/categories', undefined, { token: bob.token })).body).toEqual({ categories: ['BobOnly', 'Office'] });
  });

  it('a new product always belongs to its creator', async () => {
    const viaGql = await app.gql(CREATE_PRODUCT, { input: productInput() }, { token: bob.token });
    expect(viaGql.data.createProduct.owner).toBe(bob.id);
    expect((await storedProduct(app, viaGql.data.createProduct.id))?.created_by).toBe(bob.id);
    const viaRest = await createProduct(app, alice.token);
    expect((await storedProduct(app, viaRest.id))?.created_by).toBe(alice.id);
    await app.rest('DELETE', `/api/products/${viaRest.id}`, undefined, { token: alice.token });
    await app.gql(DELETE_PRODUCT, { id: viaGql.data.createProduct.id }, { token: bob.token });
  });
});

describe('without a valid token: 401 on every product route and operation, nothing read or written', () => {
  const restCalls = (id: string): Array<[string, string, unknown?]> => [
    ['GET', '/api/products'],
    ['POST', '/api/products', productInput({ name: 'Anonymous product' })],
    ['GET', '/api/products/stats'],
    ['GET', '/api/products/categories'],
    ['GET', '/api/products/featured'],
    ['GET', '/api/products/search?q=lantern'],
    ['GET', '/api/products/category/BobOnly'],
    ['GET', `/api/products/${id}`],
    ['PUT', `/api/products/${id}`, { name: 'Anonymous edit' }],
    ['DELETE', `/api/products/${id}`],
    ['POST', `/api/products/${id}/stock`, { delta: -1 }],
    ['GET', '/api/products/not-a-uuid'],
  ];
  const gqlCalls = (id: string): Array<[string, Record<string, unknown>]> => [
    [PRODUCTS, {}],
    [PRODUCT, { id }],
    [PRODUCT_STATS, {}],
    [CATEGORIES, {}],
    [FEATURED, {}],
    [CREATE_PRODUCT, { input: productInput({ name: 'Anonymous product' }) }],
    [UPDATE_PRODUCT, { id, input: { name: 'Anonymous edit' } }],
    [DELETE_PRODUCT, { id }],
    [ADJUST_STOCK, { id, delta: -1 }],
  ];

  async function expectAllRefused(token: string | undefined, message: string, headers?: Record<string, string>) {
    const before = await storedProduct(app, bobs[0].id);
    const total = await countProducts(app);
    for (const [method, path, body] of restCalls(bobs[0].id)) {
      const answer = await app.rest(method, path, body, { token, headers });
      expect({ call: `${method} ${path}`, status: answer.status, body: answer.body }).toEqual({ call: `${method} ${path}`, status: 401, body: { message, code: 'UNAUTHENTICATED' } });
    }
    for (const [query, variables] of gqlCalls(bobs[0].id)) {
      expectGqlError(await app.gql(query, variables, { token, headers }), 'UNAUTHENTICATED', message);
    }
    expect(await storedProduct(app, bobs[0].id)).toEqual(before);
    expect(await countProducts(app)).toBe(total);
  }

  it('no token at all', async () => {
    await expectAllRefused(undefined, 'Invalid authentication token');
  });

  it('a token that is not a JWT, or a scheme other than Bearer', async () => {
    await expectAllRefused('not.a.jwt', 'Invalid authentication token');
    await expectAllRefused(undefined, 'Invalid authentication token', { authorization: `Basic ${Buffer.from('bob:pw').toString('base64')}` });
  });

  it('a signed-out session', async () => {
    const carol = await signUpUser(app, { firstName: 'Carol' });
    expect((await app.rest('POST', '/api/auth/signout', undefined, { token: carol.token })).status).toBe(200);
    await expectAllRefused(carol.token, 'Your session has expired. Please log in again');
  });
});
