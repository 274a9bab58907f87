import { STOCK_ADJUSTMENT_REASONS } from '@stockroom/schema';
import { PRODUCT_FIELDS, PAGINATION_FIELDS, UPDATE_PRODUCT, createProduct, expectGqlError, expectGqlTypeError, expectRestError, productInput, storedProduct } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * The stock ledger: every change of a product's quantity writes one movement
 * in the same statement, so at every moment, for every product, the
 * movements sum to its quantity and the newest one's quantityAfter is it. A
 * refused change writes nothing.
 */

const MOVEMENT_FIELDS = 'id ledgerPosition delta quantityAfter reason note createdAt user { id fullName } location { id name } transferId';
const ADJUST = `mutation Adjust($id: ID!, $delta: Int!, $reason: StockMovementReason, $note: String) {
  adjustStock(id: $id, delta: $delta, reason: $reason, note: $note) { ${PRODUCT_FIELDS} } }`;
const COUNT = `mutation Count($id: ID!, $quantity: Int!, $note: String) { countStock(id: $id, quantity: $quantity, note: $note) { ${PRODUCT_FIELDS} } }`;
const CREATE = `mutation Create($input: CreateProductInput!) { createProduct(input: $input) { ${PRODUCT_FIELDS} } }`;
const HISTORY = `query History($id: ID!, $page: Int, $limit: Int) {
  product(id: $id) { id quantity movements(page: $page, limit: $limit) { movements { ${MOVEMENT_FIELDS} } pagination { ${PAGINATION_FIELDS} } } } }`;

const UNKNOWN_REASON = `Reason must be one of ${STOCK_ADJUSTMENT_REASONS.join(', ')}`;
const NOTE_TOO_LONG = 'Note cannot exceed 200 characters';
const MUST_TAKE = 'A sale or damage must take stock away: the quantity change must be negative';
const MUST_ADD = 'A receipt or return must add stock: the quantity change must be positive';

let app: TestApp;
let twin: TestApp;
let owner: Awaited<ReturnType<typeof signUpUser>>;
let stranger: Awaited<ReturnType<typeof signUpUser>>;
beforeAll(async () => {
  app = await startTestApp();
  // A second instance on the same database, as behind a load balancer; it signs tokens with the same secret.
  twin = await startTestApp({ JWT_SECRET: app.config.jwtSecret }, { databaseUrl: app.databaseUrl });
  owner = await signUpUser(app, { firstName: 'Grace', lastName: 'Hopper' });
  stranger = await signUpUser(app, { firstName: 'Eve', lastName: 'Mallory' });
});
afterAll(async () => {
  await twin?.close();
  await app?.close();
});

interface StoredMovement {
  id: string;
  delta: number;
  quantity_after: number;
  reason: string;
  note: string | null;
  user_id: string | null;
  workspace_id: string;
}

/** A product's movements as stored, oldest first. */
const ledgerOf = (productId: string): Promise<StoredMovement[]> =>
  app.sql(`SELECT id::text, delta, quantity_after, reason, note, user_id, workspace_id FROM stock_movements WHERE product_id = $1 ORDER BY stock_movements.id`, [productId]);

/**
 * Every product whose ledger does not add up: its movements' sum differs from
 * its quantity, its newest movement's quantityAfter does, or a movement's
 * quantityAfter is not the running sum of the movements up to it.
 */
async function brokenLedgers(): Promise<unknown[]> {
  return app.sql(`
    WITH running AS (
      SELECT product_id, id, delta, quantity_after, sum(delta) OVER (PARTITION BY product_id ORDER BY id) AS running_sum,
        row_number() OVER (PARTITION BY product_id ORDER BY id DESC) AS newest
      FROM stock_movements)
    SELECT p.id, p.quantity, (SELECT sum(delta) FROM stock_movements WHERE product_id = p.id)::int AS summed,
      (SELECT quantity_after FROM running WHERE product_id = p.id AND newest = 1) AS newest_after,
      (SELECT count(*) FROM running WHERE product_id = p.id AND running_sum <> quantity_after)::int AS off_sum
    FROM products AS p
    WHERE (SELECT sum(delta) FROM stock_movements WHERE product_id = p.id) IS DISTINCT FROM p.quantity
      OR (SELECT quantity_after FROM running WHERE product_id = p.id AND newest = 1) IS DISTINCT FROM p.quantity
      OR EXISTS (SELECT 1 FROM running WHERE product_id = p.id AND running_sum <> quantity_after)`);
}

