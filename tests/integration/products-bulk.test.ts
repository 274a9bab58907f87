import { randomUUID } from 'node:crypto';
import { createProduct, expectGqlError, expectGqlTypeError, expectRestError } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Changes to many products at once (POST /api/products/bulk and the bulk
 * mutations): the selection by ids or by the list's filters, each action on
 * both transports, and all or nothing whenever one product cannot take it.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const SELECTION = 'selection: $selection';
const BULK_UPDATE = `mutation BulkUpdate($selection: ProductSelectionInput!, $changes: BulkProductChangesInput!) { bulkUpdateProducts(${SELECTION}, changes: $changes) { affected } }`;
const BULK_DELETE = `mutation BulkDelete($selection: ProductSelectionInput!) { bulkDeleteProducts(${SELECTION}) { affected } }`;
const BULK_ADJUST = `mutation BulkAdjust($selection: ProductSelectionInput!, $delta: Int!, $reason: StockMovementReason, $note: String) {
  bulkAdjustStock(${SELECTION}, delta: $delta, reason: $reason, note: $note) { affected } }`;

/** The caller's products as stored, those in the catalogue (not the trash): what a bulk change must (or must not) have touched. */
async function stored(ownerId: string) {
  return app.sql<{ id: string; name: string; category: string; quantity: number; reorder_level: number | null; featured: boolean; version: number }>(
    'SELECT id, name, category, quantity, reorder_level, featured, version FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND deleted_at IS NULL ORDER BY name',
    [ownerId],
  );
}

/** Products whose movements do not sum to their quantity: none, ever. */
const unbalanced = (ownerId: string) =>
  app.sql(`SELECT p.id FROM products p WHERE p.workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND (SELECT coalesce(sum(delta), 0) FROM stock_movements WHERE product_id = p.id) <> p.quantity`, [ownerId]);

/** A user with three products: Alpha (Tools, 5), Beta (Tools, 1), Gamma (Garden, 0). */
async function catalogue() {
  const account = await signUpUser(app);
  const alpha = await createProduct(app, account.token, { name: 'Alpha', category: 'Tools', quantity: 5 });
  const beta = await createProduct(app, account.token, { name: 'Beta', category: 'Tools', quantity: 1 });
  const gamma = await createProduct(app, account.token, { name: 'Gamma', category: 'Garden', quantity: 0 });
  return { ...account, ownerId: account.user.id as string, alpha, beta, gamma };
}

const bulk = (token: string, body: unknown) => app.rest('POST', '/api/products/bulk', body, { token });

