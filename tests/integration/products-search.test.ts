import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Pagination, ProductRecord } from '../support/product-shapes';
import { PRODUCTS, countProducts, createProduct } from '../support/products';
import { logStatements, type StatementLog } from '../support/statement-log';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Search ignores accents and case, on REST, GraphQL and the quick search's
 * own operation alike; a term that is exactly a SKU or barcode lists that
 * product first; the total is exact up to PRODUCT_COUNT_CAP (5 here) and an
 * estimate past it; and no term, however odd, is anything but text to find.
 */

let app: TestApp;
let token: string;
const ids = new Map<string, string>();

const CAP = 5;

/** [name, description, category, sku?, barcode?], oldest first. */
const ROWS: Array<[string, string, string, string?, string?]> = [
  ['Café Olé Mug', 'Stoneware, holds a large café au lait', 'Kitchen'],
  ['cafe table', 'Bistro table for two', 'Furniture'],
  ['Crème brûlée torch', 'Caramelises sugar in seconds', 'Kitchen'],
  ['Plain spoon', 'Stirs CRÈME and coffee alike', 'Kitchen'],
  ['Straße sign', 'Enamel street sign', 'Décor'],
  ['Ångström ruler', 'Measures the very small', 'Office'],
  ['Half-price sale', 'Everything at 50% off', 'Office'],
  ['Scanner target', 'The product a code names', 'Office', 'AB-12', '5901234123457'],
  ['Longer code', 'Its SKU holds the other one', 'Office', 'XAB-123', '05901234123457'],
  ['<b>bold</b> label', 'Has <script>alert(1)</script> in it', 'Office'],
  ['Emoji mug 😀', 'Smiles: naïve, résumé', 'Kitchen'],
];

/** The quick search's operation (frontend/src/features/quick-search/quick-search.graphql), as the browser sends it. */
const QUICK_SEARCH = readFileSync(join(__dirname, '../../frontend/src/features/quick-search/quick-search.graphql'), 'utf8');