/** The invariant, checked over the whole database after each write. */
async function expectLedgersHold() {
  expect(await brokenLedgers()).toEqual([]);
}

/** A product's ledger as `[reason, delta, quantityAfter]`, oldest first. */
const movesOf = async (productId: string) => (await ledgerOf(productId)).map((m) => [m.reason, m.delta, m.quantity_after]);

const stock = (id: string, body: unknown, token = owner.token, on = app) => on.rest('POST', `/api/products/${id}/stock`, body, { token });
const count = (id: string, body: unknown, token = owner.token) => app.rest('POST', `/api/products/${id}/stock/count`, body, { token });
const history = (id: string, query = '', token = owner.token) => app.rest('GET', `/api/products/${id}/movements${query}`, undefined, { token });

describe('the invariant holds from the first write', () => {
  it('a product created over REST or GraphQL starts with one INITIAL movement of its quantity, by its owner, also at quantity 0', async () => {
    const seven = await createProduct(app, owner.token, { quantity: 7 });
    const created = await app.gql(CREATE, { input: productInput({ quantity: 0 }) }, { token: owner.token });
    const zero = created.data.createProduct;
    for (const [product, quantity] of [
      [seven, 7],
      [zero, 0],
    ] as const) {
      const [movement, ...others] = await ledgerOf(product.id);
      expect(others).toEqual([]);
      expect(movement).toMatchObject({ delta: quantity, quantity_after: quantity, reason: 'INITIAL', note: null, user_id: owner.user.id, workspace_id: owner.workspaceId });
    }
    await expectLedgersHold();
  });

  it('editing the quantity in the form records a CORRECTION of the difference; a save that leaves it alone records nothing', async () => {
    const product = await createProduct(app, owner.token, { quantity: 7 });
    expect((await app.rest('PUT', `/api/products/${product.id}`, { quantity: 10, version: 1 }, { token: owner.token })).status).toBe(200);
    expect((await app.gql(UPDATE_PRODUCT, { id: product.id, input: { quantity: 4 } }, { token: owner.token })).data.updateProduct.quantity).toBe(4);
    // The same quantity again, and other fields only: no movement.
    expect((await app.rest('PUT', `/api/products/${product.id}`, { quantity: 4, name: 'Renamed lamp' }, { token: owner.token })).status).toBe(200);
    expect((await app.gql(UPDATE_PRODUCT, { id: product.id, input: { price: 5.5 } }, { token: owner.token })).errors).toBeUndefined();
    expect(await movesOf(product.id)).toEqual([
      ['INITIAL', 7, 7],
      ['CORRECTION', 3, 10],
      ['CORRECTION', -6, 4],
    ]);
    await expectLedgersHold();
  });

  it('adjustStock records each reason it is given, on both transports; left out, a sale is SALE and a delivery RECEIPT', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    expect((await stock(product.id, { delta: -2, reason: 'SALE' })).body.product.quantity).toBe(8);
    expect((await app.gql(ADJUST, { id: product.id, delta: 5, reason: 'RECEIPT' }, { token: owner.token })).data.adjustStock.quantity).toBe(13);
    expect((await stock(product.id, { delta: 1, reason: 'return', note: '  Customer changed their mind  ' })).status).toBe(200);
    expect((await app.gql(ADJUST, { id: product.id, delta: -1, reason: 'DAMAGE', note: 'Dropped' }, { token: owner.token })).errors).toBeUndefined();
    expect((await stock(product.id, { delta: -3, reason: 'Correction' })).status).toBe(200);
    expect((await app.gql(ADJUST, { id: product.id, delta: 2, reason: 'CORRECTION', note: null }, { token: owner.token })).errors).toBeUndefined();
    expect((await stock(product.id, { delta: -1 })).status).toBe(200);
    expect((await app.gql(ADJUST, { id: product.id, delta: 4 }, { token: owner.token })).errors).toBeUndefined();
    expect((await stock(product.id, { delta: 1, note: '   ' })).status).toBe(200);
    expect(await movesOf(product.id)).toEqual([
      ['INITIAL', 10, 10],
      ['SALE', -2, 8],
      ['RECEIPT', 5, 13],
      ['RETURN', 1, 14],
      ['DAMAGE', -1, 13],
      ['CORRECTION', -3, 10],
      ['CORRECTION', 2, 12],
      ['SALE', -1, 11],
      ['RECEIPT', 4, 15],
      ['RECEIPT', 1, 16],
    ]);
    expect((await ledgerOf(product.id)).map((m) => m.note)).toEqual([null, null, null, 'Customer changed their mind', 'Dropped', null, null, null, null, null]);
    await expectLedgersHold();
  });

  it('the activity entry of a stock change stays as it was, with the reason added', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    await stock(product.id, { delta: -2, reason: 'damage' });
    await count(product.id, { quantity: 5 });
    const entries = await app.sql(`SELECT details FROM activity_log WHERE subject_id = $1 AND kind = 'stock_adjusted' ORDER BY id`, [product.id]);
    expect(entries.map((e) => e.details)).toEqual([
      { delta: -2, quantity: 8, reason: 'DAMAGE' },
      { delta: -3, quantity: 5, reason: 'COUNT' },
    ]);
  });

  it('countStock records the difference as a COUNT; a count that matches records a zero movement and keeps the version', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const rest = await count(product.id, { quantity: 4, note: 'Shelf B' });
    expect(rest.status).toBe(200);
    expect(Object.keys(rest.body)).toEqual(['product']);
    expect(rest.body.product).toMatchObject({ id: product.id, quantity: 4, inStock: true, version: 2 });
    const same = await app.gql(COUNT, { id: product.id, quantity: 4 }, { token: owner.token });
    expect(same.data.countStock).toMatchObject({ quantity: 4, version: 2 });
    expect((await app.gql(COUNT, { id: product.id, quantity: 9 }, { token: owner.token })).data.countStock).toMatchObject({ quantity: 9, version: 3 });
    expect((await count(product.id, { quantity: 0 })).body.product).toMatchObject({ quantity: 0, inStock: false, version: 4 });
    expect(await movesOf(product.id)).toEqual([
      ['INITIAL', 10, 10],
      ['COUNT', -6, 4],
      ['COUNT', 0, 4],
      ['COUNT', 5, 9],
      ['COUNT', -9, 0],
    ]);
    expect((await ledgerOf(product.id))[1].note).toBe('Shelf B');
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 0, version: 4 });
    await expectLedgersHold();
  });

  it('a seeded catalogue (npm run seed) has a plausible history per product that adds up, INITIAL first', async () => {
    const { Client } = await import('pg');
    const { seedProducts } = await import('../../backend/scripts/seed');
    const seeded = await signUpUser(app);
    const client = new Client({ connectionString: app.databaseUrl });
    await client.connect();
    const [{ started }] = await app.sql<{ started: Date }>('SELECT now() AS started');
    try {
      await seedProducts(client, { userIds: [seeded.user.id], count: 30, seed: 7, batchSize: 7 });
    } finally {
      await client.end();
    }
    // The planner knows every table the seed filled: a stock change planned without the levels' statistics read all of them.
    const analysed = await app.sql<{ relname: string }>(
      `SELECT relname FROM pg_stat_user_tables WHERE relname = ANY($1) AND last_analyze >= $2 ORDER BY relname`,
      [['products', 'stock_levels', 'stock_movements'], started],
    );
    expect(analysed.map((table) => table.relname)).toEqual(['products', 'stock_levels', 'stock_movements']);
    const [{ products, initial, firsts, withHistory, reasons, byOthers, reorderLevels }] = await app.sql(
      `SELECT (SELECT count(*)::int FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)) AS products,
        (SELECT count(*)::int FROM stock_movements WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND reason = 'INITIAL') AS initial,
        (SELECT count(*)::int FROM (SELECT DISTINCT ON (product_id) reason FROM stock_movements WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) ORDER BY product_id, id) AS f
          WHERE reason = 'INITIAL') AS firsts,
        (SELECT count(*)::int FROM (SELECT product_id FROM stock_movements WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) GROUP BY product_id HAVING count(*) >= 3) AS h) AS "withHistory",
        (SELECT array_agg(DISTINCT reason ORDER BY reason) FROM stock_movements WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)) AS reasons,
        (SELECT count(*)::int FROM stock_movements WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND user_id IS DISTINCT FROM $1) AS "byOthers",
        (SELECT count(*)::int FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND reorder_level IS NOT NULL) AS "reorderLevels"`,
      [seeded.user.id],
    );
    // One INITIAL each, always the first; most with a delivery and sales after it; all by the owner.
    expect({ products, initial, firsts, byOthers }).toEqual({ products: 30, initial: 30, firsts: 30, byOthers: 0 });
    expect(withHistory).toBeGreaterThanOrEqual(15);
    expect(reasons).toEqual(expect.arrayContaining(['COUNT', 'INITIAL', 'RECEIPT', 'SALE']));
    expect(reorderLevels).toBe(21);
    // Movements sum to each quantity, and each quantityAfter is the running sum.
    await expectLedgersHold();
  });

  it('seeded tenants (npm run seed -- --tenants) are shops of their own, each with its catalogue, totals and history', async () => {
    const { Client } = await import('pg');
    const { createTenants, seedProducts } = await import('../../backend/scripts/seed');
    const client = new Client({ connectionString: app.databaseUrl });
    await client.connect();
    let tenants: string[] = [];
    try {
      // As `npm run seed -- --tenants` does: the accounts are made inside the seed's transaction.
      await seedProducts(client, { userIds: async (tx) => (tenants = await createTenants(tx, 3, 11, 'not-a-real-hash')), count: 8, seed: 11, batchSize: 5 });
    } finally {
      await client.end();
    }
    const shops = await app.sql<{ email: string; products: number; counted: number; names: string[] }>(
      `SELECT u.email, (SELECT count(*)::int FROM products p WHERE p.workspace_id = w.id) AS products,
          (SELECT total_products FROM catalogue_stats s WHERE s.workspace_id = w.id)::int AS counted,
          (SELECT array_agg(p.name ORDER BY p.name) FROM products p WHERE p.workspace_id = w.id AND p.created_by = u.id) AS names
         FROM users u JOIN workspaces w ON w.personal_user_id = u.id WHERE u.id = ANY($1) ORDER BY u.email`,
      [tenants],
    );
    expect(shops.map(({ email, products, counted }) => ({ email, products, counted }))).toEqual(
      [1, 2, 3].map((i) => ({ email: `tenant-${i}-11@seed.stockroom.local`, products: 8, counted: 8 })),
    );
    // Each shop its own catalogue, not the same one three times.
    expect(new Set(shops.map((shop) => shop.names.join('|'))).size).toBe(3);
    await expectLedgersHold();
  });

  it('a product in the trash keeps its movements for a restore; deleted for good, it takes them with it', async () => {
    const product = await createProduct(app, owner.token, { quantity: 3 });
    await stock(product.id, { delta: -1 });
    const ledger = await ledgerOf(product.id);
    expect(ledger).toHaveLength(2);
    expect((await app.rest('DELETE', `/api/products/${product.id}`, undefined, { token: owner.token })).status).toBe(200);
    expect(await ledgerOf(product.id)).toEqual(ledger);
    expect((await app.rest('DELETE', `/api/products/${product.id}?permanent=true`, undefined, { token: owner.token })).status).toBe(200);
    expect(await ledgerOf(product.id)).toEqual([]);
    await expectLedgersHold();
  });
});

