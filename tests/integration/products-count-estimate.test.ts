import { PRODUCTS } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * A searched or category-filtered list counts its matches exactly only up to
 * PRODUCT_COUNT_CAP (set to 5 here); past it the total is the planner's
 * estimate and the pagination says so with `totalIsEstimate`, over REST and
 * GraphQL alike. Lists answered by the running totals stay exact at any size.
 */

const CAP = 5;
let app: TestApp;
let token: string;
let ownerId: string;

/** `count` products named '<name> 1'...'<name> N' in `category`, in one statement. */
async function insert(name: string, category: string, count: number) {
  await app.sql(
    `INSERT INTO products (id, created_by, workspace_id, name, description, price, category, quantity)
     SELECT gen_random_uuid(), $1, (SELECT id FROM workspaces WHERE personal_user_id = $1), $2 || ' ' || g, 'Counted by the estimate test', 10, $3, 1 FROM generate_series(1, $4::int) AS g`,
    [ownerId, name, category, count],
  );
}

beforeAll(async () => {
  app = await startTestApp({ PRODUCT_COUNT_CAP: String(CAP) });
  const user = await signUpUser(app);
  token = user.token;
  ownerId = user.user.id;
  await insert('Lamp', 'Lighting', 37);
  await insert('Vase', 'Decor', 3);
  await insert('Chair', 'Seating', CAP);
  await app.sql('ANALYZE products');
});
afterAll(() => app?.close());

/** The same list over REST and GraphQL; both must answer alike. Returns the pagination and how many products came. */
async function listBoth(params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const rest = await app.rest('GET', `/api/products?${query}`, undefined, { token });
  expect(rest.status).toBe(200);
  const gql = await app.gql(PRODUCTS, { query: params }, { token });
  expect(gql.errors).toBeUndefined();
  expect(gql.data.products.pagination).toEqual(rest.body.pagination);
  expect(gql.data.products.products).toEqual(rest.body.products);
  return { pagination: rest.body.pagination, shown: rest.body.products.length as number };
}

it('a search with fewer matches than the cap is counted exactly', async () => {
  const { pagination } = await listBoth({ search: 'vase' });
  expect(pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1, hasNextPage: false, hasPrevPage: false, totalIsEstimate: false });
});

it('exactly as many matches as the cap are still exact', async () => {
  const { pagination } = await listBoth({ search: 'chair' });
  expect(pagination).toMatchObject({ total: CAP, totalIsEstimate: false });
});

it('past the cap, a search says its total is an estimate, never below what the page shows', async () => {
  const { pagination, shown } = await listBoth({ search: 'lamp', limit: 10 });
  expect(shown).toBe(10);
  expect(pagination.totalIsEstimate).toBe(true);
  expect(pagination.total).toBeGreaterThanOrEqual(10);
  expect(pagination).toMatchObject({ page: 1, limit: 10, totalPages: Math.ceil(pagination.total / 10), hasPrevPage: false });
});

it('a full page of an estimated search always offers the next page, even when the estimate is lower than what is shown', async () => {
  // 37 lamps, and the planner's guess for a small, fresh table can be below the 30 shown up to page 3.
  const { pagination, shown } = await listBoth({ search: 'lamp', limit: 10, page: 3 });
  expect(shown).toBe(10);
  expect(pagination).toMatchObject({ page: 3, totalIsEstimate: true, hasNextPage: true });
  expect(pagination.total).toBeGreaterThan(30);
});

it('a category past the cap is estimated too', async () => {
  const { pagination } = await listBoth({ category: 'Lighting', limit: 2 });
  expect(pagination.totalIsEstimate).toBe(true);
  expect(pagination.total).toBeGreaterThan(CAP);
});

it('the short last page of an estimated search knows the exact total', async () => {
  const { pagination, shown } = await listBoth({ search: 'lamp', limit: 10, page: 4 });
  expect(shown).toBe(7);
  expect(pagination).toEqual({ page: 4, limit: 10, total: 37, totalPages: 4, hasNextPage: false, hasPrevPage: true, totalIsEstimate: false });
});

it('lists the running totals answer stay exact past the cap', async () => {
  const { pagination } = await listBoth({ limit: 10 });
  expect(pagination).toMatchObject({ total: 37 + 3 + CAP, totalIsEstimate: false });
  const inStock = await app.rest('GET', '/api/products?inStock=true', undefined, { token });
  expect(inStock.body.pagination).toMatchObject({ total: 37 + 3 + CAP, totalIsEstimate: false });
});

it('a search that falls back under the cap after a write is exact again', async () => {
  expect((await listBoth({ search: 'lamp 1' })).pagination.totalIsEstimate).toBe(true); // 'Lamp 1', 'Lamp 10'..'Lamp 19', 'Lamp 1x'
  const doomed = await app.sql(`SELECT id FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND name LIKE 'Lamp 1_' ORDER BY name`, [ownerId]);
  for (const { id } of doomed) expect((await app.rest('DELETE', `/api/products/${id}`, undefined, { token })).status).toBe(200);
  const { pagination } = await listBoth({ search: 'lamp 1' });
  expect(pagination).toMatchObject({ total: 1, totalIsEstimate: false });
});

