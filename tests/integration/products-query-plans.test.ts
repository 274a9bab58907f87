import { APP_ROLE } from '../../backend/src/db/embedded-postgres';
import type { Statement } from '../../backend/src/db/sql';
import { productPageStatement, productStatsStatement, type ProductPageQuery } from '../../backend/src/products/catalogue/product.queries';
import { cappedMatchCountStatement, countedByTotals, productCountStatement } from '../../backend/src/products/catalogue/match-count.queries';
import type { ProductFilter } from '../../backend/src/products/list-query/product-list.queries';
import { purgeExpiredStatement, trashedCountStatement, trashedPageStatement } from '../../backend/src/products/trash/product-trash.queries';
import { toPg } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * The exact SQL the product service runs (product.queries.ts), planned by
 * PostgreSQL on a catalogue of 100,000 products for one user beside a few
 * thousand of other users' products. Every list page, count and the stats
 * must be served by an index: a Seq Scan on `products` means a request's
 * cost grows with the whole table instead of with what it returns. A tenth
 * of each catalogue sits in the trash, as deleted products do for 30 days:
 * the live queries must still read only live rows through their partial indexes.
 */

let app: TestApp;
let big: string;
let small: string;
/** The big catalogue's places: a third of its products' stock sits in Back room, under Shop; Bin holds stock of BIN_PRODUCTS. */
let places: { shop: string; backRoom: string; bin: string };

const BIG = 100_000;
const OTHERS = 3;
const PER_OTHER = 2_000;
/** Every TRASH_EVERY-th product of each catalogue is in the trash. */
const TRASH_EVERY = 10;
/** The products with stock in the big catalogue's Bin. */
const BIN_PRODUCTS = 20;

/**
 * Inserts `count` varied products for one owner in one statement: names like
 * 'Bracket 4711', descriptions of 60 to 260 characters, prices 1.00..999.99,
 * every 50th product out of stock, one in 97 featured, one per minute back in time,
 * one in four with a reorder level of 20 (about one in a hundred of them low), one in three with a SKU like 'SKU-4711'.
 */
async function seed(userId: string, count: number) {
  await app.sql(
    `INSERT INTO products (id, created_by, workspace_id, name, description, price, category, quantity, image_url, featured, created_at, updated_at, version, reorder_level, sku)
     SELECT gen_random_uuid(), $1, (SELECT id FROM workspaces WHERE personal_user_id = $1),
       (ARRAY['Bolt','Nut','Widget','Gear','Spring','Hinge','Clamp','Bracket'])[1 + g % 8] || ' ' || g,
       'A ' || (ARRAY['steel','brass','plastic','oak','copper'])[1 + g % 5] || ' part for the '
         || (ARRAY['workshop','kitchen','garden','office'])[1 + g % 4] || ', batch ' || (g / 100) || '. '
         || repeat('Sturdy, tested and ready to ship. ', 1 + g % 7),
       round((1 + random() * 998.99)::numeric, 2),
       (ARRAY['Tools','Garden','Kitchen','Office','Toys','Hardware'])[1 + g % 6],
       CASE WHEN g % 50 = 0 THEN 0 ELSE g % 500 END,
       CASE WHEN g % 3 = 0 THEN 'https://img.example.com/p/' || g || '.png' END,
       g % 97 = 0, now() - g * interval '1 minute', now(), 1,
       CASE WHEN g % 4 = 0 THEN 20 END,
       CASE WHEN g % 3 = 0 THEN 'SKU-' || g END
     FROM generate_series(1, $2::int) AS g`,
    [userId, count],
  );
}

/**
 * Opens Shop, Back room under it, and Bin in the big catalogue, and moves stock there as a transfer does (the
 * triggers on products write the levels): a third of every product's stock holding 3 or more into Back room, one
 * unit of BIN_PRODUCTS products into Bin.
 */
