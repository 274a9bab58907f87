import type { Pagination, ProductRecord } from '../support/product-shapes';
import { CATEGORIES, FEATURED, PRODUCTS, PRODUCT_STATS, countProducts, createProduct, expectRestError } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Lists, search, filters, sorting, pagination, stats, categories and
 * featured products, each read over REST and GraphQL from one known catalogue.
 */

let app: TestApp;
let token: string;
let catalogue: ProductRecord[];

/** [name, description, price, category, quantity], oldest first. */
const ROWS: Array<[string, string, number, string, number]> = [
  ['apple corer', 'Cores apples in one push', 4.5, 'Kitchen', 10],
  ['Banana hanger', 'Keeps bananas fresh and unbruised', 12, 'Kitchen', 0],
  ['Cherry pitter', 'Pits cherries; dishwasher safe', 9.99, 'Kitchen', 3],
  ['Drill driver', 'Cordless, 18V, WIDGET-compatible', 89, 'Tools', 2],
  ['Electric widget', 'Powered gadget for the bench', 45, 'Tools', 0],
  ['Fence paint', 'Weatherproof, five litres', 30, 'Garden', 7],
  ['garden gnome', 'Ceramic and painted by hand', 15, 'Garden', 1],
  ['50% off mug', 'Sale item: a plain mug', 3, 'Kitchen', 5],
  ['100 percent cotton tee', 'Plain tee shirt in cotton', 8, 'Clothing', 5],
  ['snake_case tee', 'Developer tee shirt', 20, 'Clothing', 0],
  ['snakeXcase tee', 'Lookalike tee shirt', 20, 'Clothing', 4],
  ['Zebra rug', 'Striped rug, woven by hand', 120, 'Home & Living', 1],
  ['Wow! sticker', 'A sticker, 5 cm across', 1.25, 'Office', 9],
  ['C:\\ drive sticker', 'Backslash humour for the office', 1.25, 'Office', 9],
];

beforeAll(async () => {
  app = await startTestApp();
  token = (await signUpUser(app)).token;
  catalogue = [];
  for (const [index, [name, description, price, category, quantity]] of ROWS.entries()) {
    const product = await createProduct(app, token, { name, description, price, category, quantity });
    // One hour apart, the first the oldest: date order is the order above, whatever the clock did.
    const [row] = await app.sql(`UPDATE products SET created_at = now() - make_interval(hours => $2) WHERE id = $1 RETURNING created_at`, [product.id, ROWS.length - index]);
    catalogue.push({ ...product, createdAt: row.created_at.toISOString() });
  }
  // Another user's catalogue, which must never show up.
  const other = await signUpUser(app);
  for (const name of ['apple press', 'widget polish', '50% bag', 'snake_case mug']) await createProduct(app, other.token, { name, featured: true });
});
afterAll(() => app?.close());

const named = (...names: string[]) => names.map((name) => catalogue.find((p) => p.name === name)!.id);
const idsOf = (products: Array<{ id: string }>) => products.map((p) => p.id);
const byKey = <T>(key: (p: ProductRecord) => T, dir: 1 | -1) => (a: ProductRecord, b: ProductRecord) => {
  const [ka, kb] = [key(a), key(b)];
  return (ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * dir;
};

interface ListAnswer {
  products: ProductRecord[];
  pagination: Pagination;
}

/**
 * Lists over REST (query string built from `params`, every value a string)
 * and GraphQL (`params` with enums upper-cased), checks both give the same
 * products and pagination, and returns the answer.
 */
async function listBoth(params: Record<string, string | number | boolean> = {}): Promise<ListAnswer> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const rest = await app.rest('GET', `/api/products${query ? `?${query}` : ''}`, undefined, { token });
  expect(rest.status).toBe(200);
  const variables = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, k === 'sortBy' || k === 'sortOrder' ? String(v).toUpperCase() : v]));
  const gql = await app.gql(PRODUCTS, { query: variables }, { token });
  expect(gql.errors).toBeUndefined();
  expect(idsOf(gql.data.products.products)).toEqual(idsOf(rest.body.products));
  expect(gql.data.products.pagination).toEqual(rest.body.pagination);
  expect(gql.data.products.products).toEqual(rest.body.products);
  return rest.body;
}