describe('bulk update', () => {
  it('sets category, reorder level and featured on the products named by id, over REST and GraphQL', async () => {
    const c = await catalogue();
    const rest = await bulk(c.token, { action: 'update', selection: { ids: [c.alpha.id, c.beta.id] }, changes: { category: 'Workshop', reorderLevel: 2, featured: true } });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ affected: 2 });
    const gql = await app.gql(BULK_UPDATE, { selection: { ids: [c.gamma.id] }, changes: { category: 'Workshop' } }, { token: c.token });
    expect(gql.data).toEqual({ bulkUpdateProducts: { affected: 1 } });
    expect((await stored(c.ownerId)).map(({ name, category, reorder_level, featured, version }) => ({ name, category, reorder_level, featured, version }))).toEqual([
      { name: 'Alpha', category: 'Workshop', reorder_level: 2, featured: true, version: 2 },
      { name: 'Beta', category: 'Workshop', reorder_level: 2, featured: true, version: 2 },
      { name: 'Gamma', category: 'Workshop', reorder_level: null, featured: false, version: 2 },
    ]);
    // Beta (1 left) is now at or under its new level: the activity says so, as for one product's edit.
    const [alert] = await app.sql(`SELECT kind, subject FROM activity_log WHERE user_id = $1 AND kind = 'stock_low'`, [c.ownerId]);
    expect(alert).toEqual({ kind: 'stock_low', subject: 'Beta' });
    const stats = await app.rest('GET', '/api/products/stats', undefined, { token: c.token });
    expect(stats.body.stats.lowStock).toBe(1);
  });

  it('unfeatures the selected featured products with featured: false and leaves the others featured, over REST and GraphQL', async () => {
    const account = await signUpUser(app);
    const alpha = await createProduct(app, account.token, { name: 'Alpha', category: 'Tools', featured: true });
    const beta = await createProduct(app, account.token, { name: 'Beta', category: 'Tools', featured: true });
    const gamma = await createProduct(app, account.token, { name: 'Gamma', category: 'Garden', featured: true });
    /** Each product's featured flag as GET /api/products/{id} answers it, and the names the featured list shows. */
    const seen = async () => ({
      featured: Object.fromEntries(
        await Promise.all(
          [alpha, beta, gamma].map(async ({ id, name }) => [name, (await app.rest('GET', `/api/products/${id}`, undefined, { token: account.token })).body.product.featured]),
        ),
      ),
      list: (await app.rest('GET', '/api/products/featured', undefined, { token: account.token })).body.products.map((p: { name: string }) => p.name).sort(),
    });
    expect(await seen()).toEqual({ featured: { Alpha: true, Beta: true, Gamma: true }, list: ['Alpha', 'Beta', 'Gamma'] });

    const rest = await bulk(account.token, { action: 'update', selection: { ids: [alpha.id] }, changes: { featured: false } });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ affected: 1 });
    expect(await seen()).toEqual({ featured: { Alpha: false, Beta: true, Gamma: true }, list: ['Beta', 'Gamma'] });

    const gql = await app.gql(BULK_UPDATE, { selection: { filter: { category: 'Tools' } }, changes: { featured: false } }, { token: account.token });
    expect(gql.data).toEqual({ bulkUpdateProducts: { affected: 2 } });
    // Gamma, in another category, was not selected: it stays featured.
    expect(await seen()).toEqual({ featured: { Alpha: false, Beta: false, Gamma: true }, list: ['Gamma'] });
  });

  it('selects by the list filters, decided on the server: a search, a category, a stock status', async () => {
    const c = await catalogue();
    expect((await bulk(c.token, { action: 'update', selection: { filter: { category: 'Tools', stockStatus: 'in' } }, changes: { featured: true } })).body).toEqual({ affected: 2 });
    expect((await app.gql(BULK_UPDATE, { selection: { filter: { inStock: false } }, changes: { reorderLevel: 3 } }, { token: c.token })).data).toEqual({
      bulkUpdateProducts: { affected: 1 },
    });
    expect((await bulk(c.token, { action: 'update', selection: { filter: { search: 'alp' } }, changes: { category: 'Found' } })).body).toEqual({ affected: 1 });
    expect((await stored(c.ownerId)).map(({ name, category, featured, reorder_level }) => [name, category, featured, reorder_level])).toEqual([
      ['Alpha', 'Found', true, null],
      ['Beta', 'Tools', true, null],
      ['Gamma', 'Garden', false, 3],
    ]);
  });

  it("never reaches another user's products: their ids change nothing (404), and a filter sees only the caller's", async () => {
    const c = await catalogue();
    const other = await catalogue();
    const before = await stored(other.ownerId);
    const mine = await stored(c.ownerId);
    expectRestError(await bulk(c.token, { action: 'update', selection: { ids: [c.alpha.id, other.alpha.id] }, changes: { category: 'Taken' } }), 404, 'NOT_FOUND', 'Product not found: nothing was changed');
    expectGqlError(await app.gql(BULK_DELETE, { selection: { ids: [other.beta.id] } }, { token: c.token }), 'NOT_FOUND', 'Product not found: nothing was changed');
    expectRestError(await bulk(c.token, { action: 'adjustStock', selection: { ids: [randomUUID()] }, changes: { delta: 1 } }), 404, 'NOT_FOUND', 'Product not found: nothing was changed');
    expect(await stored(c.ownerId)).toEqual(mine);
    expect((await bulk(c.token, { action: 'delete', selection: { filter: { category: 'Tools' } } })).body).toEqual({ affected: 2 });
    expect(await stored(other.ownerId)).toEqual(before);
  });

  it.each([
    ['an unknown action', { action: 'explode', selection: { ids: [] } }, 'action', 'Action must be one of delete, update, adjustStock'],
    ['no selection', { action: 'delete' }, 'selection', 'Select products by ids or by filter'],
    ['ids and a filter', { action: 'delete', selection: { ids: ['x'], filter: {} } }, 'selection', 'Select products by ids or by filter, not both'],
    ['an empty list of ids', { action: 'delete', selection: { ids: [] } }, 'ids', 'Select at least one product'],
    ['ids that are not ids', { action: 'delete', selection: { ids: ["1' OR '1'='1"] } }, 'ids', 'Product ids must be a list of product ids'],
    ['1,001 ids', { action: 'delete', selection: { ids: Array.from({ length: 1001 }, () => randomUUID()) } }, 'ids', 'Select at most 1,000 products by id, or select by filter'],
    ['an unknown stock status', { action: 'delete', selection: { filter: { stockStatus: 'nearly' } } }, 'stockStatus', 'Stock status format is invalid'],
    ['no change', { action: 'update', selection: { filter: {} }, changes: {} }, 'changes', 'Choose a change: category, price, price change in %, reorder level or featured'],
    ['a field bulk cannot set', { action: 'update', selection: { filter: {} }, changes: { quantity: 1 } }, 'quantity', 'Unknown field'],
    ['a reorder level of 1.5', { action: 'update', selection: { filter: {} }, changes: { reorderLevel: 1.5 } }, 'reorderLevel', 'Reorder level must be a whole number'],
    ['a reorder level as text', { action: 'update', selection: { filter: {} }, changes: { reorderLevel: '5' } }, 'reorderLevel', 'Reorder level must be a number'],
    ['a delta of 0', { action: 'adjustStock', selection: { filter: {} }, changes: { delta: 0 } }, 'delta', 'Quantity change cannot be zero'],
    ['a sale with a positive delta', { action: 'adjustStock', selection: { filter: {} }, changes: { delta: 2, reason: 'sale' } }, 'delta', undefined],
  ])('refuses %s with 400 and changes nothing', async (_case, body, field, message) => {
    const c = await catalogue();
    const before = await stored(c.ownerId);
    const answer = await bulk(c.token, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(answer.body.fields ?? {})).toContain(field);
    if (message) expect(answer.body.fields[field]).toBe(message);
    expect(await stored(c.ownerId)).toEqual(before);
  });

  it('answers 401 without a token, with a forged one, and to GraphQL alike', async () => {
    const c = await catalogue();
    expect((await app.rest('POST', '/api/products/bulk', { action: 'delete', selection: { filter: {} } })).status).toBe(401);
    expect((await bulk('forged.token.value', { action: 'delete', selection: { filter: {} } })).status).toBe(401);
    expect((await app.gql(BULK_DELETE, { selection: { filter: {} } })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await stored(c.ownerId)).toHaveLength(3);
  });
});