beforeAll(async () => {
  app = await startTestApp({ PRODUCT_COUNT_CAP: String(CAP) });
  token = (await signUpUser(app)).token;
  for (const [index, [name, description, category, sku, barcode]] of ROWS.entries()) {
    const product = await createProduct(app, token, { name, description, category, ...(sku ? { sku } : {}), ...(barcode ? { barcode } : {}) });
    // One hour apart, the first the oldest: newest first is the reverse of the list above.
    await app.sql(`UPDATE products SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [product.id, ROWS.length - index]);
    ids.set(name, product.id);
  }
  // Another user's catalogue, which must never show up.
  const other = await signUpUser(app);
  await createProduct(app, other.token, { name: 'Café of someone else' });
});
afterAll(() => app?.close());

const named = (...names: string[]) => names.map((name) => ids.get(name)!);
const idsOf = (products: Array<{ id: string }>) => products.map((p) => p.id);

interface ListAnswer {
  products: ProductRecord[];
  pagination: Pagination;
}

/** The same search over REST and GraphQL, which must agree; the REST answer. */
async function searchBoth(search: string, params: Record<string, string | number> = {}): Promise<ListAnswer> {
  const query = new URLSearchParams({ search, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) }).toString();
  const rest = await app.rest('GET', `/api/products?${query}`, undefined, { token });
  expect(rest.status).toBe(200);
  const variables = { search, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, k === 'sortBy' || k === 'sortOrder' ? String(v).toUpperCase() : v])) };
  const gql = await app.gql(PRODUCTS, { query: variables }, { token });
  expect(gql.errors).toBeUndefined();
  expect(gql.data.products.products).toEqual(rest.body.products);
  expect(gql.data.products.pagination).toEqual(rest.body.pagination);
  return rest.body;
}

async function quickSearch(search: string): Promise<string[]> {
  const answer = await app.gql(QUICK_SEARCH, { query: { search, limit: 8 } }, { token });
  expect(answer.errors).toBeUndefined();
  return idsOf(answer.data.products.products);
}

describe('accents and case are ignored, in the term and in the products', () => {
  it.each([
    ['cafe', ['cafe table', 'Café Olé Mug']],
    ['CAFÉ', ['cafe table', 'Café Olé Mug']],
    ['Cafè', ['cafe table', 'Café Olé Mug']],
    ['olé mug', ['Café Olé Mug']],
    ['creme', ['Plain spoon', 'Crème brûlée torch']],
    ['BRULEE', ['Crème brûlée torch']],
    ['strasse', ['Straße sign']],
    ['angstrom', ['Ångström ruler']],
    ['decor', ['Straße sign']],
    ['naive resume', []],
    ['naive', ['Emoji mug 😀']],
    ['RÉSUMÉ', ['Emoji mug 😀']],
  ])('%p, on REST, GraphQL and the quick search', async (search, names) => {
    const answer = await searchBoth(search);
    expect(idsOf(answer.products)).toEqual(named(...names));
    expect(answer.pagination.total).toBe(names.length);
    expect(await quickSearch(search)).toEqual(named(...names));
  });

  it('what a product is called is what the list shows: its accents stay', async () => {
    const answer = await searchBoth('cafe ole');
    expect(answer.products.map((p) => p.name)).toEqual(['Café Olé Mug']);
  });
});

describe('a SKU or barcode that is exactly the term comes first', () => {
  it.each([
    ['ab-12', 'SKU, any case', ['Scanner target', 'Longer code']],
    ['AB-12', 'SKU', ['Scanner target', 'Longer code']],
    // A barcode is found whole only: the longer one that holds it is not a match.
    ['5901234123457', 'barcode', ['Scanner target']],
  ])('%p (%s): its product leads, then the rest of the matches in the sort order', async (search, _what, names) => {
    // The longer code holds the SKU too and is newer, and sorts first by name; the exact one still leads.
    const sorts: Array<Record<string, string>> = [{}, { sortBy: 'name', sortOrder: 'asc' }, { sortBy: 'price', sortOrder: 'desc' }];
    for (const sort of sorts) {
      const answer = await searchBoth(search, sort);
      expect(idsOf(answer.products)).toEqual(named(...names));
      expect(answer.pagination.total).toBe(names.length);
    }
    expect(await quickSearch(search)).toEqual(named(...names));
  });

  it('the exact product leads page 1 only: page 2 goes on with the other matches', async () => {
    const first = await searchBoth('ab-12', { limit: 1, page: 1 });
    const second = await searchBoth('ab-12', { limit: 1, page: 2 });
    expect([...idsOf(first.products), ...idsOf(second.products)]).toEqual(named('Scanner target', 'Longer code'));
    expect(second.pagination).toMatchObject({ page: 2, total: 2, hasNextPage: false, hasPrevPage: true });
  });

  it('a code combined with a filter the product does not pass finds only what passes', async () => {
    const answer = await searchBoth('ab-12', { category: 'Kitchen' });
    expect(answer.products).toEqual([]);
    expect(answer.pagination.total).toBe(0);
  });
});

describe('the total: exact up to the cap, an estimate past it', () => {
  it('as many matches as the cap, spelt with and without accents, are counted exactly', async () => {
    // "e" finds e, é and è alike: four of the kitchen's products, and all five in the office (the cap).
    const answer = await searchBoth('e', { category: 'Kitchen' });
    expect(answer.products).toHaveLength(4);
    expect(answer.pagination).toMatchObject({ total: 4, totalIsEstimate: false });
    const office = await searchBoth('E', { category: 'Office', limit: 10 });
    expect(office.products).toHaveLength(CAP);
    expect(office.pagination).toMatchObject({ total: CAP, totalIsEstimate: false });
  });

  it('one more than the cap is an estimate, never below what is known', async () => {
    const answer = await searchBoth('E', { limit: 2 });
    expect(answer.pagination.totalIsEstimate).toBe(true);
    expect(answer.pagination.total).toBeGreaterThan(CAP);
    expect(answer.pagination.hasNextPage).toBe(true);
  });
});

describe('any text is only text to find', () => {
  it.each([
    ['50%', ['Half-price sale']],
    // unaccent turns the small percent sign into "%": it still matches only a percent sign, not anything.
    ['﹪', ['Half-price sale']],
    ['！', []],
    ['<script>', ['<b>bold</b> label']],
    ['<b>BOLD</B>', ['<b>bold</b> label']],
    ['😀', ['Emoji mug 😀']],
    ['_', []],
  ])('%p', async (search, names) => {
    expect(idsOf((await searchBoth(search)).products)).toEqual(named(...names));
  });

  it.each(["' OR '1'='1", "'; DROP TABLE products; --", "é') OR true; --", 'f_unaccent($1)', '\\1 !% !_', 'ÿ\u0301\u0308 ﬁ ǆ'])(
    'the SQL-looking %p finds nothing and harms nothing',
    async (search) => {
      const before = await countProducts(app);
      const answer = await searchBoth(search);
      expect(answer.products).toEqual([]);
      expect(answer.pagination.total).toBe(0);
      expect(await countProducts(app)).toBe(before);
    },
  );
});

describe('the search text is the server\'s own', () => {
  it('is never sent to a client, and follows an edit of the fields it is made of', async () => {
    const id = ids.get('Plain spoon')!;
    const rest = await app.rest('GET', `/api/products/${id}`, undefined, { token });
    expect(Object.keys(rest.body.product)).not.toContain('searchText');
    expect(JSON.stringify(rest.body)).not.toMatch(/search_?text/i);
    const edited = await app.rest('PUT', `/api/products/${id}`, { description: 'Stirs tea, naturally' }, { token });
    expect(edited.status).toBe(200);
    expect(idsOf((await searchBoth('creme')).products)).toEqual(named('Crème brûlée torch'));
    expect(idsOf((await searchBoth('NATURALLY')).products)).toEqual(named('Plain spoon'));
  });
});

describe('a term with few matches and one with many find the same products the same way', () => {
  let shop: { token: string; workspaceId: string };
  /** More matches than the list reads by id (product.service.ts reads up to 1,000 so), and fewer. */
  const MANY = 1_001;
  const FEW = 1_000;

  beforeAll(async () => {
    shop = await signUpUser(app);
    // Seeded as the schema's owner: 'Gizmo n' and 'Doohickey n', a minute apart, the first the newest.
    for (const [name, count] of [['Gizmo', MANY], ['Doohickey', FEW]] as const) {
      await app.sql(
        `INSERT INTO products (id, created_by, workspace_id, name, description, price, category, quantity, created_at, updated_at, version)
         SELECT gen_random_uuid(), (SELECT personal_user_id FROM workspaces WHERE id = $1), $1, $2 || ' ' || g, 'A seeded product for the search tests', 1, 'Seeded', 1,
           now() - g * interval '1 minute', now(), 1
         FROM generate_series(1, $3::int) AS g`,
        [shop.workspaceId, name, count],
      );
    }
    // Newer matches in another workspace, which must never show up.
    const other = await signUpUser(app);
    for (const name of ['Gizmo of another shop', 'Doohickey of another shop']) await createProduct(app, other.token, { name });
  });

  /** The page the search should give, read as the schema's owner: newest first, ties by id. */
  const expectedPage = async (term: string, offset: number) =>
    (
      await app.sql(
        `SELECT id FROM products WHERE workspace_id = $1 AND deleted_at IS NULL AND name ILIKE $2 ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET $3`,
        [shop.workspaceId, `%${term}%`, offset],
      )
    ).map((row: { id: string }) => row.id);

  it.each([
    ['many', 'gizmo', MANY],
    ['few', 'doohickey', FEW],
  ])('%s: pages 1 and 60 are the workspace’s own matches in order, and the total is counted', async (_, term, matches) => {
    for (const [page, offset] of [[1, 0], [60, 590]]) {
      const answer = await app.rest('GET', `/api/products?search=${term}&page=${page}&limit=10`, undefined, { token: shop.token });
      expect(answer.status).toBe(200);
      expect(idsOf(answer.body.products)).toEqual(await expectedPage(term, offset));
      // Past this file's cap of 5 the total is an estimate, never below what is known.
      expect(answer.body.pagination).toMatchObject({ totalIsEstimate: true });
      expect(answer.body.pagination.total).toBeGreaterThanOrEqual(CAP + 1);
    }
    const exact = await app.sql(`SELECT count(*)::int AS n FROM products WHERE workspace_id = $1 AND name ILIKE $2`, [shop.workspaceId, `%${term}%`]);
    expect(exact[0].n).toBe(matches);
  });

  it('a term found common is not probed again: its next search reads the list by the sort alone', async () => {
    const statements = logStatements();
    try {
      const search = () => app.rest('GET', '/api/products?search=gizmo%201', undefined, { token: shop.token });
      // 'Gizmo 1', 'Gizmo 10'... 'Gizmo 1001': 113 matches, few; 'gizmo' alone: 1,001, many.
      await search();
      const common = () => app.rest('GET', '/api/products?search=gizmo', undefined, { token: shop.token });
      await common();
      const { statements: again } = await statements.during(common);
      expect(again.filter((text) => text.includes('products_matching_search'))).toEqual([]);
    } finally {
      statements.stop();
    }
  });

  it('a rare term among them is found with the others filtered as asked', async () => {
    const answer = await app.rest('GET', '/api/products?search=doohickey%2099&inStock=true&sortBy=name&sortOrder=asc', undefined, { token: shop.token });
    expect(answer.body.products.map((product: { name: string }) => product.name)).toEqual(['Doohickey 99', 'Doohickey 990', 'Doohickey 991', 'Doohickey 992', 'Doohickey 993', 'Doohickey 994', 'Doohickey 995', 'Doohickey 996', 'Doohickey 997', 'Doohickey 998']);
    expect(answer.body.pagination).toMatchObject({ total: 11, totalIsEstimate: true });
  });
});

describe('how a search reads the catalogue', () => {
  let statements: StatementLog;
  beforeAll(() => {
    statements = logStatements();
  });
  afterAll(() => statements.stop());

  /** The statements of one search that test the term row by row (LIKE), and those that read the matches by id. */
  const readsOf = async (term: string) => {
    const { statements: all } = await statements.during(() => app.rest('GET', `/api/products?search=${encodeURIComponent(term)}`, undefined, { token }));
    const reading = all.filter((text) => /FROM products/.test(text));
    return { rowByRow: reading.filter((text) => /search_text LIKE/.test(text)).length, byId: reading.filter((text) => /products\.id = ANY/.test(text)).length };
  };

  it('a term with few matches finds them through the search index (a function of the database) and reads them by id', async () => {
    // Behind row-level security the statement's own LIKE could not use the trigram index: every product would be read.
    // The page reads them by id; their count is how many were found, with no statement of its own.
    expect(await readsOf('crème')).toEqual({ rowByRow: 0, byId: 1 });
  });
});