describe('the default list', () => {
  it('is page 1 of 10, newest first, with the pagination fields', async () => {
    const answer = await listBoth();
    expect(idsOf(answer.products)).toEqual(idsOf([...catalogue].reverse().slice(0, 10)));
    expect(answer.pagination).toEqual({ page: 1, limit: 10, total: 14, totalPages: 2, hasNextPage: true, hasPrevPage: false, totalIsEstimate: false });
  });

  it('each product carries inStock = quantity > 0', async () => {
    const answer = await listBoth({ limit: 100 });
    for (const product of answer.products) expect(product.inStock).toBe(product.quantity > 0);
  });
});

describe('pagination', () => {
  it('pages of 5 cover the catalogue exactly once, newest first', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await listBoth({ page, limit: 5 }));
    expect(pages.map((p) => p.pagination)).toEqual([
      { page: 1, limit: 5, total: 14, totalPages: 3, hasNextPage: true, hasPrevPage: false, totalIsEstimate: false },
      { page: 2, limit: 5, total: 14, totalPages: 3, hasNextPage: true, hasPrevPage: true, totalIsEstimate: false },
      { page: 3, limit: 5, total: 14, totalPages: 3, hasNextPage: false, hasPrevPage: true, totalIsEstimate: false },
    ]);
    expect(pages.map((p) => p.products.length)).toEqual([5, 5, 4]);
    expect(pages.flatMap((p) => idsOf(p.products))).toEqual(idsOf([...catalogue].reverse()));
  });

  it.each([4, 1000])('page %p, past the end, is 200 with no products and a truthful pagination', async (page) => {
    const answer = await listBoth({ page, limit: 5 });
    expect(answer).toEqual({ products: [], pagination: { page, limit: 5, total: 14, totalPages: 3, hasNextPage: false, hasPrevPage: true, totalIsEstimate: false } });
  });

  it('limit 100 (the maximum) returns everything on one page', async () => {
    const answer = await listBoth({ limit: 100 });
    expect(answer.products).toHaveLength(14);
    expect(answer.pagination).toEqual({ page: 1, limit: 100, total: 14, totalPages: 1, hasNextPage: false, hasPrevPage: false, totalIsEstimate: false });
  });

  it('an exact multiple has no empty last page', async () => {
    const answer = await listBoth({ limit: 7, page: 2 });
    expect(answer.pagination).toEqual({ page: 2, limit: 7, total: 14, totalPages: 2, hasNextPage: false, hasPrevPage: true, totalIsEstimate: false });
  });

  it('an empty result is page 1 of 0', async () => {
    const answer = await listBoth({ search: 'no such thing anywhere' });
    expect(answer).toEqual({ products: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0, hasNextPage: false, hasPrevPage: false, totalIsEstimate: false } });
  });
});

describe('sorting', () => {
  it.each([
    ['price', 'asc', byKey((p) => p.price, 1)],
    ['price', 'desc', byKey((p) => p.price, -1)],
    ['date', 'asc', byKey((p) => p.createdAt, 1)],
    ['date', 'desc', byKey((p) => p.createdAt, -1)],
  ] as const)('by %s %s (ties broken by id)', async (sortBy, sortOrder, compare) => {
    const answer = await listBoth({ sortBy, sortOrder, limit: 100 });
    expect(idsOf(answer.products)).toEqual(idsOf([...catalogue].sort(compare)));
  });

  it('prices sort as numbers, not as text', async () => {
    const answer = await listBoth({ sortBy: 'price', sortOrder: 'asc', limit: 100 });
    const prices = answer.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[prices.length - 1]).toBe(120);
  });

  it.each(['asc', 'desc'] as const)('by name %s, ignoring case', async (sortOrder) => {
    const answer = await listBoth({ sortBy: 'name', sortOrder, limit: 100 });
    const letters = ['apple corer', 'Banana hanger', 'Cherry pitter', 'Drill driver', 'Electric widget', 'Fence paint', 'garden gnome', 'Zebra rug'];
    const expected = named(...(sortOrder === 'asc' ? letters : [...letters].reverse()));
    expect(idsOf(answer.products).filter((id) => expected.includes(id))).toEqual(expected);
    // The whole order is the database's case-insensitive collation order, ties by id.
    const direction = sortOrder === 'asc' ? 'ASC' : 'DESC';
    const rows = await app.sql(`SELECT id FROM products WHERE id = ANY($1) ORDER BY lower(name) ${direction}, id ${direction}`, [idsOf(catalogue)]);
    expect(idsOf(answer.products)).toEqual(idsOf(rows));
  });

  it('sorting applies before paging: page 2 by price continues page 1', async () => {
    const first = await listBoth({ sortBy: 'price', sortOrder: 'desc', limit: 4, page: 1 });
    const second = await listBoth({ sortBy: 'price', sortOrder: 'desc', limit: 4, page: 2 });
    expect([...idsOf(first.products), ...idsOf(second.products)]).toEqual(idsOf([...catalogue].sort(byKey((p) => p.price, -1)).slice(0, 8)));
  });
});