describe('a refused change writes nothing', () => {
  it('a sale below zero, a stale edit of the quantity, a delivery past the maximum', async () => {
    const product = await createProduct(app, owner.token, { quantity: 3 });
    expectRestError(await stock(product.id, { delta: -4, reason: 'SALE', note: 'Big order' }), 409, 'CONFLICT', 'Insufficient stock available');
    expectGqlError(await app.gql(ADJUST, { id: product.id, delta: -4, reason: 'DAMAGE' }, { token: owner.token }), 'CONFLICT', 'Insufficient stock available');
    expectRestError(await stock(product.id, { delta: 100_000, reason: 'receipt' }), 400, 'BAD_USER_INPUT', 'Quantity cannot exceed 100000', { delta: 'Quantity cannot exceed 100000' });
    await stock(product.id, { delta: -3 });
    expectGqlError(await app.gql(ADJUST, { id: product.id, delta: -1 }, { token: owner.token }), 'CONFLICT', 'Product is out of stock');
    const stale = 'This product was changed by someone else. Reload it and try again';
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { quantity: 50, version: 1 }, { token: owner.token }), 409, 'CONFLICT', stale);
    expectGqlError(await app.gql(UPDATE_PRODUCT, { id: product.id, input: { quantity: 50, version: 1 } }, { token: owner.token }), 'CONFLICT', stale);
    expect(await movesOf(product.id)).toEqual([
      ['INITIAL', 3, 3],
      ['SALE', -3, 0],
    ]);
    await expectLedgersHold();
  });

  it("another user's product: 403 to adjust, count or edit, 404 to read its history; nothing written", async () => {
    const product = await createProduct(app, owner.token, { quantity: 5 });
    const notOwner = 'You can only modify products you created';
    expectRestError(await stock(product.id, { delta: -1, reason: 'SALE' }, stranger.token), 403, 'FORBIDDEN', notOwner);
    expectGqlError(await app.gql(ADJUST, { id: product.id, delta: 1, reason: 'RETURN' }, { token: stranger.token }), 'FORBIDDEN', notOwner);
    expectRestError(await count(product.id, { quantity: 0 }, stranger.token), 403, 'FORBIDDEN', notOwner);
    expectGqlError(await app.gql(COUNT, { id: product.id, quantity: 5 }, { token: stranger.token }), 'FORBIDDEN', notOwner);
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { quantity: 0 }, { token: stranger.token }), 403, 'FORBIDDEN', notOwner);
    expectRestError(await history(product.id, '', stranger.token), 404, 'NOT_FOUND', 'Product not found');
    expectGqlError(await app.gql(HISTORY, { id: product.id }, { token: stranger.token }), 'NOT_FOUND', 'Product not found');
    expect(await movesOf(product.id)).toEqual([['INITIAL', 5, 5]]);
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 5, version: 1 });
  });

  it('without a session: 401 on every stock route, before any input is read; nothing written', async () => {
    const product = await createProduct(app, owner.token, { quantity: 5 });
    for (const answer of [
      await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -1 }),
      await app.rest('POST', `/api/products/${product.id}/stock/count`, { quantity: 0 }),
      await app.rest('GET', `/api/products/${product.id}/movements?limit=0`),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('UNAUTHENTICATED');
    }
    expect((await app.gql(COUNT, { id: product.id, quantity: 0 })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await movesOf(product.id)).toEqual([['INITIAL', 5, 5]]);
  });

  it('a product that does not exist: 404 on every stock route; a malformed id: 400', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expectRestError(await stock(missing, { delta: 1 }), 404, 'NOT_FOUND', 'Product not found');
    expectRestError(await count(missing, { quantity: 1 }), 404, 'NOT_FOUND', 'Product not found');
    expectRestError(await history(missing), 404, 'NOT_FOUND', 'Product not found');
    expectGqlError(await app.gql(COUNT, { id: missing, quantity: 1 }, { token: owner.token }), 'NOT_FOUND', 'Product not found');
    expectRestError(await history('not-a-uuid'), 400, 'BAD_USER_INPUT', 'Invalid ID format', { id: 'Invalid ID format' });
    expectRestError(await count('not-a-uuid', { quantity: 1 }), 400, 'BAD_USER_INPUT', 'Invalid ID format', { id: 'Invalid ID format' });
    await expectLedgersHold();
  });
});