describe('bulk stock adjustment', () => {
  it('receives the same amount on each, each a BULK movement, and the ledger still sums to every quantity', async () => {
    const c = await catalogue();
    const answer = await bulk(c.token, { action: 'adjustStock', selection: { filter: {} }, changes: { delta: 4, reason: 'receipt', note: 'Delivery 42' } });
    expect(answer.body).toEqual({ affected: 3 });
    expect((await stored(c.ownerId)).map((p) => p.quantity)).toEqual([9, 5, 4]);
    const movements = await app.sql(`SELECT delta, reason, note FROM stock_movements WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND reason = 'BULK'`, [c.ownerId]);
    expect(movements).toEqual(Array.from({ length: 3 }, () => ({ delta: 4, reason: 'BULK', note: 'Delivery 42' })));
    expect(await unbalanced(c.ownerId)).toEqual([]);
    const history = await app.rest('GET', `/api/products/${c.gamma.id}/movements`, undefined, { token: c.token });
    expect(history.body.movements[0]).toMatchObject({ delta: 4, quantityAfter: 4, reason: 'BULK', note: 'Delivery 42' });
  });

  it('sells from each only when every one has enough: one short and nothing changes (409, how many were short)', async () => {
    const c = await catalogue();
    const before = await stored(c.ownerId);
    const rest = await bulk(c.token, { action: 'adjustStock', selection: { ids: [c.alpha.id, c.beta.id] }, changes: { delta: -2 } });
    expectRestError(rest, 409, 'CONFLICT', 'Insufficient stock available for 1 of the selected products: nothing was changed');
    const gql = await app.gql(BULK_ADJUST, { selection: { filter: { category: 'Tools' } }, delta: -2 }, { token: c.token });
    expectGqlError(gql, 'CONFLICT', 'Insufficient stock available for 1 of the selected products: nothing was changed');
    expect(await stored(c.ownerId)).toEqual(before);
    expect(await app.gql(BULK_ADJUST, { selection: { filter: { category: 'Tools' } }, delta: -1, reason: 'DAMAGE' }, { token: c.token })).toMatchObject({
      data: { bulkAdjustStock: { affected: 2 } },
    });
    expect((await stored(c.ownerId)).map((p) => p.quantity)).toEqual([4, 0, 0]);
    // Beta ran out: one activity item says so, in the same statement as the sale.
    expect(await app.sql(`SELECT subject FROM activity_log WHERE user_id = $1 AND kind = 'stock_out'`, [c.ownerId])).toEqual([{ subject: 'Beta' }]);
    expect(await unbalanced(c.ownerId)).toEqual([]);
  });

  it('refuses a delivery that would take one product past the quantity limit (400), changing none', async () => {
    const c = await catalogue();
    await app.rest('PUT', `/api/products/${c.alpha.id}`, { quantity: 99_999 }, { token: c.token });
    const before = await stored(c.ownerId);
    expectRestError(await bulk(c.token, { action: 'adjustStock', selection: { filter: {} }, changes: { delta: 5 } }), 400, 'BAD_USER_INPUT', 'Quantity cannot exceed 100000', {
      delta: 'Quantity cannot exceed 100000',
    });
    expect(await stored(c.ownerId)).toEqual(before);
  });

  it('two concurrent sales from the same products never oversell: the ledger and the quantities agree', async () => {
    const c = await catalogue();
    const ids = [c.alpha.id, c.beta.id];
    const answers = await Promise.all([1, 2].map(() => bulk(c.token, { action: 'adjustStock', selection: { ids }, changes: { delta: -1 } })));
    // Beta holds one: exactly one of the two sales can take it.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await stored(c.ownerId)).map((p) => p.quantity)).toEqual([4, 0, 0]);
    expect(await unbalanced(c.ownerId)).toEqual([]);
  });
});