describe('search: a case-insensitive substring of the name, the description or the category', () => {
  it.each([
    ['widget', ['Electric widget', 'Drill driver']],
    ['WIDGET', ['Electric widget', 'Drill driver']],
    ['  wIdGeT  ', ['Electric widget', 'Drill driver']],
    ['tee shirt', ['snakeXcase tee', 'snake_case tee', '100 percent cotton tee']],
    ['BY HAND', ['Zebra rug', 'garden gnome']],
    ['cherr', ['Cherry pitter']],
  ])('%p', async (search, names) => {
    const answer = await listBoth({ search });
    expect(idsOf(answer.products)).toEqual(named(...names));
    expect(answer.pagination.total).toBe(names.length);
    const searched = await app.rest('GET', `/api/products/search?q=${encodeURIComponent(search)}`, undefined, { token });
    expect(searched.body).toEqual(answer);
  });

  it.each([
    ['tool', ['Electric widget', 'Drill driver']],
    ['GARDEN', ['garden gnome', 'Fence paint']],
    ['offic', ['C:\\ drive sticker', 'Wow! sticker']],
    ['home & liv', ['Zebra rug']],
    ['clothing', ['snakeXcase tee', 'snake_case tee', '100 percent cotton tee']],
  ])('%p matches the category (a product matching twice is listed once)', async (search, names) => {
    const answer = await listBoth({ search });
    expect(idsOf(answer.products)).toEqual(named(...names));
    expect(answer.pagination.total).toBe(names.length);
    const searched = await app.rest('GET', `/api/products/search?q=${encodeURIComponent(search)}`, undefined, { token });
    expect(searched.body).toEqual(answer);
  });

  it.each([
    ['%', ['50% off mug']],
    ['50%', ['50% off mug']],
    ['%%', []],
    ['_', ['snake_case tee']],
    ['e_c', ['snake_case tee']],
    ['!', ['Wow! sticker']],
    ['\\', ['C:\\ drive sticker']],
    ['C:\\ d', ['C:\\ drive sticker']],
  ])('%p matches itself, not as a wildcard or escape', async (search, names) => {
    const answer = await listBoth({ search });
    expect(idsOf(answer.products)).toEqual(named(...names));
  });

  it.each(["' OR '1'='1", "'; DROP TABLE products; --", "%' OR 1=1 --", "') OR true; --", '"; DELETE FROM products WHERE "1"="1', '$1 $2 ? ??'])(
    'the SQL-looking %p finds nothing and harms nothing',
    async (search) => {
      const before = await countProducts(app);
      const answer = await listBoth({ search });
      expect(answer.products).toEqual([]);
      expect(answer.pagination.total).toBe(0);
      expect((await app.rest('GET', `/api/products/search?q=${encodeURIComponent(search)}`, undefined, { token })).status).toBe(200);
      expect(await countProducts(app)).toBe(before);
    },
  );

  it('/api/products/search takes the list parameters too', async () => {
    const answer = await app.rest('GET', '/api/products/search?q=tee&sortBy=price&sortOrder=asc&limit=2&page=1', undefined, { token });
    expect(answer.status).toBe(200);
    const tees = catalogue.filter((p) => p.name.endsWith(' tee')).sort(byKey((p) => p.price, 1));
    expect(idsOf(answer.body.products)).toEqual(idsOf(tees.slice(0, 2)));
    expect(answer.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasNextPage: true, hasPrevPage: false, totalIsEstimate: false });
  });
});

