import { MikroORM } from '@mikro-orm/postgresql';
import { ValidationMessages } from '@stockroom/schema';
import { ormConfig } from '../../backend/src/app/orm-config';
import { purgeExpiredTrash } from '../../backend/src/products/trash/product-trash.service';
import { CATEGORIES, createProduct, DELETE_PRODUCT, expectGqlError, expectRestError, PRODUCT, PRODUCT_FIELDS, PRODUCT_STATS, PRODUCTS } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * The trash: deleting moves a product there (one, or many by bulk delete),
 * out of every live view at once; restoring brings it back with its id, SKU
 * and stock history; purging, emptying the trash and housekeeping's 30-day
 * purge delete it for good. Each scenario runs through /graphql and /api.
 */
let app: TestApp;
let orm: MikroORM;
beforeAll(async () => {
  app = await startTestApp();
  orm = await MikroORM.init(ormConfig(app.databaseUrl));
});
afterAll(async () => {
  await orm?.close();
  await app?.close();
});

const TRASHED = `query Trash($page: Int, $limit: Int) { trashedProducts(page: $page, limit: $limit) {
  products { id name sku barcode category price quantity imageUrl deletedAt purgeAt } pagination { page limit total totalPages hasNextPage hasPrevPage } } }`;
const RESTORE = `mutation Restore($id: ID!) { restoreProduct(id: $id) { ${PRODUCT_FIELDS} } }`;
const RESTORE_MANY = `mutation RestoreMany($ids: [ID!]!) { restoreProducts(ids: $ids) { affected } }`;
const PURGE = `mutation Purge($id: ID!) { purgeProduct(id: $id) }`;
const PURGE_MANY = `mutation PurgeMany($ids: [ID!]!) { purgeProducts(ids: $ids) { affected } }`;
const TRASHED_ONE = `query TrashedOne($id: ID!) { trashedProduct(id: $id) { id name sku deletedAt purgeAt } }`;
const EMPTY = `mutation Empty { emptyTrash { affected } }`;
const BULK_DELETE = `mutation BulkDelete($selection: ProductSelectionInput!) { bulkDeleteProducts(selection: $selection) { affected } }`;
const BULK_DELETE_BATCH = `mutation BulkDelete($selection: ProductSelectionInput!) { bulkDeleteProducts(selection: $selection) { affected trashBatch } }`;
const RESTORE_BATCH = `mutation RestoreBatch($batch: String!) { restoreTrashBatch(batch: $batch) { affected } }`;
const DASHBOARD = `query Dashboard { dashboard { overview { totalProducts inStock outOfStock inventoryValue needsReordering }
  needsReordering { id } inventory { byCategory { category products } } recentActivity { kind title description productId } } }`;

type Account = Awaited<ReturnType<typeof signUpUser>>;

/** Everything the caller's catalogue shows, on both transports: what a trashed product must leave and a restored one come back to. */
async function views(account: Account) {
  const { token } = account;
  const [list, search, stats, categories, dashboard, exported, gqlList, gqlStats, gqlCategories] = await Promise.all([
    app.rest('GET', '/api/products?limit=100', undefined, { token }),
    app.rest('GET', '/api/products/search?q=Lamp', undefined, { token }),
    app.rest('GET', '/api/products/stats', undefined, { token }),
    app.rest('GET', '/api/products/categories', undefined, { token }),
    app.gql(DASHBOARD, {}, { token }),
    fetch(`${app.url}/api/products/export?format=csv`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.text()),
    app.gql(PRODUCTS, { query: { limit: 100 } }, { token }),
    app.gql(PRODUCT_STATS, {}, { token }),
    app.gql(CATEGORIES, {}, { token }),
  ]);
  const names = (products: Array<{ name: string }>) => products.map((product) => product.name).sort();
  expect(gqlList.data.products.products.map((p: { name: string }) => p.name).sort()).toEqual(names(list.body.products));
  expect(gqlStats.data.productStats).toEqual(stats.body.stats);
  expect(gqlCategories.data.categories).toEqual(categories.body.categories);
  const board = dashboard.data.dashboard;
  return {
    list: names(list.body.products),
    total: list.body.pagination.total,
    search: names(search.body.products),
    stats: stats.body.stats,
    categories: categories.body.categories,
    exported: exported.split('\r\n').slice(1).filter(Boolean).map((line) => line.split(',')[1]).sort(),
    dashboard: { overview: board.overview, needsReordering: board.needsReordering.length, byCategory: board.inventory.byCategory },
  };
}