describe('bulk delete', () => {

  it.each([
    ['a key the list has no filter for', { ownerId: '00000000-0000-4000-8000-000000000000' }, 'ownerId'],
    ['a misspelt key', { catgory: 'Tools' }, 'catgory'],
  ])('refuses a filter with %s: 400 naming the key, and every product stays out of the trash', async (_case, filter, key) => {
    const c = await catalogue();
    const answer = await bulk(c.token, { action: 'delete', selection: { filter } });
    expectRestError(answer, 400, 'BAD_USER_INPUT', `Unknown field: ${key}`, { [key]: 'Unknown field' });
    expect((await stored(c.ownerId)).map((p) => p.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect((await app.rest('GET', '/api/products/trash', undefined, { token: c.token })).body.products).toEqual([]);
  });

  it('refuses an unknown key beside the ids or the filter, and a blank stock status, for every action: nothing changes', async () => {
    const c = await catalogue();
    const before = await stored(c.ownerId);
    const changes = { update: { featured: true }, adjustStock: { delta: 1 }, delete: undefined };
    for (const [action, change] of Object.entries(changes)) {
      expectRestError(await bulk(c.token, { action, selection: { filter: { category: 'Tools' }, all: true }, changes: change }), 400, 'BAD_USER_INPUT', 'Unknown field: all', { all: 'Unknown field' });
      expectRestError(await bulk(c.token, { action, selection: { ids: [c.alpha.id], filters: { category: 'Tools' } }, changes: change }), 400, 'BAD_USER_INPUT', 'Unknown field: filters', {
        filters: 'Unknown field',
      });
      expectRestError(await bulk(c.token, { action, selection: { filter: { stockStatus: ' ' } }, changes: change }), 400, 'BAD_USER_INPUT', 'Stock status format is invalid', {
        stockStatus: 'Stock status format is invalid',
      });
    }
    expect(await stored(c.ownerId)).toEqual(before);
  });

  it('is refused over GraphQL too: the selection and filter input types have no such field, and nothing is deleted', async () => {
    const c = await catalogue();
    const cases: Array<[string, Record<string, unknown>]> = [
      ['ownerId', { filter: { ownerId: c.ownerId } }],
      ['catgory', { filter: { catgory: 'Tools' } }],
      ['all', { ids: [c.alpha.id], all: true }],
    ];
    for (const [key, selection] of cases) {
      expectGqlTypeError(await app.gql(BULK_DELETE, { selection }, { token: c.token }), new RegExp(`Field "${key}" is not defined`));
    }
    expect((await stored(c.ownerId)).map((p) => p.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('moves the selected products to the trash, and the totals, categories and list follow', async () => {
    const c = await catalogue();
    expect((await app.gql(BULK_DELETE, { selection: { ids: [c.alpha.id, c.gamma.id, c.gamma.id] } }, { token: c.token })).data).toEqual({ bulkDeleteProducts: { affected: 2 } });
    expect((await stored(c.ownerId)).map((p) => p.name)).toEqual(['Beta']);
    const stats = await app.rest('GET', '/api/products/stats', undefined, { token: c.token });
    expect(stats.body.stats).toMatchObject({ totalProducts: 1, inStock: 1, outOfStock: 0 });
    expect((await app.rest('GET', '/api/products/categories', undefined, { token: c.token })).body.categories).toEqual(['Tools']);
    expect((await bulk(c.token, { action: 'delete', selection: { filter: { search: 'no such product' } } })).body).toEqual({ affected: 0 });
    // They wait in the trash (products-trash.test.ts restores them).
    const trash = await app.rest('GET', '/api/products/trash', undefined, { token: c.token });
    expect(trash.body.products.map((p: { name: string }) => p.name).sort()).toEqual(['Alpha', 'Gamma']);
  });
});
