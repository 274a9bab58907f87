import { ADJUST_STOCK, createProduct, PRODUCT_STATS, PRODUCTS } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Stats and unfiltered list counts read running totals that triggers on
 * `products` keep (catalogue_stats). These tests hold the totals to the real
 * aggregate after every kind of write, including writes that bypass the app.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The truth, computed from the rows themselves: the live ones, since a product in the trash has left the catalogue. */
async function aggregate(ownerId: string) {
  const [row] = await app.sql(
    `SELECT count(*)::int AS "totalProducts", (count(*) FILTER (WHERE quantity > 0))::int AS "inStock",
       (count(*) FILTER (WHERE quantity = 0))::int AS "outOfStock",
       (count(*) FILTER (WHERE quantity > 0 AND quantity <= reorder_level))::int AS "lowStock", coalesce(sum(price * quantity), 0)::text AS value
     FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND deleted_at IS NULL`,
    [ownerId],
  );
  return { totalProducts: row.totalProducts, inStock: row.inStock, outOfStock: row.outOfStock, lowStock: row.lowStock, inventoryValue: Number(row.value) };
}

async function expectTotalsToMatch(token: string, ownerId: string) {
  const truth = await aggregate(ownerId);
  const rest = await app.rest('GET', '/api/products/stats', undefined, { token });
  expect(rest.body.stats).toEqual(truth);
  const gql = await app.gql(PRODUCT_STATS, {}, { token });
  expect(gql.data.productStats).toEqual(truth);
  for (const [inStock, expected] of [[undefined, truth.totalProducts], [true, truth.inStock], [false, truth.outOfStock]] as const) {
    const list = await app.gql(PRODUCTS, { query: { inStock, limit: 1 } }, { token });
    expect(list.data.products.pagination.total).toBe(expected);
  }
  return truth;
}