/** A catalogue with a desk lamp (SKU LAMP-1, reorder level 5, 3 in stock: needs reordering, the only Lighting) and a chair. */
async function catalogue() {
  const account = await signUpUser(app);
  const lamp = await createProduct(app, account.token, { name: 'Desk Lamp', category: 'Lighting', quantity: 3, price: 10, sku: 'LAMP-1', barcode: '4006381333931', reorderLevel: 5 });
  const chair = await createProduct(app, account.token, { name: 'Chair', category: 'Furniture', quantity: 2, price: 50 });
  // History beyond the INITIAL movement: a sale and a delivery.
  expect((await app.rest('POST', `/api/products/${lamp.id}/stock`, { delta: -1 }, { token: account.token })).status).toBe(200);
  expect((await app.rest('POST', `/api/products/${lamp.id}/stock`, { delta: 2 }, { token: account.token })).status).toBe(200);
  const lampNow = (await app.rest('GET', `/api/products/${lamp.id}`, undefined, { token: account.token })).body.product;
  return { account, token: account.token, lamp: lampNow, chair };
}

const movementsOf = (id: string) => app.sql('SELECT delta, reason, quantity_after FROM stock_movements WHERE product_id = $1 ORDER BY created_at, id', [id]);

describe('deleting moves to the trash', () => {
  it('takes the product out of the list, search, stats, export, dashboard and categories at once; restoring brings it back with its id, history and SKU', async () => {
    const { account, token, lamp } = await catalogue();
    const before = await views(account);
    expect(before.list).toEqual(['Chair', 'Desk Lamp']);
    expect(before.search).toEqual(['Desk Lamp']);
    expect(before.dashboard.overview.needsReordering).toBe(1);
    const history = await movementsOf(lamp.id);
    expect(history).toHaveLength(3);

    const deleted = await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Product deleted successfully', id: lamp.id });

    const gone = await views(account);
    expect(gone).toEqual({
      list: ['Chair'],
      total: 1,
      search: [],
      stats: { totalProducts: 1, inStock: 1, outOfStock: 0, lowStock: 0, inventoryValue: 100 },
      categories: ['Furniture'],
      exported: ['Chair'],
      dashboard: { overview: { totalProducts: 1, inStock: 1, outOfStock: 0, inventoryValue: 100, needsReordering: 0 }, needsReordering: 0, byCategory: [{ category: 'Furniture', products: 1 }] },
    });
    // Its page, its history and the scanner's lookups no longer find it.
    expectRestError(await app.rest('GET', `/api/products/${lamp.id}`, undefined, { token }), 404, 'NOT_FOUND', 'Product not found');
    expectGqlError(await app.gql(PRODUCT, { id: lamp.id }, { token }), 'NOT_FOUND', 'Product not found');
    expectRestError(await app.rest('GET', `/api/products/${lamp.id}/movements`, undefined, { token }), 404, 'NOT_FOUND', 'Product not found');
    for (const code of ['LAMP-1', 'lamp-1', '4006381333931']) {
      expect((await app.rest('GET', `/api/products/search?q=${code}`, undefined, { token })).body.products).toEqual([]);
      expect((await app.gql(PRODUCTS, { query: { search: code } }, { token })).data.products.products).toEqual([]);
    }
    // Nor can it be changed, sold or deleted again while in the trash.
    expectRestError(await app.rest('PUT', `/api/products/${lamp.id}`, { name: 'Ghost' }, { token }), 404, 'NOT_FOUND', 'Product not found');
    expectRestError(await app.rest('POST', `/api/products/${lamp.id}/stock`, { delta: 1 }, { token }), 404, 'NOT_FOUND', 'Product not found');
    expectRestError(await app.rest('POST', `/api/products/${lamp.id}/stock/count`, { quantity: 1 }, { token }), 404, 'NOT_FOUND', 'Product not found');
    expectGqlError(await app.gql(DELETE_PRODUCT, { id: lamp.id }, { token }), 'NOT_FOUND', 'Product not found');

    // The trash lists it, on both transports alike.
    const trash = await app.rest('GET', '/api/products/trash', undefined, { token });
    expect(trash.status).toBe(200);
    expect(trash.body.products).toEqual([
      { id: lamp.id, name: 'Desk Lamp', sku: 'LAMP-1', barcode: '4006381333931', category: 'Lighting', price: 10, quantity: 4, imageUrl: null, deletedAt: expect.any(String), purgeAt: expect.any(String) },
    ]);
    const [entry] = trash.body.products;
    expect(new Date(entry.purgeAt).getTime() - new Date(entry.deletedAt).getTime()).toBe(30 * 24 * 60 * 60_000);
    expect(trash.body.pagination).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false, totalIsEstimate: false });
    const gqlTrash = await app.gql(TRASHED, {}, { token });
    expect(gqlTrash.data.trashedProducts.products).toEqual(trash.body.products);

    // Restored over REST: the same product, id, SKU, version and history.
    const restored = await app.rest('POST', `/api/products/${lamp.id}/restore`, undefined, { token });
    expect(restored.status).toBe(200);
    expect(restored.body.product).toEqual(lamp);
    expect(await movementsOf(lamp.id)).toEqual(history);
    expect(await views(account)).toEqual(before);
    expect((await app.rest('GET', '/api/products/trash', undefined, { token })).body.products).toEqual([]);

    // And once more through GraphQL.
    expect((await app.gql(DELETE_PRODUCT, { id: lamp.id }, { token })).data).toEqual({ deleteProduct: lamp.id });
    expect((await views(account)).list).toEqual(['Chair']);
    const again = await app.gql(RESTORE, { id: lamp.id }, { token });
    expect(again.data.restoreProduct).toEqual(lamp);
    expect(await views(account)).toEqual(before);
  });

  it('logs the deletion as before and the restore as "Product restored", linked to the product', async () => {
    const { account, token, lamp } = await catalogue();
    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    await app.rest('POST', `/api/products/${lamp.id}/restore`, undefined, { token });
    const { recentActivity } = (await app.gql(DASHBOARD, {}, { token: account.token })).data.dashboard;
    expect(recentActivity.slice(0, 2)).toEqual([
      { kind: 'PRODUCT_RESTORED', title: 'Product restored', description: 'Brought “Desk Lamp” back from the trash', productId: lamp.id },
      { kind: 'PRODUCT_DELETED', title: 'Product deleted', description: 'Removed “Desk Lamp” from your catalogue', productId: null },
    ]);
  });

  it('restoring one already back answers it as it is (an Undo pressed twice)', async () => {
    const { token, lamp } = await catalogue();
    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    expect((await app.rest('POST', `/api/products/${lamp.id}/restore`, undefined, { token })).body.product).toEqual(lamp);
    expect((await app.rest('POST', `/api/products/${lamp.id}/restore`, undefined, { token })).body.product).toEqual(lamp);
    expect(await app.sql(`SELECT count(*)::int AS n FROM activity_log WHERE subject_id = $1 AND kind = 'product_restored'`, [lamp.id])).toEqual([{ n: 1 }]);
  });

  it('pages the trash, the most recently deleted first', async () => {
    const account = await signUpUser(app);
    const made = [];
    for (let i = 1; i <= 3; i++) made.push(await createProduct(app, account.token, { name: `Trash ${i}` }));
    for (const product of made) await app.rest('DELETE', `/api/products/${product.id}`, undefined, { token: account.token });
    // Deleted one minute apart, in the order made.
    for (const [i, product] of made.entries()) await app.sql(`UPDATE products SET deleted_at = now() - $2 * interval '1 minute' WHERE id = $1`, [product.id, 3 - i]);
    const first = await app.rest('GET', '/api/products/trash?page=1&limit=2', undefined, { token: account.token });
    expect(first.body.products.map((p: { name: string }) => p.name)).toEqual(['Trash 3', 'Trash 2']);
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasNextPage: true, hasPrevPage: false, totalIsEstimate: false });
    const second = await app.gql(TRASHED, { page: 2, limit: 2 }, { token: account.token });
    expect(second.data.trashedProducts.products.map((p: { name: string }) => p.name)).toEqual(['Trash 1']);
    const badLimit = await app.rest('GET', '/api/products/trash?limit=0', undefined, { token: account.token });
    expect({ status: badLimit.status, code: badLimit.body.code, fields: Object.keys(badLimit.body.fields) }).toEqual({ status: 400, code: 'BAD_USER_INPUT', fields: ['limit'] });
    expect((await app.rest('GET', '/api/products/trash')).status).toBe(401);
  });
});