describe('concurrent writes', () => {
  it('40 concurrent sales through two app instances against a stock of 20: 20 sell, each with its movement, in order', async () => {
    const product = await createProduct(app, owner.token, { quantity: 20 });
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, async (_, n) => {
        const on = n % 2 === 0 ? app : twin;
        if (n % 4 < 2) return (await stock(product.id, { delta: -1, reason: 'sale', note: `Till ${n}` }, owner.token, on)).status === 200;
        return !(await on.gql(ADJUST, { id: product.id, delta: -1, reason: 'SALE' }, { token: owner.token })).errors;
      }),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(20);
    const ledger = await ledgerOf(product.id);
    expect(ledger).toHaveLength(21);
    // In the ledger's order each sale left one fewer: 20, 19, ... 0.
    expect(ledger.map((m) => m.quantity_after)).toEqual(Array.from({ length: 21 }, (_, i) => 20 - i));
    expect(ledger.slice(1).every((m) => m.reason === 'SALE' && m.delta === -1)).toBe(true);
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 0, version: 21 });
    await expectLedgersHold();
  });

  it('stocktakes and edits of the quantity racing sales and deliveries on two instances: every movement is the difference it made', async () => {
    const product = await createProduct(app, owner.token, { quantity: 50 });
    await Promise.all(
      Array.from({ length: 40 }, (_, n) => {
        const on = n % 2 === 0 ? app : twin;
        switch (n % 4) {
          case 0:
            return stock(product.id, { delta: -3 }, owner.token, on);
          case 1:
            return stock(product.id, { delta: 2, reason: 'RETURN' }, owner.token, on);
          case 2:
            return on.rest('POST', `/api/products/${product.id}/stock/count`, { quantity: 20 + n }, { token: owner.token });
          default:
            return on.gql(UPDATE_PRODUCT, { id: product.id, input: { quantity: 30 + n } }, { token: owner.token });
        }
      }),
    );
    await expectLedgersHold();
  });
});