describe('catalogue totals kept by triggers', () => {
  it('start at zero for a new user', async () => {
    const { token, user } = await signUpUser(app);
    expect(await expectTotalsToMatch(token, user.id)).toEqual({ totalProducts: 0, inStock: 0, outOfStock: 0, lowStock: 0, inventoryValue: 0 });
  });

  it('follow creates, edits, stock changes and deletes on both transports, exactly to the cent', async () => {
    const { token, user } = await signUpUser(app);
    const a = await createProduct(app, token, { price: 19.99, quantity: 3 });
    const b = await createProduct(app, token, { price: 0.01, quantity: 7 });
    const c = await createProduct(app, token, { price: 999999.99, quantity: 0 });
    expect(await expectTotalsToMatch(token, user.id)).toEqual({ totalProducts: 3, inStock: 2, outOfStock: 1, lowStock: 0, inventoryValue: 60.04 });

    await app.rest('PUT', `/api/products/${a.id}`, { price: 20.01, quantity: 0 }, { token });
    await app.rest('PUT', `/api/products/${c.id}`, { quantity: 2 }, { token });
    await app.gql(ADJUST_STOCK, { id: b.id, delta: -7 }, { token });
    await app.rest('POST', `/api/products/${b.id}/stock`, { delta: 4 }, { token });
    expect(await expectTotalsToMatch(token, user.id)).toEqual({ totalProducts: 3, inStock: 2, outOfStock: 1, lowStock: 0, inventoryValue: 1999999.98 + 0.04 });

    await app.rest('DELETE', `/api/products/${c.id}`, undefined, { token });
    expect(await expectTotalsToMatch(token, user.id)).toEqual({ totalProducts: 2, inStock: 1, outOfStock: 1, lowStock: 0, inventoryValue: 0.04 });
  });

  it('keep each owner apart, including bulk SQL writes that bypass the app', async () => {
    const first = await signUpUser(app);
    const second = await signUpUser(app);
    await createProduct(app, first.token, { quantity: 1 });
    await app.sql(
      `INSERT INTO products (id, created_by, workspace_id, name, description, price, category, quantity)
       SELECT gen_random_uuid(), w.personal_user_id, w.id, 'Bulk ' || i, 'Inserted in one statement', (i % 500) + 0.99, 'Bulk', i % 4
       FROM generate_series(1, 2000) AS i
       JOIN workspaces AS w ON w.personal_user_id = CASE WHEN i % 3 = 0 THEN $1::uuid ELSE $2::uuid END`,
      [first.user.id, second.user.id],
    );
    await app.sql(`UPDATE products SET quantity = quantity + 1, price = price + 0.01 WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND quantity = 0`, [second.user.id]);
    await app.sql(`DELETE FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND quantity = 2`, [first.user.id]);
    // Into the trash and partly back out, in statements that bypass the app too.
    await app.sql(`UPDATE products SET deleted_at = now() WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND quantity = 3`, [second.user.id]);
    await app.sql(`UPDATE products SET deleted_at = NULL WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND quantity = 3 AND price < 100`, [second.user.id]);
    await app.sql(`DELETE FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND deleted_at IS NOT NULL AND price > 400`, [second.user.id]);
    const firstTotals = await expectTotalsToMatch(first.token, first.user.id);
    const secondTotals = await expectTotalsToMatch(second.token, second.user.id);
    expect(firstTotals.totalProducts + secondTotals.totalProducts).toBeGreaterThan(1000);
    expect(secondTotals.outOfStock).toBe(0);
  });

  it('stay right under concurrent writes to one catalogue', async () => {
    const { token, user } = await signUpUser(app);
    const stock = await createProduct(app, token, { quantity: 50, price: 2.5 });
    await Promise.all([
      ...Array.from({ length: 15 }, (_, i) => createProduct(app, token, { quantity: i % 2, price: 1.25 })),
      ...Array.from({ length: 15 }, () => app.rest('POST', `/api/products/${stock.id}/stock`, { delta: -1 }, { token })),
    ]);
    expect(await expectTotalsToMatch(token, user.id)).toEqual({ totalProducts: 16, inStock: 8, outOfStock: 8, lowStock: 0, inventoryValue: 35 * 2.5 + 7 * 1.25 });
  });

  it('searched and category counts stay exact across writes, even writes through another app instance', async () => {
    const { token } = await signUpUser(app);
    const other = await startTestApp({ JWT_SECRET: app.config.jwtSecret }, { databaseUrl: app.databaseUrl });
    try {
      const total = async (instance: TestApp, query: Record<string, unknown>) =>
        (await instance.gql(PRODUCTS, { query: { limit: 1, ...query } }, { token })).data.products.pagination.total as number;
      const lamp = await createProduct(app, token, { name: 'Brass Lamp', category: 'Lighting', quantity: 1 });
      await createProduct(app, token, { name: 'Steel Lamp', category: 'Lighting', quantity: 0 });
      await createProduct(app, token, { name: 'Oak Table', category: 'Furniture', quantity: 3 });
      // Asked twice, so the second answer is the remembered one.
      for (let i = 0; i < 2; i++) {
        expect(await total(app, { search: 'lamp' })).toBe(2);
        expect(await total(app, { search: 'lamp', inStock: true })).toBe(1);
        expect(await total(app, { category: 'Lighting' })).toBe(2);
      }
      await createProduct(other, token, { name: 'Paper Lamp', category: 'Lighting', quantity: 2 });
      expect(await total(app, { search: 'lamp' })).toBe(3);
      expect(await total(app, { category: 'Lighting' })).toBe(3);
      await other.rest('POST', `/api/products/${lamp.id}/stock`, { delta: -1 }, { token });
      expect(await total(app, { search: 'lamp', inStock: true })).toBe(1);
      await other.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
      expect(await total(app, { search: 'lamp' })).toBe(2);
      await app.sql(`UPDATE products SET category = 'Furniture' WHERE name = 'Paper Lamp'`);
      expect(await total(app, { category: 'Lighting' })).toBe(1);
      const rest = await app.rest('GET', '/api/products/search?q=lamp&limit=1', undefined, { token });
      expect(rest.body.pagination.total).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('go with the owner when the account row is deleted', async () => {
    const { token, user } = await signUpUser(app);
    await createProduct(app, token);
    await app.sql('DELETE FROM users WHERE id = $1', [user.id]);
    expect(await app.sql('SELECT * FROM catalogue_stats WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)', [user.id])).toEqual([]);
    expect(await app.sql('SELECT * FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)', [user.id])).toEqual([]);
  });
});