describe('one trashed product', () => {
  it('is found by its id while it is in the owner\'s trash, and is Not found when live, restored, someone else\'s or malformed', async () => {
    const { token, lamp, chair } = await catalogue();
    const mallory = await signUpUser(app);
    // Live: not in the trash.
    expectRestError(await app.rest('GET', `/api/products/trash/${lamp.id}`, undefined, { token }), 404, 'NOT_FOUND', 'Product not found');
    expectGqlError(await app.gql(TRASHED_ONE, { id: lamp.id }, { token }), 'NOT_FOUND', 'Product not found');

    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    const rest = await app.rest('GET', `/api/products/trash/${lamp.id}`, undefined, { token });
    expect(rest.status).toBe(200);
    expect(rest.body.product).toMatchObject({ id: lamp.id, name: 'Desk Lamp', sku: 'LAMP-1' });
    const days = (Date.parse(rest.body.product.purgeAt) - Date.parse(rest.body.product.deletedAt)) / 86_400_000;
    expect(days).toBe(30);
    const { id, name, sku, deletedAt, purgeAt } = rest.body.product;
    expect((await app.gql(TRASHED_ONE, { id: lamp.id }, { token })).data.trashedProduct).toEqual({ id, name, sku, deletedAt, purgeAt });

    // The same id, to someone else, is as unknown as an id that never existed.
    expectRestError(await app.rest('GET', `/api/products/trash/${lamp.id}`, undefined, { token: mallory.token }), 404, 'NOT_FOUND', 'Product not found');
    expectGqlError(await app.gql(TRASHED_ONE, { id: lamp.id }, { token: mallory.token }), 'NOT_FOUND', 'Product not found');
    expectRestError(await app.rest('GET', `/api/products/trash/${chair.id}`, undefined, { token }), 404, 'NOT_FOUND', 'Product not found');
    expect((await app.rest('GET', '/api/products/trash/not-an-id', undefined, { token })).status).toBe(400);
    expect((await app.rest('GET', `/api/products/trash/${lamp.id}`)).status).toBe(401);

    // Restored: back in the catalogue, so no longer in the trash.
    await app.rest('POST', `/api/products/${lamp.id}/restore`, undefined, { token });
    expectRestError(await app.rest('GET', `/api/products/trash/${lamp.id}`, undefined, { token }), 404, 'NOT_FOUND', 'Product not found');
  });
});