describe('the history', () => {
  it('is newest first and paginated like the product list, the same on both transports', async () => {
    const product = await createProduct(app, owner.token, { quantity: 100 });
    for (let n = 1; n <= 12; n++) await stock(product.id, { delta: -n, note: `Sale ${n}` });
    const rest = await history(product.id, '?page=1&limit=5');
    expect(rest.status).toBe(200);
    expect(Object.keys(rest.body)).toEqual(['movements', 'pagination']);
    expect(rest.body.pagination).toEqual({ page: 1, limit: 5, total: 13, totalPages: 3, hasNextPage: true, hasPrevPage: false, totalIsEstimate: false });
    expect(rest.body.movements.map((m: { delta: number }) => m.delta)).toEqual([-12, -11, -10, -9, -8]);
    expect(rest.body.movements[0]).toEqual({
      id: expect.any(String),
      ledgerPosition: rest.body.movements[0].id,
      delta: -12,
      quantityAfter: 100 - 78,
      reason: 'SALE',
      note: 'Sale 12',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      user: { id: owner.user.id, fullName: 'Grace Hopper' },
      location: { id: expect.any(String), name: 'Main' },
      transferId: null,
    });
    const gql = await app.gql(HISTORY, { id: product.id, page: 1, limit: 5 }, { token: owner.token });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.product.movements).toEqual(rest.body);

    const last = await history(product.id, '?page=3&limit=5');
    expect(last.body.movements.map((m: { reason: string; delta: number }) => [m.reason, m.delta])).toEqual([
      ['SALE', -2],
      ['SALE', -1],
      ['INITIAL', 100],
    ]);
    expect(last.body.pagination).toMatchObject({ page: 3, hasNextPage: false, hasPrevPage: true });
    const ids = [...(await history(product.id, '?limit=100')).body.movements].map((m: { id: string }) => BigInt(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    // Left out, page and limit are the list's defaults.
    expect((await history(product.id)).body.pagination).toMatchObject({ page: 1, limit: 10, total: 13, totalPages: 2 });
    expect((await history(product.id, '?page=9')).body).toMatchObject({ movements: [], pagination: { page: 9, total: 13 } });
  });

  it.each([
    ['page 0', '?page=0', { page: 0 }, 'page', 'Page must be at least 1'],
    ['limit 0', '?limit=0', { limit: 0 }, 'limit', 'Limit must be at least 1'],
    ['limit 101', '?limit=101', { limit: 101 }, 'limit', 'Limit cannot exceed 100'],
    ['a fractional page', '?page=1.5', null, 'page', 'Page must be a whole number'],
    ['a text limit', '?limit=ten', null, 'limit', 'Limit must be a number'],
  ])('refuses %s as the list does', async (_case, query, variables, field, message) => {
    const product = await createProduct(app, owner.token);
    expectRestError(await history(product.id, query), 400, 'BAD_USER_INPUT', message, { [field]: message });
    if (variables) expectGqlError(await app.gql(HISTORY, { id: product.id, ...variables }, { token: owner.token }), 'BAD_USER_INPUT', message, { [field]: message });
  });
});

describe('bad input: a clear 400, nothing written', () => {
  let product: { id: string };
  beforeAll(async () => {
    product = await createProduct(app, owner.token, { quantity: 7 });
  });
  afterEach(async () => {
    expect(await movesOf(product.id)).toEqual([['INITIAL', 7, 7]]);
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 7, version: 1 });
  });

  it.each([
    ['zero', 0, 'Quantity change cannot be zero'],
    ['huge', 100_001, 'Quantity change cannot exceed 100000'],
    ['hugely negative', -100_001, 'Quantity change must be at least -100000'],
  ])('a %s delta, with a reason and a note', async (_case, delta, message) => {
    expectRestError(await stock(product.id, { delta, reason: 'CORRECTION', note: 'x' }), 400, 'BAD_USER_INPUT', message, { delta: message });
    expectGqlError(await app.gql(ADJUST, { id: product.id, delta, reason: 'CORRECTION', note: 'x' }, { token: owner.token }), 'BAD_USER_INPUT', message, { delta: message });
  });

  it('a fractional or out-of-range delta: REST gets the rule, GraphQL its Int type check', async () => {
    const whole = 'Quantity change must be a whole number';
    expectRestError(await stock(product.id, { delta: -1.5, reason: 'SALE' }), 400, 'BAD_USER_INPUT', whole, { delta: whole });
    expectGqlTypeError(await app.gql(ADJUST, { id: product.id, delta: -1.5, reason: 'SALE' }, { token: owner.token }), /Int cannot represent non-integer value: -1.5/);
    const huge = 'Quantity change cannot exceed 100000';
    expectRestError(await stock(product.id, { delta: 1e12 }), 400, 'BAD_USER_INPUT', huge, { delta: huge });
    expectGqlTypeError(await app.gql(ADJUST, { id: product.id, delta: 1e12 }, { token: owner.token }), /Int cannot represent non 32-bit signed integer value/);
  });

  it('a sale below zero gets the existing message, whatever the reason', async () => {
    expectRestError(await stock(product.id, { delta: -8, reason: 'damage', note: 'Flood' }), 409, 'CONFLICT', 'Insufficient stock available');
    expectGqlError(await app.gql(ADJUST, { id: product.id, delta: -8, reason: 'CORRECTION' }, { token: owner.token }), 'CONFLICT', 'Insufficient stock available');
  });

  it('an unknown reason, or one only the app writes, names the reasons an adjustment may give', async () => {
    for (const reason of ['THEFT', 'initial', 'COUNT', 'import', 'BULK', 5, true, 'SALE<script>', 'ＳＡＬＥ'])
      expectRestError(await stock(product.id, { delta: -1, reason }), 400, 'BAD_USER_INPUT', UNKNOWN_REASON, { reason: UNKNOWN_REASON });
    // A blank choice in a JSON body is refused as every blank choice is.
    expectRestError(await stock(product.id, { delta: -1, reason: ' ' }), 400, 'BAD_USER_INPUT', 'Reason format is invalid', { reason: 'Reason format is invalid' });
    expectGqlTypeError(await app.gql(ADJUST, { id: product.id, delta: -1, reason: 'THEFT' }, { token: owner.token }), /Value "THEFT" does not exist in "StockMovementReason" enum/);
    expectGqlTypeError(await app.gql(ADJUST, { id: product.id, delta: -1, reason: 'sale' }, { token: owner.token }), /Value "sale" does not exist in "StockMovementReason" enum/);
    for (const reason of ['INITIAL', 'COUNT', 'IMPORT', 'BULK'])
      expectGqlError(await app.gql(ADJUST, { id: product.id, delta: -1, reason }, { token: owner.token }), 'BAD_USER_INPUT', UNKNOWN_REASON, { reason: UNKNOWN_REASON });
  });

  it('a reason against the direction of the change', async () => {
    expectRestError(await stock(product.id, { delta: 2, reason: 'sale' }), 400, 'BAD_USER_INPUT', MUST_TAKE, { delta: MUST_TAKE });
    expectGqlError(await app.gql(ADJUST, { id: product.id, delta: 2, reason: 'DAMAGE' }, { token: owner.token }), 'BAD_USER_INPUT', MUST_TAKE, { delta: MUST_TAKE });
    expectRestError(await stock(product.id, { delta: -2, reason: 'RECEIPT' }), 400, 'BAD_USER_INPUT', MUST_ADD, { delta: MUST_ADD });
    expectGqlError(await app.gql(ADJUST, { id: product.id, delta: -2, reason: 'RETURN' }, { token: owner.token }), 'BAD_USER_INPUT', MUST_ADD, { delta: MUST_ADD });
  });

  it('a note of 201 characters (counted as a person counts them), with NUL, or not text', async () => {
    for (const note of ['n'.repeat(201), '🙂'.repeat(201)]) {
      expectRestError(await stock(product.id, { delta: 1, note }), 400, 'BAD_USER_INPUT', NOTE_TOO_LONG, { note: NOTE_TOO_LONG });
      expectGqlError(await app.gql(ADJUST, { id: product.id, delta: 1, note }, { token: owner.token }), 'BAD_USER_INPUT', NOTE_TOO_LONG, { note: NOTE_TOO_LONG });
      expectRestError(await count(product.id, { quantity: 7, note }), 400, 'BAD_USER_INPUT', NOTE_TOO_LONG, { note: NOTE_TOO_LONG });
      expectGqlError(await app.gql(COUNT, { id: product.id, quantity: 7, note }, { token: owner.token }), 'BAD_USER_INPUT', NOTE_TOO_LONG, { note: NOTE_TOO_LONG });
    }
    const invalid = 'Note format is invalid';
    expectRestError(await stock(product.id, { delta: 1, note: 'a\u0000b' }), 400, 'BAD_USER_INPUT', invalid, { note: invalid });
    expectRestError(await stock(product.id, { delta: 1, note: 42 }), 400, 'BAD_USER_INPUT', invalid, { note: invalid });
    expectRestError(await count(product.id, { quantity: 7, note: ['x'] }), 400, 'BAD_USER_INPUT', invalid, { note: invalid });
  });

  it('a count of -1, 100001, 1.5, text or none', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [-1, 'Quantity must be at least 0', /never/],
      [100_001, 'Quantity cannot exceed 100000', /never/],
      [1.5, 'Quantity must be a whole number', /Int cannot represent non-integer value: 1.5/],
      ['7', 'Quantity must be a number', /Int cannot represent non-integer value: "7"/],
      [null, 'Quantity is required', /Variable "\$quantity" of non-null type "Int!" must not be null/],
    ];
    for (const [quantity, message, graphql] of cases) {
      expectRestError(await count(product.id, { quantity }), 400, 'BAD_USER_INPUT', message, { quantity: message });
      const answer = await app.gql(COUNT, { id: product.id, quantity }, { token: owner.token });
      if (graphql.source === 'never') expectGqlError(answer, 'BAD_USER_INPUT', message, { quantity: message });
      else expectGqlTypeError(answer, graphql);
    }
    expectRestError(await count(product.id, {}), 400, 'BAD_USER_INPUT', 'Quantity is required', { quantity: 'Quantity is required' });
    expectRestError(await count(product.id, { quantity: 3, delta: 1 }), 400, 'BAD_USER_INPUT', 'Unknown field: delta', { delta: 'Unknown field' });
    expectRestError(await stock(product.id, { delta: 1, quantity: 3 }), 400, 'BAD_USER_INPUT', 'Unknown field: quantity', { quantity: 'Unknown field' });
  });
});