async function spreadStock(userId: string, workspaceId: string) {
  const open = async (name: string, parentId: string | null = null) =>
    (await app.sql('INSERT INTO locations (id, workspace_id, name, parent_id) VALUES (gen_random_uuid(), $1, $2, $3) RETURNING id', [workspaceId, name, parentId]))[0].id as string;
  const shop = await open('Shop');
  const created = { shop, backRoom: await open('Back room', shop), bin: await open('Bin') };
  const [{ id: main }] = await app.sql('SELECT id FROM locations WHERE workspace_id = $1 AND is_default', [workspaceId]);
  const move = (to: string, quantity: string, which: string) =>
    app.sql(
      `UPDATE products SET last_change = jsonb_build_object('actor', $2::uuid, 'kind', 'transfer', 'at', statement_timestamp(),
         'transfer', jsonb_build_object('id', gen_random_uuid(), 'from', $3::uuid, 'to', $4::uuid, 'quantity', ${quantity}))
       WHERE workspace_id = $1 AND deleted_at IS NULL AND ${which}`,
      [workspaceId, userId, main, to],
    );
  await move(created.backRoom, 'quantity / 3', 'quantity >= 3');
  await move(created.bin, '1', `id IN (SELECT id FROM products WHERE workspace_id = $1 AND deleted_at IS NULL AND quantity >= 3 ORDER BY id LIMIT ${BIN_PRODUCTS})`);
  return created;
}