it('past the cap, the estimate comes from a sample of the catalogue: close to the real count where the planner is far off', async () => {
  const shelves = await signUpUser(app);
  // 20,000 shelves; every tenth is steel in its name and its description. The planner takes the two
  // matches as independent and counts nearly every steel shelf twice.
  await app.sql(
    `INSERT INTO products (id, created_by, workspace_id, name, description, price, category, quantity)
     SELECT gen_random_uuid(), $1, (SELECT id FROM workspaces WHERE personal_user_id = $1),
       CASE WHEN g % 10 = 0 THEN 'Steel shelf ' ELSE 'Oak shelf ' END || g,
       CASE WHEN g % 10 = 0 THEN 'Brushed steel' ELSE 'Solid oak wood' END, 10, 'Shelving', 1
     FROM generate_series(1, 20000) AS g`,
    [shelves.user.id],
  );
  await app.sql('ANALYZE products');
  const [plan] = await app.sql(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM products WHERE workspace_id = $1 AND (name ILIKE '%steel%' OR description ILIKE '%steel%')`,
    [shelves.workspaceId],
  );
  expect(plan['QUERY PLAN'][0].Plan['Plan Rows']).toBeGreaterThan(2_600);

  const rest = await app.rest('GET', '/api/products?search=steel', undefined, { token: shelves.token });
  expect(rest.body.pagination.totalIsEstimate).toBe(true);
  expect(rest.body.pagination.total).toBeGreaterThanOrEqual(1_800);
  expect(rest.body.pagination.total).toBeLessThanOrEqual(2_200);
  const gql = await app.gql(PRODUCTS, { query: { search: 'steel' } }, { token: shelves.token });
  expect(gql.data.products.pagination).toEqual(rest.body.pagination);
});

it('past the cap, a location\'s list is estimated from a sample too, its sub-locations counted in, on both transports', async () => {
  const shop = await signUpUser(app);
  await app.sql(
    `INSERT INTO products (id, created_by, workspace_id, name, description, price, category, quantity)
     SELECT gen_random_uuid(), $1, (SELECT id FROM workspaces WHERE personal_user_id = $1), 'Crate ' || g, 'A wooden crate for the store', 10, 'Crates', 4
     FROM generate_series(1, 20000) AS g`,
    [shop.user.id],
  );
  const open = async (name: string, parentId?: string) => (await app.rest('POST', '/api/locations', { name, parentId }, { token: shop.token })).body.location.id as string;
  const store = await open('Store');
  const shelf = await open('Store shelf', store);
  const [{ id: main }] = await app.sql('SELECT id FROM locations WHERE workspace_id = $1 AND is_default', [shop.workspaceId]);
  // As a transfer writes it: one unit of every fourth crate onto the shelf, under Store; one of every 20th into Store itself.
  const move = (to: string, every: number) =>
    app.sql(
      `UPDATE products SET last_change = jsonb_build_object('actor', $2::uuid, 'kind', 'transfer', 'at', statement_timestamp(),
         'transfer', jsonb_build_object('id', gen_random_uuid(), 'from', $3::uuid, 'to', $4::uuid, 'quantity', 1))
       WHERE workspace_id = $1 AND substring(name FROM '[0-9]+$')::int % $5 = 0`,
      [shop.workspaceId, shop.user.id, main, to, every],
    );
  await move(shelf, 4);
  await move(store, 20);
  await app.sql('ANALYZE products, stock_levels');

  // Every 4th crate is on the shelf, and every 20th is also a 4th: 5,000 crates at Store and below.
  const rest = await app.rest('GET', `/api/products?locationId=${store}&limit=5`, undefined, { token: shop.token });
  expect(rest.status).toBe(200);
  expect(rest.body.products.map((p: { quantityAtLocation: number }) => p.quantityAtLocation).every((n: number) => n === 1 || n === 2)).toBe(true);
  expect(rest.body.pagination.totalIsEstimate).toBe(true);
  // The moved crates' new row versions sit together at the table's end, where a sample of pages finds them bunched:
  // the estimate is near, not as close as an untouched catalogue's.
  expect(rest.body.pagination.total).toBeGreaterThanOrEqual(4_000);
  expect(rest.body.pagination.total).toBeLessThanOrEqual(6_500);
  const gql = await app.gql(PRODUCTS, { query: { locationId: store, limit: 5 } }, { token: shop.token });
  expect(gql.data.products.pagination).toEqual(rest.body.pagination);
  // A location under the cap is counted exactly.
  const few = await open('Few');
  const [{ id: one }] = await app.sql(`SELECT id FROM products WHERE workspace_id = $1 AND name = 'Crate 7'`, [shop.workspaceId]);
  expect((await app.rest('POST', `/api/products/${one}/transfer`, { fromLocationId: main, toLocationId: few, quantity: 2 }, { token: shop.token })).status).toBe(200);
  expect((await app.rest('GET', `/api/products?locationId=${few}`, undefined, { token: shop.token })).body.pagination).toMatchObject({ total: 1, totalIsEstimate: false });
});