describe('filters', () => {
  it.each([
    ['Kitchen', ['50% off mug', 'Cherry pitter', 'Banana hanger', 'apple corer']],
    ['Home & Living', ['Zebra rug']],
    ['Nowhere', []],
  ])('category %p, on /api/products?category=, /api/products/category/{category} and GraphQL', async (category, names) => {
    const answer = await listBoth({ category });
    expect(idsOf(answer.products)).toEqual(named(...names));
    const byPath = await app.rest('GET', `/api/products/category/${encodeURIComponent(category)}`, undefined, { token });
    expect(byPath.status).toBe(200);
    expect(byPath.body).toEqual(answer);
  });

  it('inStock=true and inStock=false (sent as strings over REST) split the catalogue', async () => {
    const inStock = await listBoth({ inStock: true, limit: 100 });
    const outOfStock = await listBoth({ inStock: false, limit: 100 });
    expect(idsOf(inStock.products)).toEqual(idsOf([...catalogue].reverse().filter((p) => p.quantity > 0)));
    expect(idsOf(outOfStock.products)).toEqual(named('snake_case tee', 'Electric widget', 'Banana hanger'));
    for (const product of outOfStock.products) expect(product).toMatchObject({ quantity: 0, inStock: false });
    expect(inStock.pagination.total + outOfStock.pagination.total).toBe(14);
    // An empty inStock (the client's "All") is no filter.
    const all = await app.rest('GET', '/api/products?inStock=&limit=100', undefined, { token });
    expect(all.body.pagination.total).toBe(14);
  });

  it('search, category, stock and sort combine', async () => {
    const answer = await listBoth({ search: 'tee', category: 'Clothing', inStock: true, sortBy: 'price', sortOrder: 'desc' });
    expect(idsOf(answer.products)).toEqual(named('snakeXcase tee', '100 percent cotton tee'));
    const kitchen = await listBoth({ category: 'Kitchen', inStock: true, sortBy: 'name', sortOrder: 'asc', limit: 2, page: 2 });
    expect(kitchen.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2, hasNextPage: false, hasPrevPage: true, totalIsEstimate: false });
    expect(idsOf(kitchen.products)).toEqual(named('Cherry pitter'));
  });

  it('a blank category path is 400 Category is required, not the whole catalogue', async () => {
    for (const path of ['/api/products/category/%20', '/api/products/category/%20%09%20']) {
      expectRestError(await app.rest('GET', path, undefined, { token }), 400, 'BAD_USER_INPUT', 'Category is required', { category: 'Category is required' });
    }
  });

  it('the category path can still be sorted, filtered and paged', async () => {
    const answer = await app.rest('GET', '/api/products/category/Kitchen?inStock=false', undefined, { token });
    expect(idsOf(answer.body.products)).toEqual(named('Banana hanger'));
    const page = await app.rest('GET', '/api/products/category/Kitchen?sortBy=price&sortOrder=asc&limit=1&page=2', undefined, { token });
    expect(idsOf(page.body.products)).toEqual(named('apple corer'));
  });
});