describe('restoring', () => {
  it('is refused with the SKU message when a live product has taken its SKU meanwhile, and changes nothing', async () => {
    const { token, lamp } = await catalogue();
    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    // The SKU is free while its product is in the trash.
    const taker = await createProduct(app, token, { name: 'New Lamp', sku: 'lamp-1' });
    expectRestError(await app.rest('POST', `/api/products/${lamp.id}/restore`, undefined, { token }), 409, 'CONFLICT', 'A product with this SKU already exists', {
      sku: 'A product with this SKU already exists',
    });
    expectGqlError(await app.gql(RESTORE, { id: lamp.id }, { token }), 'CONFLICT', 'A product with this SKU already exists', { sku: 'A product with this SKU already exists' });
    expectRestError(await app.rest('POST', '/api/products/restore', { ids: [lamp.id] }, { token }), 409, 'CONFLICT', 'A product with this SKU already exists', {
      sku: 'A product with this SKU already exists',
    });
    expect((await app.rest('GET', '/api/products/trash', undefined, { token })).body.pagination.total).toBe(1);
    // Once the other product's SKU changes, the restore goes through.
    expect((await app.rest('PUT', `/api/products/${taker.id}`, { sku: 'LAMP-2' }, { token })).status).toBe(200);
    expect((await app.rest('POST', `/api/products/${lamp.id}/restore`, undefined, { token })).body.product.sku).toBe('LAMP-1');
  });

  it("of someone else's product answers Not found and changes nothing", async () => {
    const { token, lamp } = await catalogue();
    const mallory = await signUpUser(app);
    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    expectRestError(await app.rest('POST', `/api/products/${lamp.id}/restore`, undefined, { token: mallory.token }), 404, 'NOT_FOUND', 'Product not found');
    expectGqlError(await app.gql(RESTORE, { id: lamp.id }, { token: mallory.token }), 'NOT_FOUND', 'Product not found');
    expectRestError(await app.rest('POST', '/api/products/restore', { ids: [lamp.id] }, { token: mallory.token }), 404, 'NOT_FOUND', 'Product not found: nothing was changed');
    expectGqlError(await app.gql(RESTORE_MANY, { ids: [lamp.id] }, { token: mallory.token }), 'NOT_FOUND', 'Product not found: nothing was changed');
    // Nor does their trash show it, or a purge reach it.
    expect((await app.rest('GET', '/api/products/trash', undefined, { token: mallory.token })).body.products).toEqual([]);
    expectRestError(await app.rest('DELETE', `/api/products/${lamp.id}?permanent=true`, undefined, { token: mallory.token }), 404, 'NOT_FOUND', 'Product not found');
    expectGqlError(await app.gql(PURGE, { id: lamp.id }, { token: mallory.token }), 'NOT_FOUND', 'Product not found');
    expect((await app.gql(EMPTY, {}, { token: mallory.token })).data).toEqual({ emptyTrash: { affected: 0 } });
    const [row] = await app.sql('SELECT deleted_at IS NOT NULL AS trashed FROM products WHERE id = $1', [lamp.id]);
    expect(row).toEqual({ trashed: true });
    // A product of someone else's catalogue is refused as a delete is.
    const chair = await createProduct(app, token, { name: 'Stool' });
    expectRestError(await app.rest('DELETE', `/api/products/${chair.id}?permanent=true`, undefined, { token: mallory.token }), 403, 'FORBIDDEN', 'You can only modify products you created');
  });

  it('of many is all or nothing: an id that is not one of the caller\'s restores none; one already back is left as it is', async () => {
    const { token, lamp, chair } = await catalogue();
    const stranger = await createProduct(app, (await signUpUser(app)).token);
    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    expectRestError(await app.rest('POST', '/api/products/restore', { ids: [lamp.id, stranger.id] }, { token }), 404, 'NOT_FOUND', 'Product not found: nothing was changed');
    expect((await app.rest('GET', '/api/products/trash', undefined, { token })).body.pagination.total).toBe(1);
    expect((await app.rest('POST', '/api/products/restore', { ids: [lamp.id, chair.id] }, { token })).body).toEqual({ affected: 1 });
    expect((await app.gql(RESTORE_MANY, { ids: [lamp.id, chair.id] }, { token })).data).toEqual({ restoreProducts: { affected: 0 } });
    expect((await app.rest('GET', '/api/products/trash', undefined, { token })).body.pagination.total).toBe(0);
    expectRestError(await app.rest('POST', '/api/products/restore', { ids: [] }, { token }), 400, 'BAD_USER_INPUT', 'Select at least one product', { ids: 'Select at least one product' });
    expectRestError(await app.rest('POST', '/api/products/restore', { ids: ['nope'] }, { token }), 400, 'BAD_USER_INPUT', 'Product ids must be a list of product ids', { ids: 'Product ids must be a list of product ids' });
  });
});