describe('the migration', () => {
  it('gives every existing product one INITIAL movement of its quantity, by its owner, at its creation; and rolls back', async () => {
    const { openDatabase } = await import('../../backend/src/app/database');
    const { createDatabase } = await import('../support/test-app');
    const orm = await openDatabase(await createDatabase());
    try {
      const connection = orm.em.getConnection();
      const migrator = orm.getMigrator();
      await migrator.down({ to: 'Migration20261123172500' });
      expect(await connection.execute(`SELECT to_regclass('stock_movements') AS t`)).toEqual([{ t: null }]);
      const [user] = await connection.execute<Array<{ id: string }>>(
        `INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES (gen_random_uuid(), 'ledger@example.com', 'Ada', 'Lovelace', 'x') RETURNING id`,
      );
      for (const [quantity, created] of [
        [12, '2026-01-02T03:04:05Z'],
        [0, '2026-02-03T04:05:06Z'],
      ] as const) {
        await connection.execute(
          `INSERT INTO products (id, owner_id, name, description, price, category, quantity, created_at) VALUES (gen_random_uuid(), ?, 'Old lamp', 'Made before the ledger', 1, 'Lamps', ?, ?)`,
          [user.id, quantity, created],
        );
      }
      await migrator.up();
      const movements = await connection.execute(
        `SELECT m.delta, m.quantity_after, m.reason, m.note, m.user_id = p.created_by AND m.workspace_id = p.workspace_id AS by_owner, m.created_at = p.created_at AS at_creation
         FROM stock_movements m JOIN products p ON p.id = m.product_id ORDER BY m.id`,
      );
      expect(movements).toEqual([
        { delta: 12, quantity_after: 12, reason: 'INITIAL', note: null, by_owner: true, at_creation: true },
        { delta: 0, quantity_after: 0, reason: 'INITIAL', note: null, by_owner: true, at_creation: true },
      ]);
    } finally {
      await orm.close();
    }
  });
});