describe('stats: the whole catalogue, exact to the cent, whatever page or filter is shown', () => {
  let statsToken: string;
  let statsUserId: string;
  beforeAll(async () => {
    const user = await signUpUser(app);
    statsToken = user.token;
    statsUserId = user.user.id;
  });

  const restStats = (query = '') => app.rest('GET', `/api/products/stats${query}`, undefined, { token: statsToken });
  const gqlStats = async () => (await app.gql(PRODUCT_STATS, {}, { token: statsToken })).data.productStats;

  it('an empty catalogue is all zeros', async () => {
    const empty = { totalProducts: 0, inStock: 0, outOfStock: 0, lowStock: 0, inventoryValue: 0 };
    expect((await restStats()).body).toEqual({ stats: empty });
    expect(await gqlStats()).toEqual(empty);
  });

  it('3 x 19.99 + 7 x 0.01 + 0.1 + 0.2 is 60.34 exactly, not a float sum', async () => {
    await createProduct(app, statsToken, { price: 19.99, quantity: 3 });
    await createProduct(app, statsToken, { price: 0.01, quantity: 7 });
    expect((await restStats()).body.stats).toEqual({ totalProducts: 2, inStock: 2, outOfStock: 0, lowStock: 0, inventoryValue: 60.04 });
    await createProduct(app, statsToken, { price: 0.1, quantity: 1 });
    await createProduct(app, statsToken, { price: 0.2, quantity: 1 });
    await createProduct(app, statsToken, { price: 500, quantity: 0 });
    // Summed as floats in this order, the cents drift.
    expect(0.1 + 0.2 + 19.99 * 3 + 0.01 * 7).not.toBe(60.34);
    const expected = { totalProducts: 5, inStock: 4, outOfStock: 1, lowStock: 0, inventoryValue: 60.34 };
    expect((await restStats()).body).toEqual({ stats: expected });
    expect(await gqlStats()).toEqual(expected);
    const [sql] = await app.sql(`SELECT sum(price * quantity)::text AS value FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)`, [statsUserId]);
    expect(sql.value).toBe('60.34');
  });

  it('ignores list parameters: the figures are never those of a page', async () => {
    const whole = (await restStats()).body;
    for (const query of ['?page=2&limit=1', '?inStock=false', '?search=nothing', '?category=Elsewhere']) {
      expect((await restStats(query)).body).toEqual(whole);
    }
    const page = await app.rest('GET', '/api/products?limit=1&inStock=false', undefined, { token: statsToken });
    expect(page.body.products).toHaveLength(1);
    expect(whole.stats.totalProducts).toBe(5);
  });

  it('the largest values stay exact: 999999.99 x 100000, twice', async () => {
    const big = (await signUpUser(app)).token;
    await createProduct(app, big, { price: 999999.99, quantity: 100_000 });
    await createProduct(app, big, { price: 999999.99, quantity: 100_000 });
    await createProduct(app, big, { price: 0.01, quantity: 1 });
    const stats = (await app.rest('GET', '/api/products/stats', undefined, { token: big })).body.stats;
    expect(stats).toEqual({ totalProducts: 3, inStock: 3, outOfStock: 0, lowStock: 0, inventoryValue: 199999998000.01 });
  });

  it('the main catalogue’s stats agree with its rows', async () => {
    const stats = (await app.rest('GET', '/api/products/stats', undefined, { token })).body.stats;
    const value = ROWS.reduce((sum, [, , price, , quantity]) => sum + Math.round(price * 100) * quantity, 0) / 100;
    expect(stats).toEqual({ totalProducts: 14, inStock: 11, outOfStock: 3, lowStock: 0, inventoryValue: value });
    expect((await app.gql(PRODUCT_STATS, {}, { token })).data.productStats).toEqual(stats);
  });
});

describe('categories and featured products', () => {
  it('categories: the caller’s distinct categories, sorted', async () => {
    const expected = ['Clothing', 'Garden', 'Home & Living', 'Kitchen', 'Office', 'Tools'];
    expect((await app.rest('GET', '/api/products/categories', undefined, { token })).body).toEqual({ categories: expected });
    expect((await app.gql(CATEGORIES, {}, { token })).data.categories).toEqual(expected);
  });

  it('featured: only featured products, newest first, at most 10', async () => {
    const user = (await signUpUser(app)).token;
    const featured = [];
    for (let i = 0; i < 12; i++) {
      const product = await createProduct(app, user, { name: `Featured ${i}`, featured: true });
      await app.sql(`UPDATE products SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [product.id, 100 - i]);
      featured.push(product);
    }
    await createProduct(app, user, { name: 'Plain newest' });
    const expected = featured.slice(2).reverse().map((p) => p.id);
    const rest = await app.rest('GET', '/api/products/featured', undefined, { token: user });
    expect(rest.status).toBe(200);
    expect(idsOf(rest.body.products)).toEqual(expected);
    const gql = await app.gql(FEATURED, {}, { token: user });
    expect(idsOf(gql.data.featuredProducts)).toEqual(expected);
    expect(gql.data.featuredProducts).toEqual(rest.body.products);
  });

  it('featured is empty for a catalogue with none', async () => {
    expect((await app.rest('GET', '/api/products/featured', undefined, { token })).body).toEqual({ products: [] });
  });
});

describe('REST list errors carry the field', () => {
  it('an unknown sortBy is 400 naming sortBy', async () => {
    expectRestError(await app.rest('GET', '/api/products?sortBy=popularity', undefined, { token }), 400, 'BAD_USER_INPUT', 'Sort by format is invalid', { sortBy: 'Sort by format is invalid' });
  });
});