describe('bulk delete', () => {
  it('moves the selection to the trash, and restoring those ids brings them all back (REST and GraphQL)', async () => {
    const { account, token, lamp, chair } = await catalogue();
    const before = await views(account);
    const rest = await app.rest('POST', '/api/products/bulk', { action: 'delete', selection: { ids: [lamp.id, chair.id] } }, { token });
    expect(rest.body).toEqual({ affected: 2 });
    expect((await views(account)).stats).toEqual({ totalProducts: 0, inStock: 0, outOfStock: 0, lowStock: 0, inventoryValue: 0 });
    expect((await app.rest('GET', '/api/products/trash', undefined, { token })).body.pagination.total).toBe(2);
    // A trashed id named again is not among the caller's products: nothing is deleted twice.
    expectRestError(await app.rest('POST', '/api/products/bulk', { action: 'delete', selection: { ids: [lamp.id] } }, { token }), 404, 'NOT_FOUND', 'Product not found: nothing was changed');
    expect((await app.rest('POST', '/api/products/restore', { ids: [lamp.id, chair.id] }, { token })).body).toEqual({ affected: 2 });
    expect(await views(account)).toEqual(before);

    expect((await app.gql(BULK_DELETE, { selection: { filter: { category: 'Lighting' } } }, { token })).data).toEqual({ bulkDeleteProducts: { affected: 1 } });
    expect((await views(account)).list).toEqual(['Chair']);
    expect((await app.gql(RESTORE_MANY, { ids: [lamp.id] }, { token })).data).toEqual({ restoreProducts: { affected: 1 } });
    expect(await views(account)).toEqual(before);
  });

  it('a delete of every matching product names them by its trash batch, and restoring the batch brings back exactly those (the Undo of "Select all N matching")', async () => {
    const { account, token, lamp, chair } = await catalogue();
    const before = await views(account);
    // The chair goes to the trash on its own first: the later delete's batch must leave it there.
    expect((await app.gql(DELETE_PRODUCT, { id: chair.id }, { token })).errors).toBeUndefined();
    const deleted = (await app.gql(BULK_DELETE_BATCH, { selection: { filter: {} } }, { token })).data.bulkDeleteProducts;
    expect(deleted).toEqual({ affected: 1, trashBatch: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/) });
    const [{ deleted_at: deletedAt }] = await app.sql("SELECT to_char(deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') AS deleted_at FROM products WHERE id = $1", [lamp.id]);
    expect(deleted.trashBatch).toBe(deletedAt);
    // A delete that matched nothing has no batch; REST's answer stays { affected }.
    expect((await app.gql(BULK_DELETE_BATCH, { selection: { filter: {} } }, { token })).data.bulkDeleteProducts).toEqual({ affected: 0, trashBatch: null });
    expect((await app.rest('POST', '/api/products/bulk', { action: 'delete', selection: { filter: {} } }, { token })).body).toEqual({ affected: 0 });

    // Someone else who learns the batch restores nothing of the caller's.
    const mallory = await signUpUser(app);
    expect((await app.gql(RESTORE_BATCH, { batch: deleted.trashBatch }, { token: mallory.token })).data).toEqual({ restoreTrashBatch: { affected: 0 } });
    expect((await views(account)).list).toEqual([]);
    expect((await app.gql(RESTORE_BATCH, { batch: deleted.trashBatch }, { token })).data).toEqual({ restoreTrashBatch: { affected: 1 } });
    expect((await views(account)).list).toEqual(['Desk Lamp']);
    expect(await movementsOf(lamp.id)).toHaveLength(3);
    // Undo pressed twice restores nothing twice; the chair comes back by its own id only.
    expect((await app.gql(RESTORE_BATCH, { batch: deleted.trashBatch }, { token })).data).toEqual({ restoreTrashBatch: { affected: 0 } });
    expect((await app.gql(RESTORE_MANY, { ids: [chair.id] }, { token })).data).toEqual({ restoreProducts: { affected: 1 } });
    expect(await views(account)).toEqual(before);

    // Anything but a batch a delete answered is refused before it reaches the database.
    const message = 'Trash batch must be the one a bulk delete answered';
    for (const batch of ['yesterday', '', '2026-02-31T10:00:00.000000Z', '2026-11-26T10:00:00.000Z', "2026-11-26T10:00:00.000000Z' OR '1'='1", '２０２６-11-26T10:00:00.000000Z']) {
      expectGqlError(await app.gql(RESTORE_BATCH, { batch }, { token }), 'BAD_USER_INPUT', message, { batch: message });
    }
  });
});