beforeAll(async () => {
  // No workers: the outbox's relay would be handing on the seed's events, and a relay transaction
  // begun before the trash UPDATE committed keeps VACUUM from marking any page all-visible.
  app = await startTestApp({ WORKER: '0' });
  const bigUser = (await signUpUser(app)).user.id;
  const others = [];
  for (let i = 0; i < OTHERS; i++) others.push((await signUpUser(app)).user.id);
  [big, small] = await Promise.all([bigUser, others[0]].map(async (user) => (await app.sql('SELECT id FROM workspaces WHERE personal_user_id = $1', [user]))[0].id as string));
  // The test cluster commits asynchronously (synchronous_commit=off); VACUUM can only mark a page
  // all-visible once the inserting commit is flushed, so the seed commits synchronously.
  await app.sql('SET synchronous_commit = on');
  await seed(bigUser, BIG);
  for (const other of others) await seed(other, PER_OTHER);
  await app.sql(`UPDATE products SET deleted_at = now() - (random() * interval '29 days') WHERE substring(name FROM '[0-9]+$')::int % ${TRASH_EVERY} = 0`);
  places = await spreadStock(bigUser, big);
  await app.sql('RESET synchronous_commit');
  // What autovacuum does to a table after a bulk insert: statistics and the visibility map. A page
  // becomes all-visible only if no open snapshot predates its last change, and autovacuum's own
  // ANALYZE of another table (the seed's movements) may hold one during a run: then VACUUM again.
  const deadline = Date.now() + 60_000;
  for (;;) {
    await app.sql('VACUUM (ANALYZE) products, stock_levels');
    const [table] = await app.sql(`SELECT relpages, relallvisible FROM pg_class WHERE relname = 'products'`);
    if (table.relallvisible === table.relpages || Date.now() > deadline) break;
  }
}, 120_000);
afterAll(() => app?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The statement's plan as the schema's owner, whom row-level security does not hold (`asApp`: as the app's role, in `asApp`'s workspace). */
async function planOf(statement: FunctionStatement, asApp?: string): Promise<PlanNode> {
  const { text, values } = toPg(statement);
  const explain = (sql: TestApp['sql']) => sql(`EXPLAIN (FORMAT JSON) ${text}`, values);
  const [row] = await withSettings([...(asApp ? asAppInWorkspace(asApp) : []), ...(statement.settings ?? [])], explain);
  return row['QUERY PLAN'][0].Plan;
}

/** A statement, and when it is a function's, the settings the function runs it with (its SET clauses). */
type FunctionStatement = Statement & { settings?: string[] };

/**
 * Runs `work` in a transaction with settings such as 'enable_seqscan=off' in force (as a function's SET clauses put
 * them, or SET LOCAL would), rolled back after it.
 */
async function withSettings<T>(settings: string[], work: (sql: TestApp['sql']) => Promise<T>): Promise<T> {
  await app.sql('BEGIN');
  try {
    for (const setting of settings) {
      const at = setting.indexOf('=');
      await app.sql(`SELECT set_config($1, $2, true)`, [setting.slice(0, at), setting.slice(at + 1)]);
    }
    return await work(app.sql);
  } finally {
    await app.sql('ROLLBACK');
  }
}

/** The settings of a request's statements: the app's role, behind row-level security, in `workspaceId`. */
const asAppInWorkspace = (workspaceId: string) => [`role=${APP_ROLE}`, `stockroom.workspace_id=${workspaceId}`];

/** Runs `work` as a request's statements run: as the app's role, behind row-level security, in `workspaceId`. */
const inWorkspaceAsApp = <T>(workspaceId: string, work: (sql: TestApp['sql']) => Promise<T>): Promise<T> => withSettings(asAppInWorkspace(workspaceId), work);

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The plan as one readable line, for the failure message. */
const describePlan = (plan: PlanNode) =>
  nodesOf(plan)
    .map((n) => [n['Node Type'], n['Relation Name'] && `on ${n['Relation Name']}`, n['Index Name'] && `using ${n['Index Name']}`].filter(Boolean).join(' '))
    .join(' > ');

/** Plans the statement and checks no node reads `products` sequentially; returns the plan's line. */
async function expectIndexed(statement: FunctionStatement, asApp?: string): Promise<string> {
  const plan = await planOf(statement, asApp);
  const line = describePlan(plan);
  const seqScans = nodesOf(plan).filter((n) => n['Node Type'].includes('Seq Scan') && n['Relation Name'] === 'products');
  expect({ plan: line, seqScans: seqScans.length }).toEqual({ plan: line, seqScans: 0 });
  expect(line).toMatch(/Index/);
  return line;
}

/**
 * The statement a search function (products_matching_search, or its count) runs as the schema's owner, for `term` in
 * `workspaceId`, stopping at `most`: EXPLAIN does not show a function's plan, so its statement is taken from the function
 * and planned here.
 */
async function searchMatchesLookup(workspaceId: string, term: string, most: number, fn = 'products_matching_search'): Promise<FunctionStatement> {
  const [{ body, settings }] = await app.sql<{ body: string; settings: string[] | null }>(`SELECT prosrc AS body, proconfig AS settings FROM pg_proc WHERE proname = $1`, [fn]);
  const sql = /'(select [\s\S]*?limit \$4(?:\) as matching)?)'/.exec(body)![1].replaceAll("''", "'").replace(/\$\d/g, '?');
  const [{ pattern }] = await app.sql<{ pattern: string }>(`SELECT search_pattern($1) AS pattern`, [term]);
  return { sql, values: [workspaceId, pattern, term, most], settings: (settings ?? []).filter((setting) => !setting.startsWith('search_path=')) };
}

const page = (workspaceId: string, overrides: Partial<ProductPageQuery> = {}): ProductPageQuery => ({
  workspaceId,
  sortBy: 'date',
  sortOrder: 'desc',
  limit: 10,
  offset: 0,
  ...overrides,
});

/** The default PRODUCT_COUNT_CAP (config.ts): a search or category counts at most one more than this. */
const COUNT_CAP = 10_000;

/**
 * A list request runs a page statement and a count statement over the same
 * filter: the running totals, or for a search or category the count capped
 * past COUNT_CAP (the exact count too, which the bench's baseline compares).
 */
async function expectListIndexed(query: ProductPageQuery) {
  const filter: ProductFilter = { workspaceId: query.workspaceId, search: query.search, category: query.category, inStock: query.inStock, stockStatus: query.stockStatus, locationIds: query.locationIds };
  const plans = { page: await expectIndexed(productPageStatement(query)), count: await expectIndexed(productCountStatement(filter)) };
  if (countedByTotals(filter)) return { ...plans, capped: undefined };
  const capped = cappedMatchCountStatement(filter, COUNT_CAP + 1);
  // A search alone is counted by products_matching_search_count: its statement is what is read.
  const counted = capped.sql.includes('products_matching_search_count') ? await searchMatchesLookup(query.workspaceId, query.search!, COUNT_CAP + 1, 'products_matching_search_count') : capped;
  return { ...plans, capped: await expectIndexed(counted) };
}

it('the seed is a catalogue of 100,000 products for one user among other users, a tenth of each in the trash, analysed and vacuumed', async () => {
  const counts = await app.sql('SELECT workspace_id, count(*)::int AS n, count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS trashed FROM products GROUP BY workspace_id ORDER BY n DESC');
  expect(counts.map((c) => c.n)).toEqual([BIG, ...Array(OTHERS).fill(PER_OTHER)]);
  expect(counts.map((c) => c.trashed)).toEqual([BIG / TRASH_EVERY, ...Array(OTHERS).fill(PER_OTHER / TRASH_EVERY)]);
  expect(counts[0].workspace_id).toBe(big);
  const [table] = await app.sql(`SELECT relpages, relallvisible, reltuples::int AS tuples FROM pg_class WHERE relname = 'products'`);
  expect(table.tuples).toBe(BIG + OTHERS * PER_OTHER);
  expect(table.relallvisible).toBe(table.relpages);
});

describe('the big catalogue (100,000 products): no Seq Scan on products', () => {
  it('list page 1, newest first (the default)', async () => {
    const plans = await expectListIndexed(page(big));
    expect(plans.page).toContain('products_workspace_created_idx');
  });

  it('list page 500 (offset 4990)', async () => {
    const plans = await expectListIndexed(page(big, { offset: 4990 }));
    expect(plans.page).toContain('products_workspace_created_idx');
  });

  it('search by a name fragment, in any case', async () => {
    await expectListIndexed(page(big, { search: 'bRACKET 4711' }));
  });

  it('search by a description fragment', async () => {
    await expectListIndexed(page(big, { search: 'batch 42.' }));
  });

  it('search by a category fragment (one in six): the search index holds the category too', async () => {
    const plans = await expectListIndexed(page(big, { search: 'hardwar' }));
    expect(plans.count).toContain('products_search_trgm_idx');
  });

  it('search with accents and capitals: the same search index', async () => {
    const plans = await expectListIndexed(page(big, { search: 'BRÄCKET 4711' }));
    expect(plans.page).toContain('products_search_trgm_idx');
    expect(plans.count).toContain('products_search_trgm_idx');
  });

  it('search by a common word (one in five), by name: the page walks the name index and stops at its end', async () => {
    const plans = await expectListIndexed(page(big, { search: 'steel', sortBy: 'name', sortOrder: 'asc' }));
    expect(plans.page).toContain('products_workspace_name_idx');
  });

  it('search by a common word, page 500 (offset 4990): only the page\'s own rows are read again', async () => {
    await expectListIndexed(page(big, { search: 'steel', offset: 4990 }));
  });

  it('search by an exact SKU: the unique SKU index finds the product that leads the page', async () => {
    await expectListIndexed(page(big, { search: 'sku-4710' }));
    // The lookup is the function products_with_code (row-level security would keep PostgreSQL from using the index
    // for lower(sku) in the page's own statement); EXPLAIN does not show a function's plan, so its body is planned here.
    const [{ body }] = await app.sql<{ body: string }>(`SELECT prosrc AS body FROM pg_proc WHERE proname = 'products_with_code'`);
    const lookup = { sql: body.replace(/\bworkspace\b/g, '?::uuid').replace(/\bcode\b/g, '?::text'), values: [big, 'sku-4710', 'sku-4710'] };
    expect(await expectIndexed(lookup)).toContain('products_workspace_sku_unique');
  });

  it('search by a rare term as a request runs it: its matches through the search index, then page and count by id behind the policy', async () => {
    // products_matching_search runs its statement as the schema's owner; EXPLAIN does not show a function's plan, so its statement is planned here.
    expect(await expectIndexed(await searchMatchesLookup(big, 'hinge 13', 1_001))).toContain('products_search_trgm_idx');

    const ids = await inWorkspaceAsApp(big, async (sql) => (await sql<{ id: string }>('SELECT products_matching_search($1, $2) AS id', ['hinge 13', 1_001])).map((row) => row.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(1_001);
    const query = page(big, { search: 'hinge 13', searchMatches: ids });
    expect(await expectIndexed(productPageStatement(query), big)).toContain('products_pkey');
    expect(await expectIndexed(cappedMatchCountStatement(query, COUNT_CAP + 1), big)).toContain('products_pkey');
  });

  it('search by a common word (one in five): the page walks the date index, the capped count uses the search index', async () => {
    const plans = await expectListIndexed(page(big, { search: 'steel' }));
    expect(plans.page).toContain('products_workspace_created_idx');
    // Probed for being few, its matches are found walking the newest products: a bitmap of the search index would gather
    // all 20,000 before the first could be given. Its count up to the cap needs no order, and reads the search index.
    expect(plans.capped).toContain('products_search_trgm_idx');
    expect(await expectIndexed(await searchMatchesLookup(big, 'steel', 1_001))).toContain('products_workspace_created_idx');
    // As a request runs them, behind row-level security: the page's walk of the date index stays.
    expect(await expectIndexed(productPageStatement(page(big, { search: 'steel' })), big)).toContain('products_workspace_created_idx');
  });

  it('in stock only, cheapest first', async () => {
    const plans = await expectListIndexed(page(big, { inStock: true, sortBy: 'price', sortOrder: 'asc' }));
    expect(plans.page).toContain('products_workspace_price_idx');
  });

  it('price, dearest first', async () => {
    const plans = await expectListIndexed(page(big, { sortBy: 'price', sortOrder: 'desc' }));
    expect(plans.page).toContain('products_workspace_price_idx');
  });

  it('by name, A to Z', async () => {
    const plans = await expectListIndexed(page(big, { sortBy: 'name', sortOrder: 'asc' }));
    expect(plans.page).toContain('products_workspace_name_idx');
  });

  it('out of stock only', async () => {
    await expectListIndexed(page(big, { inStock: false }));
  });

  it('low stock only, newest first and by name: the partial index of products at or under their level', async () => {
    // stock_status() is inlined, and the clause beside it is the index's own predicate: the page reads the partial index.
    const newest = await expectListIndexed(page(big, { stockStatus: 'LOW_STOCK' }));
    expect(newest.page).toContain('products_workspace_low_stock_idx');
    await expectListIndexed(page(big, { stockStatus: 'LOW_STOCK', sortBy: 'name', sortOrder: 'asc' }));
  });

  it('one category', async () => {
    await expectListIndexed(page(big, { category: 'Garden' }));
  });

  it('stats', async () => {
    await expectIndexed(productStatsStatement(big));
  });
});

describe('the big catalogue by location: a place holding a third of it, and a bin holding a few', () => {
  it('a place and the one below it, holding stock of a third of the catalogue: the page walks the date index, probing each product\'s levels', async () => {
    const plans = await expectListIndexed(page(big, { locationIds: [places.shop, places.backRoom] }));
    expect(plans.page).toContain('products_workspace_created_idx');
  });

  it('a bin holding stock of 20 products: the page starts from the bin\'s levels, not from the whole catalogue', async () => {
    const plans = await expectListIndexed(page(big, { locationIds: [places.bin] }));
    expect(plans.page).toContain('stock_levels_location_idx');
    expect(plans.capped).toContain('stock_levels_location_idx');
  });

  it('as a request runs them, behind row-level security: the same indexes', async () => {
    expect(await expectIndexed(productPageStatement(page(big, { locationIds: [places.bin] })), big)).toContain('stock_levels_location_idx');
    expect(await expectIndexed(productPageStatement(page(big, { locationIds: [places.shop, places.backRoom] })), big)).toContain('products_workspace_created_idx');
  });
});

describe('a small catalogue (2,000 products) in the big table: its requests read only its own rows', () => {
  it('list page 1, search, stock filter by price, name sort', async () => {
    await expectListIndexed(page(small));
    await expectListIndexed(page(small, { search: 'hinge 13' }));
    await expectListIndexed(page(small, { inStock: true, sortBy: 'price', sortOrder: 'asc' }));
    await expectListIndexed(page(small, { sortBy: 'name', sortOrder: 'desc' }));
  });

  it('stats', async () => {
    await expectIndexed(productStatsStatement(small));
  });
});

describe('the trash: its own partial indexes, never the catalogue', () => {
  it("one owner's trash, newest first, and its count", async () => {
    expect(await expectIndexed(trashedPageStatement(big, 10, 0))).toContain('products_workspace_trash_idx');
    // A deep page or the count of an owner who holds most of the table's trash may read every trashed row through either trash index instead.
    await expectIndexed(trashedPageStatement(big, 10, 5_000));
    await expectIndexed(trashedCountStatement(big));
    expect(await expectIndexed(trashedPageStatement(small, 10, 100))).toContain('products_workspace_trash_idx');
    expect(await expectIndexed(trashedCountStatement(small))).toContain('products_workspace_trash_idx');
  });

  it("housekeeping's purge of products trashed 30 days ago", async () => {
    expect(await expectIndexed(purgeExpiredStatement(new Date(Date.now() - 30 * 24 * 60 * 60_000), 1_000))).toContain('products_trash_expiry_idx');
  });
});
