import { CREATE_PRODUCT, UPDATE_PRODUCT, countProducts, createProduct, expectGqlError, expectGqlTypeError, expectRestError, productInput, storedProduct } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const STATS = `query { productStats { totalProducts inStock outOfStock lowStock inventoryValue } }`;
const LIST = `query List($query: ProductListInput) { products(query: $query) { products { id name quantity reorderLevel lowStock inStock } pagination { total } } }`;

/** What the running totals say, over both transports (they must agree). */
async function lowStockCount(token: string): Promise<number> {
  const rest = await app.rest('GET', '/api/products/stats', undefined, { token });
  const gql = await app.gql(STATS, {}, { token });
  expect(gql.data.productStats.lowStock).toBe(rest.body.stats.lowStock);
  return rest.body.stats.lowStock;
}

/** The low-stock products counted from the rows themselves. */
const countedLowStock = (ownerId: string) => countProducts(app, 'workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND deleted_at IS NULL AND quantity > 0 AND quantity <= reorder_level', [ownerId]);

describe('reorder level: what is refused', () => {
  it.each([
    ['-1', -1, 'Reorder level must be at least 0'],
    ['100001', 100_001, 'Reorder level cannot exceed 100000'],
    ['1.5', 1.5, 'Reorder level must be a whole number'],
  ])('refuses %s on create and update, over REST and GraphQL alike, and stores nothing', async (_case, reorderLevel, message) => {
    const { token } = await signUpUser(app);
    const fields = { reorderLevel: message };
    const input = productInput({ reorderLevel });
    // GraphQL's Int type refuses a fraction itself, before the rules see it.
    const expectGqlRefusal = (answer: Parameters<typeof expectGqlTypeError>[0]) =>
      Number.isInteger(reorderLevel)
        ? expectGqlError(answer, 'BAD_USER_INPUT', message, fields)
        : expectGqlTypeError(answer, /Int cannot represent non-integer value: 1.5/);
    expectRestError(await app.rest('POST', '/api/products', input, { token }), 400, 'BAD_USER_INPUT', message, fields);
    expectGqlRefusal(await app.gql(CREATE_PRODUCT, { input }, { token }));
    const product = await createProduct(app, token);
    const before = await storedProduct(app, product.id);
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { reorderLevel }, { token }), 400, 'BAD_USER_INPUT', message, fields);
    expectGqlRefusal(await app.gql(UPDATE_PRODUCT, { id: product.id, input: { reorderLevel } }, { token }));
    expect(await storedProduct(app, product.id)).toEqual(before);
  });

  it('refuses an unknown stock status over REST and GraphQL', async () => {
    const { token } = await signUpUser(app);
    expectRestError(await app.rest('GET', '/api/products?stockStatus=nearly', undefined, { token }), 400, 'BAD_USER_INPUT', 'Stock status format is invalid', {
      stockStatus: 'Stock status format is invalid',
    });
    const gql = await app.gql(LIST, { query: { stockStatus: 'NEARLY' } }, { token });
    expect(gql.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('Low Stock', () => {
  it('is 0 < quantity <= reorder level: at the level and above 0 is low; above it, at 0 or without a level is not', async () => {
    const { token } = await signUpUser(app);
    const cases = [
      { name: 'At the level', quantity: 5, reorderLevel: 5, lowStock: true, inStock: true },
      { name: 'Under the level', quantity: 1, reorderLevel: 5, lowStock: true, inStock: true },
      { name: 'One above', quantity: 6, reorderLevel: 5, lowStock: false, inStock: true },
      { name: 'Out of stock', quantity: 0, reorderLevel: 5, lowStock: false, inStock: false },
      { name: 'No level', quantity: 1, reorderLevel: null, lowStock: false, inStock: true },
    ];
    for (const { name, quantity, reorderLevel, lowStock, inStock } of cases) {
      const product = await createProduct(app, token, { name, quantity, reorderLevel });
      expect(product).toMatchObject({ reorderLevel, lowStock, inStock });
    }
    const low = await app.rest('GET', '/api/products?stockStatus=low&sortBy=name&sortOrder=asc', undefined, { token });
    expect(low.body.products.map((p: { name: string }) => p.name)).toEqual(['At the level', 'Under the level']);
    expect(low.body.pagination.total).toBe(2);
    for (const [status, names] of [
      ['LOW_STOCK', ['At the level', 'Under the level']],
      ['IN_STOCK', ['At the level', 'No level', 'One above', 'Under the level']],
      ['OUT_OF_STOCK', ['Out of stock']],
    ] as const) {
      const gql = await app.gql(LIST, { query: { stockStatus: status, sortBy: 'NAME', sortOrder: 'ASC' } }, { token });
      expect(gql.data.products.products.map((p: { name: string }) => p.name)).toEqual(names);
      expect(gql.data.products.pagination.total).toBe(names.length);
      const rest = await app.rest('GET', `/api/products?stockStatus=${status.toLowerCase()}&sortBy=name&sortOrder=asc`, undefined, { token });
      expect(rest.body.products.map((p: { name: string }) => p.name)).toEqual(names);
    }
    // Combined with the other filters.
    const searched = await app.rest('GET', '/api/products?stockStatus=LOW&search=under', undefined, { token });
    expect(searched.body.products.map((p: { name: string }) => p.name)).toEqual(['Under the level']);
    expect(await lowStockCount(token)).toBe(2);
  });

  it('keeps stats.lowStock equal to the rows after every kind of write', async () => {
    const { token, user } = await signUpUser(app);
    const expectTotalsRight = async () => expect(await lowStockCount(token)).toBe(await countedLowStock(user.id));

    const lamp = await createProduct(app, token, { name: 'Lamp', quantity: 10, reorderLevel: 5 });
    await expectTotalsRight();
    expect(await lowStockCount(token)).toBe(0);
    // A sale takes it to its level: low.
    await app.rest('POST', `/api/products/${lamp.id}/stock`, { delta: -5 }, { token });
    expect(await lowStockCount(token)).toBe(1);
    // Raising the level of a product above it keeps it low; lowering it under the quantity makes it fine.
    await app.rest('PUT', `/api/products/${lamp.id}`, { reorderLevel: 2 }, { token });
    expect(await lowStockCount(token)).toBe(0);
    await app.gql(UPDATE_PRODUCT, { id: lamp.id, input: { reorderLevel: 8 } }, { token });
    expect(await lowStockCount(token)).toBe(1);
    // A stocktake to 0: out of stock, not low.
    await app.rest('POST', `/api/products/${lamp.id}/stock/count`, { quantity: 0 }, { token });
    expect(await lowStockCount(token)).toBe(0);
    // An edit of the quantity in the form.
    await app.rest('PUT', `/api/products/${lamp.id}`, { quantity: 3 }, { token });
    expect(await lowStockCount(token)).toBe(1);
    // Clearing the level.
    await app.rest('PUT', `/api/products/${lamp.id}`, { reorderLevel: null }, { token });
    expect(await lowStockCount(token)).toBe(0);
    await app.rest('PUT', `/api/products/${lamp.id}`, { reorderLevel: 3 }, { token });
    await createProduct(app, token, { name: 'Vase', quantity: 1, reorderLevel: 1 });
    expect(await lowStockCount(token)).toBe(2);
    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    expect(await lowStockCount(token)).toBe(1);
    await expectTotalsRight();
  });
});

describe('activity: crossing into low stock or out of stock', () => {
  const descriptions = async (token: string): Promise<string[]> =>
    (await app.rest('GET', '/api/dashboard', undefined, { token })).body.recentActivity.map((item: { description: string }) => item.description);
  const alerts = async (token: string) => (await descriptions(token)).filter((text) => / is (running low|out of stock)/.test(text));

  it('adds one item when a sale, a count, an edit or a raised level crosses the line, and none while it stays there', async () => {
    const { token } = await signUpUser(app);
    const lamp = await createProduct(app, token, { name: 'Lamp', quantity: 10, reorderLevel: 5 });
    await app.rest('POST', `/api/products/${lamp.id}/stock`, { delta: -8 }, { token });
    expect(await alerts(token)).toEqual(['Lamp is running low: 2 left, reorder level 5']);
    // Still low: nothing new.
    await app.rest('POST', `/api/products/${lamp.id}/stock`, { delta: -1 }, { token });
    expect(await alerts(token)).toHaveLength(1);
    // A count to 0: out of stock.
    await app.rest('POST', `/api/products/${lamp.id}/stock/count`, { quantity: 0 }, { token });
    expect((await alerts(token))[0]).toBe('Lamp is out of stock');
    // Back above the level, then a raised level makes it low again (GraphQL this time).
    await app.rest('PUT', `/api/products/${lamp.id}`, { quantity: 20 }, { token });
    await app.gql(UPDATE_PRODUCT, { id: lamp.id, input: { reorderLevel: 25 } }, { token });
    expect((await alerts(token))[0]).toBe('Lamp is running low: 20 left, reorder level 25');
    expect(await alerts(token)).toHaveLength(3);
    // A product without a level only ever runs out.
    const vase = await createProduct(app, token, { name: 'Vase', quantity: 1 });
    await app.rest('POST', `/api/products/${vase.id}/stock`, { delta: -1 }, { token });
    expect((await alerts(token))[0]).toBe('Vase is out of stock');
  });
});

describe('dashboard: Needs reordering', () => {
  const DASHBOARD = `query { dashboard { overview { needsReordering lowStock } needsReordering { id name quantity reorderLevel lowStock inStock } } }`;
  type Panel = { count: number; names: string[] };

  /** The panel over both transports (they must agree), and the count the rows themselves give. */
  async function panel(token: string, ownerId: string): Promise<Panel> {
    const rest = await app.rest('GET', '/api/dashboard', undefined, { token });
    expect(rest.status).toBe(200);
    const gql = await app.gql(DASHBOARD, {}, { token });
    expect(gql.errors).toBeUndefined();
    const names = rest.body.needsReordering.map((p: { name: string }) => p.name);
    expect(gql.data.dashboard.needsReordering.map((p: { name: string }) => p.name)).toEqual(names);
    expect(gql.data.dashboard.overview.needsReordering).toBe(rest.body.overview.needsReordering);
    expect(rest.body.overview.needsReordering).toBe(await countProducts(app, 'workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND deleted_at IS NULL AND quantity <= reorder_level', [ownerId]));
    return { count: rest.body.overview.needsReordering, names };
  }

  it('lists out of stock first, then the furthest below the level, then by name; products above their level or without one stay out', async () => {
    const { token, user } = await signUpUser(app);
    expect(await panel(token, user.id)).toEqual({ count: 0, names: [] });
    await createProduct(app, token, { name: 'Fine', quantity: 9, reorderLevel: 5 });
    await createProduct(app, token, { name: 'No level, empty', quantity: 0 });
    await createProduct(app, token, { name: 'Barely low', quantity: 5, reorderLevel: 5 });
    await createProduct(app, token, { name: 'Very low', quantity: 1, reorderLevel: 40 });
    await createProduct(app, token, { name: 'Empty', quantity: 0, reorderLevel: 3 });
    await createProduct(app, token, { name: 'Also empty', quantity: 0, reorderLevel: 3 });
    await createProduct(app, token, { name: 'Empty, high level', quantity: 0, reorderLevel: 50 });
    expect(await panel(token, user.id)).toEqual({ count: 5, names: ['Empty, high level', 'Also empty', 'Empty', 'Very low', 'Barely low'] });
    const rest = await app.rest('GET', '/api/dashboard', undefined, { token });
    expect(rest.body.needsReordering[3]).toMatchObject({ name: 'Very low', quantity: 1, reorderLevel: 40, lowStock: true, inStock: true });
    expect(rest.body.overview.lowStock).toBe(2);
  });

  it('shows at most 10 while the overview counts them all, and follows sales, receipts, level changes and deletes', async () => {
    const { token, user } = await signUpUser(app);
    const products = [];
    for (let i = 1; i <= 12; i += 1) products.push(await createProduct(app, token, { name: `Part ${String(i).padStart(2, '0')}`, quantity: i, reorderLevel: 12 }));
    let shown = await panel(token, user.id);
    expect(shown.count).toBe(12);
    expect(shown.names).toEqual(products.slice(0, 10).map((p) => p.name));
    // A receipt above the level takes it off; a sale to 0 puts it first.
    await app.rest('POST', `/api/products/${products[0].id}/stock`, { delta: 20 }, { token });
    await app.gql(`mutation($id: ID!) { adjustStock(id: $id, delta: -6) { quantity } }`, { id: products[5].id }, { token });
    shown = await panel(token, user.id);
    expect(shown.count).toBe(11);
    expect(shown.names.slice(0, 2)).toEqual(['Part 06', 'Part 02']);
    // Clearing a level, and a delete.
    await app.rest('PUT', `/api/products/${products[1].id}`, { reorderLevel: null }, { token });
    await app.rest('DELETE', `/api/products/${products[2].id}`, undefined, { token });
    expect((await panel(token, user.id)).count).toBe(9);
  });

  it("shows nobody else's products", async () => {
    const owner = await signUpUser(app);
    await createProduct(app, owner.token, { name: 'Mine', quantity: 0, reorderLevel: 2 });
    const other = await signUpUser(app);
    expect(await panel(other.token, other.user.id)).toEqual({ count: 0, names: [] });
    expect((await panel(owner.token, owner.user.id)).names).toEqual(['Mine']);
  });
});