describe('deleting for good', () => {
  it('purges one product from the trash, or straight from the catalogue, with its history', async () => {
    const { account, token, lamp, chair } = await catalogue();
    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    const purged = await app.rest('DELETE', `/api/products/${lamp.id}?permanent=true`, undefined, { token });
    expect(purged.status).toBe(200);
    expect(purged.body).toEqual({ message: 'Product deleted forever', id: lamp.id });
    expect(await app.sql('SELECT id FROM products WHERE id = $1', [lamp.id])).toEqual([]);
    expect(await movementsOf(lamp.id)).toEqual([]);
    expectRestError(await app.rest('POST', `/api/products/${lamp.id}/restore`, undefined, { token }), 404, 'NOT_FOUND', 'Product not found');
    // The chair goes for good without passing through the trash; its deletion is logged as any delete is.
    expect((await app.gql(PURGE, { id: chair.id }, { token })).data).toEqual({ purgeProduct: chair.id });
    expect((await views(account)).stats.totalProducts).toBe(0);
    expect(await app.sql(`SELECT kind, subject FROM activity_log WHERE user_id = $1 AND kind = 'product_deleted' ORDER BY id`, [account.user.id])).toEqual([
      { kind: 'product_deleted', subject: 'Desk Lamp' },
      { kind: 'product_deleted', subject: 'Chair' },
    ]);
    expectGqlError(await app.gql(PURGE, { id: chair.id }, { token }), 'NOT_FOUND', 'Product not found');
  });

  it('refuses a permanent flag that is neither true nor false with 400, leaving a live product live and a trashed one in the trash', async () => {
    const { token, lamp, chair } = await catalogue();
    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    const refused = { permanent: ValidationMessages.invalidFormat('Permanent') };
    expect(refused.permanent).toBe('Permanent format is invalid');
    expectRestError(await app.rest('DELETE', `/api/products/${chair.id}?permanent=maybe`, undefined, { token }), 400, 'BAD_USER_INPUT', refused.permanent, refused);
    expectRestError(await app.rest('DELETE', `/api/products/${lamp.id}?permanent=maybe`, undefined, { token }), 400, 'BAD_USER_INPUT', refused.permanent, refused);
    expect((await app.rest('GET', `/api/products/${chair.id}`, undefined, { token })).body.product).toEqual(chair);
    expect((await app.rest('GET', `/api/products/trash/${lamp.id}`, undefined, { token })).status).toBe(200);
    expect(await movementsOf(lamp.id)).toHaveLength(3);
  });

  it('purges many at once, all or nothing', async () => {
    const { token, lamp, chair } = await catalogue();
    await app.rest('POST', '/api/products/bulk', { action: 'delete', selection: { ids: [lamp.id, chair.id] } }, { token });
    const stranger = await createProduct(app, (await signUpUser(app)).token);
    expectGqlError(await app.gql(PURGE_MANY, { ids: [lamp.id, stranger.id] }, { token }), 'NOT_FOUND', 'Product not found: nothing was changed');
    expect((await app.rest('GET', '/api/products/trash', undefined, { token })).body.pagination.total).toBe(2);
    expect((await app.gql(PURGE_MANY, { ids: [lamp.id] }, { token })).data).toEqual({ purgeProducts: { affected: 1 } });
    expect((await app.rest('POST', '/api/products/purge', { ids: [chair.id] }, { token })).body).toEqual({ affected: 1 });
    expect((await app.rest('GET', '/api/products/trash', undefined, { token })).body.pagination.total).toBe(0);
  });

  it('empties the trash, leaving the catalogue and other users alone (REST and GraphQL)', async () => {
    const { account, token, lamp, chair } = await catalogue();
    const other = await catalogue();
    await app.rest('DELETE', `/api/products/${other.lamp.id}`, undefined, { token: other.token });
    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    const emptied = await app.rest('DELETE', '/api/products/trash', undefined, { token });
    expect(emptied.body).toEqual({ affected: 1 });
    expect((await views(account)).list).toEqual(['Chair']);
    await app.rest('DELETE', `/api/products/${chair.id}`, undefined, { token });
    expect((await app.gql(EMPTY, {}, { token })).data).toEqual({ emptyTrash: { affected: 1 } });
    expect((await app.rest('GET', '/api/products/trash', undefined, { token: other.token })).body.pagination.total).toBe(1);
  });

  it('housekeeping purges what has been in the trash for 30 days, and nothing younger', async () => {
    const { token, lamp, chair } = await catalogue();
    const fresh = await createProduct(app, token, { name: 'Fresh' });
    for (const product of [lamp, chair, fresh]) await app.rest('DELETE', `/api/products/${product.id}`, undefined, { token });
    await app.sql(`UPDATE products SET deleted_at = now() - interval '30 days 1 minute' WHERE id = $1`, [lamp.id]);
    await app.sql(`UPDATE products SET deleted_at = now() - interval '29 days 23 hours' WHERE id = $1`, [chair.id]);
    const purged = await purgeExpiredTrash(orm.em.fork());
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await app.sql('SELECT id FROM products WHERE id = $1', [lamp.id])).toEqual([]);
    expect(await movementsOf(lamp.id)).toEqual([]);
    expect((await app.rest('GET', '/api/products/trash', undefined, { token })).body.products.map((p: { name: string }) => p.name).sort()).toEqual(['Chair', 'Fresh']);
    // A day later the chair's 30 days are up too.
    expect(await purgeExpiredTrash(orm.em.fork(), new Date(Date.now() + 24 * 60 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await app.rest('GET', '/api/products/trash', undefined, { token })).body.products.map((p: { name: string }) => p.name)).toEqual(['Fresh']);
  });
});

describe('the running totals with trashed rows present', () => {
  it('always equal an aggregate over the live rows, through deletes, restores, purges and edits', async () => {
    const { account, token, lamp, chair } = await catalogue();
    const third = await createProduct(app, token, { name: 'Shelf', quantity: 0, price: 7.5, reorderLevel: 2 });
    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    await app.rest('POST', '/api/products/bulk', { action: 'delete', selection: { ids: [third.id] } }, { token });
    await app.rest('PUT', `/api/products/${chair.id}`, { quantity: 9 }, { token });
    await app.rest('POST', `/api/products/${lamp.id}/restore`, undefined, { token });
    await app.rest('DELETE', `/api/products/${third.id}?permanent=true`, undefined, { token });
    await app.rest('DELETE', `/api/products/${chair.id}`, undefined, { token });
    const [totals] = await app.sql(
      `SELECT total_products, in_stock, low_stock, reorder_due, inventory_value::text AS value FROM catalogue_stats WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)`,
      [account.user.id],
    );
    const [actual] = await app.sql(
      `SELECT count(*)::int AS total_products, count(*) FILTER (WHERE quantity > 0)::int AS in_stock,
        count(*) FILTER (WHERE quantity > 0 AND quantity <= reorder_level)::int AS low_stock, count(*) FILTER (WHERE quantity <= reorder_level)::int AS reorder_due,
        coalesce(sum(price * quantity), 0)::numeric(20,2)::text AS value
       FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND deleted_at IS NULL`,
      [account.user.id],
    );
    expect(totals).toEqual(actual);
    expect(actual).toMatchObject({ total_products: 1, reorder_due: 1 });
  });

  it('removing an account removes its trashed products with the rest of its catalogue', async () => {
    const { account, token, lamp } = await catalogue();
    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token });
    await app.sql('DELETE FROM users WHERE id = $1', [account.user.id]);
    expect(await app.sql('SELECT id FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)', [account.user.id])).toEqual([]);
    expect(await movementsOf(lamp.id)).toEqual([]);
  });
});
