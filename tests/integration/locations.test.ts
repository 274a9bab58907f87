import { LocationMessages, WORKSPACE_HEADER, type WorkspaceRole } from '@stockroom/schema';
import { PRODUCT_FIELDS, createProduct, expectGqlError, expectRestError } from '../support/products';
import { Client } from 'pg';
import { logStatements } from '../support/statement-log';
import { signUpUser, startTestApp, type GraphQLAnswer, type HttpAnswer, type TestApp } from '../support/test-app';

/**
 * Locations (a tree per workspace, a default "Main" in each) and stock per
 * location: levels, adjust and count at a place, transfers. Every write goes
 * through both transports; the ledger check runs after each scenario.
 */

const LOCATION_FIELDS = 'id name code parentId path isDefault';
const LOCATIONS = `query Locations { locations { ${LOCATION_FIELDS} itemCount stockValue } }`;
const CREATE_LOCATION = `mutation CreateLocation($input: CreateLocationInput!) { createLocation(input: $input) { ${LOCATION_FIELDS} } }`;
const UPDATE_LOCATION = `mutation UpdateLocation($id: ID!, $input: UpdateLocationInput!) { updateLocation(id: $id, input: $input) { ${LOCATION_FIELDS} } }`;
const DELETE_LOCATION = `mutation DeleteLocation($id: ID!) { deleteLocation(id: $id) }`;
const PRODUCT_STOCK = `query ProductStock($id: ID!) { productStock(id: $id) { total levels { location { id name path } quantity } } }`;
const MOVEMENT_FIELDS = 'id delta quantityAfter reason note location { id name } transferId';
const TRANSFER = `mutation Transfer($id: ID!, $from: ID!, $to: ID!, $quantity: Int!, $note: String) {
  transferStock(id: $id, fromLocationId: $from, toLocationId: $to, quantity: $quantity, note: $note) { product { ${PRODUCT_FIELDS} } movements { ${MOVEMENT_FIELDS} } } }`;
const TRANSFER_BATCH = `mutation TransferBatch($input: StockTransferBatchInput!) { transferStockBatch(input: $input) { transferId movements { productId ${MOVEMENT_FIELDS} } } }`;
const ADJUST = `mutation Adjust($id: ID!, $delta: Int!, $locationId: ID) { adjustStock(id: $id, delta: $delta, locationId: $locationId) { id quantity } }`;
const COUNT = `mutation Count($id: ID!, $quantity: Int!, $locationId: ID) { countStock(id: $id, quantity: $quantity, locationId: $locationId) { id quantity version } }`;

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUpUser>>;
let stranger: Awaited<ReturnType<typeof signUpUser>>;
beforeAll(async () => {
  app = await startTestApp();
  owner = await signUpUser(app, { firstName: 'Olga' });
  stranger = await signUpUser(app, { firstName: 'Eve' });
});
afterAll(() => app?.close());

const as = (token: string, workspaceId?: string) => ({ token, ...(workspaceId ? { headers: { [WORKSPACE_HEADER]: workspaceId } } : {}) });

/**
 * The ledger at stock level: every (product, location) level equals the sum
 * of the product's movements there, every product's quantity the sum of its
 * levels, and no level is below 0. Over the whole database.
 */
async function brokenLevels(): Promise<unknown[]> {
  return app.sql(`
    SELECT 'level' AS what, s.product_id, s.location_id, s.quantity,
      (SELECT coalesce(sum(delta), 0) FROM stock_movements AS m WHERE m.product_id = s.product_id AND m.location_id = s.location_id)::int AS summed
    FROM stock_levels AS s
    WHERE s.quantity <> (SELECT coalesce(sum(delta), 0) FROM stock_movements AS m WHERE m.product_id = s.product_id AND m.location_id = s.location_id) OR s.quantity < 0
    UNION ALL
    SELECT 'product', p.id, NULL, p.quantity, (SELECT coalesce(sum(quantity), 0) FROM stock_levels AS s WHERE s.product_id = p.id)::int
    FROM products AS p WHERE p.quantity <> (SELECT coalesce(sum(quantity), 0) FROM stock_levels AS s WHERE s.product_id = p.id)
    UNION ALL
    SELECT 'movement without level', m.product_id, m.location_id, NULL, sum(m.delta)::int FROM stock_movements AS m
    WHERE m.location_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stock_levels AS s WHERE s.product_id = m.product_id AND s.location_id = m.location_id)
    GROUP BY m.product_id, m.location_id HAVING sum(m.delta) <> 0`);
}
afterEach(async () => {
  expect(await brokenLevels()).toEqual([]);
});

async function locationsOf(token: string, workspaceId?: string) {
  const answer = await app.rest('GET', '/api/locations', undefined, as(token, workspaceId));
  expect(answer.status).toBe(200);
  return answer.body.locations as Array<{ id: string; name: string; code: string | null; parentId: string | null; path: string; isDefault: boolean; itemCount: number; stockValue: number }>;
}
const mainOf = async (token: string, workspaceId?: string) => (await locationsOf(token, workspaceId)).find((location) => location.isDefault)!;

async function newLocation(token: string, body: Record<string, unknown>, workspaceId?: string) {
  const answer = await app.rest('POST', '/api/locations', body, as(token, workspaceId));
  expect(answer.status).toBe(201);
  return answer.body.location as { id: string; name: string; path: string; parentId: string | null };
}

/**
 * A product's stock answer with each level's ledger position (the id of the newest movement there) checked
 * and left out, so a test states the places and quantities; tests/integration/stock-counts.test.ts checks the positions themselves.
 */
async function levelsOf(productId: string, token = owner.token) {
  const body = (await app.rest('GET', `/api/products/${productId}/stock`, undefined, { token })).body;
  return {
    ...body,
    levels: body.levels.map(({ ledgerPosition, ...level }: { ledgerPosition: string }) => {
      expect(ledgerPosition).toMatch(/^\d+$/);
      return level;
    }),
  };
}

describe('the default location', () => {
  it('every workspace has one "Main" from its first moment: personal at sign-up and shared ones alike', async () => {
    expect(await locationsOf(owner.token)).toEqual([{ id: expect.any(String), name: 'Main', code: null, parentId: null, path: 'Main', isDefault: true, itemCount: 0, stockValue: 0 }]);
    const shared = await app.rest('POST', '/api/workspaces', { name: 'Shop' }, { token: owner.token });
    expect(await locationsOf(owner.token, shared.body.workspace.id)).toEqual([expect.objectContaining({ name: 'Main', isDefault: true })]);
    const gql = await app.gql(LOCATIONS, {}, { token: owner.token });
    expect(gql.data.locations).toEqual(await locationsOf(owner.token));
  });

  it('a new product has its whole quantity at Main, with its INITIAL movement there', async () => {
    const main = await mainOf(owner.token);
    const product = await createProduct(app, owner.token, { quantity: 7 });
    expect(await levelsOf(product.id)).toEqual({ total: 7, levels: [{ location: { id: main.id, name: 'Main', path: 'Main' }, quantity: 7 }] });
    const [movement] = (await app.rest('GET', `/api/products/${product.id}/movements`, undefined, { token: owner.token })).body.movements;
    expect(movement).toMatchObject({ reason: 'INITIAL', delta: 7, location: { id: main.id, name: 'Main' }, transferId: null });
  });

  it('cannot be deleted', async () => {
    const main = await mainOf(owner.token);
    expectRestError(await app.rest('DELETE', `/api/locations/${main.id}`, undefined, { token: owner.token }), 409, 'CONFLICT', LocationMessages.defaultNotDeleted);
  });
});

describe('the tree of locations', () => {
  it('creates, renames and moves locations with their paths, on both transports', async () => {
    const room = await newLocation(owner.token, { name: 'Back room', code: 'BR' });
    const shelf = (await app.gql(CREATE_LOCATION, { input: { name: '  Shelf B3 ', code: 'B3', parentId: room.id } }, { token: owner.token })).data.createLocation;
    expect(shelf).toEqual({ id: expect.any(String), name: 'Shelf B3', code: 'B3', parentId: room.id, path: 'Back room / Shelf B3', isDefault: false });
    const bin = await newLocation(owner.token, { name: 'Bin 4', parentId: shelf.id });
    expect(bin.path).toBe('Back room / Shelf B3 / Bin 4');
    const renamed = await app.rest('PUT', `/api/locations/${room.id}`, { name: 'Stock room' }, { token: owner.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body.location).toMatchObject({ name: 'Stock room', code: 'BR', path: 'Stock room' });
    expect((await app.rest('GET', `/api/locations/${bin.id}`, undefined, { token: owner.token })).body.location.path).toBe('Stock room / Shelf B3 / Bin 4');
    const top = (await app.gql(UPDATE_LOCATION, { id: shelf.id, input: { parentId: null } }, { token: owner.token })).data.updateLocation;
    expect(top).toMatchObject({ parentId: null, path: 'Shelf B3' });
    const paths = (await locationsOf(owner.token)).map((location) => location.path);
    expect(paths).toEqual(expect.arrayContaining(['Main', 'Shelf B3', 'Shelf B3 / Bin 4', 'Stock room']));
  });

  it("a duplicate code (any case) is 409; a parent that is the location or below it is 400; a name of 0 or 61 characters is 400", async () => {
    const a = await newLocation(owner.token, { name: 'Van', code: 'VAN-1' });
    expectRestError(await app.rest('POST', '/api/locations', { name: 'Other van', code: 'van-1' }, { token: owner.token }), 409, 'CONFLICT', LocationMessages.duplicateCode, { code: LocationMessages.duplicateCode });
    expectGqlError(await app.gql(CREATE_LOCATION, { input: { name: 'Other van', code: ' Van-1 ' } }, { token: owner.token }), 'CONFLICT', LocationMessages.duplicateCode, { code: LocationMessages.duplicateCode });
    const b = await newLocation(owner.token, { name: 'Van shelf', parentId: a.id });
    const loop = { parentId: LocationMessages.ownDescendant };
    expectRestError(await app.rest('PUT', `/api/locations/${a.id}`, { parentId: b.id }, { token: owner.token }), 400, 'BAD_USER_INPUT', LocationMessages.ownDescendant, loop);
    expectGqlError(await app.gql(UPDATE_LOCATION, { id: a.id, input: { parentId: a.id } }, { token: owner.token }), 'BAD_USER_INPUT', LocationMessages.ownDescendant, loop);
    expect((await app.rest('POST', '/api/locations', { name: '' }, { token: owner.token })).status).toBe(400);
    expect((await app.rest('POST', '/api/locations', { name: 'x'.repeat(61) }, { token: owner.token })).status).toBe(400);
    expect((await app.rest('POST', '/api/locations', { name: 'Ok', colour: 'red' }, { token: owner.token })).status).toBe(400);
    // Another location may take the code once the first gives it up.
    expect((await app.rest('PUT', `/api/locations/${a.id}`, { code: null }, { token: owner.token })).status).toBe(200);
    expect((await app.rest('POST', '/api/locations', { name: 'New van', code: 'VAN-1' }, { token: owner.token })).status).toBe(201);
  });

  it('a location holding stock cannot be deleted (409); emptied, it can, its children move up, its movements stay', async () => {
    const main = await mainOf(owner.token);
    const shed = await newLocation(owner.token, { name: 'Shed' });
    const corner = await newLocation(owner.token, { name: 'Corner', parentId: shed.id });
    const product = await createProduct(app, owner.token, { quantity: 5 });
    expect((await app.rest('POST', `/api/products/${product.id}/transfer`, { fromLocationId: main.id, toLocationId: shed.id, quantity: 2 }, { token: owner.token })).status).toBe(200);
    expectRestError(await app.rest('DELETE', `/api/locations/${shed.id}`, undefined, { token: owner.token }), 409, 'CONFLICT', LocationMessages.holdsStock);
    expectGqlError(await app.gql(DELETE_LOCATION, { id: shed.id }, { token: owner.token }), 'CONFLICT', LocationMessages.holdsStock);
    expect((await app.rest('POST', `/api/products/${product.id}/transfer`, { fromLocationId: shed.id, toLocationId: main.id, quantity: 2 }, { token: owner.token })).status).toBe(200);
    expect((await app.gql(DELETE_LOCATION, { id: shed.id }, { token: owner.token })).data.deleteLocation).toBe(shed.id);
    expect((await app.rest('GET', `/api/locations/${corner.id}`, undefined, { token: owner.token })).body.location).toMatchObject({ parentId: null, path: 'Corner' });
    const movements = (await app.rest('GET', `/api/products/${product.id}/movements`, undefined, { token: owner.token })).body.movements;
    expect(movements).toHaveLength(5);
    expect(movements.filter((m: { location: unknown }) => m.location === null)).toHaveLength(2);
    expect(await levelsOf(product.id)).toEqual({ total: 5, levels: [{ location: { id: main.id, name: 'Main', path: 'Main' }, quantity: 5 }] });
  });

  it("another workspace's location is 404 everywhere; a malformed id is 400", async () => {
    const theirs = await mainOf(stranger.token);
    const mine = await createProduct(app, owner.token, { quantity: 3 });
    const main = await mainOf(owner.token);
    for (const [method, path, body] of [
      ['GET', `/api/locations/${theirs.id}`, undefined],
      ['PUT', `/api/locations/${theirs.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/locations/${theirs.id}`, undefined],
      ['POST', '/api/locations', { name: 'Inside theirs', parentId: theirs.id }],
      ['POST', `/api/products/${mine.id}/stock`, { delta: 1, locationId: theirs.id }],
      ['POST', `/api/products/${mine.id}/stock/count`, { quantity: 1, locationId: theirs.id }],
      ['POST', `/api/products/${mine.id}/transfer`, { fromLocationId: main.id, toLocationId: theirs.id, quantity: 1 }],
      ['POST', '/api/transfers', { fromLocationId: theirs.id, toLocationId: main.id, lines: [{ productId: mine.id, quantity: 1 }] }],
    ] as const) {
      expectRestError(await app.rest(method, path, body, { token: owner.token }), 404, 'NOT_FOUND', LocationMessages.notFound);
    }
    expectGqlError(await app.gql(ADJUST, { id: mine.id, delta: 1, locationId: theirs.id }, { token: owner.token }), 'NOT_FOUND', LocationMessages.notFound);
    expect((await app.rest('GET', '/api/locations/not-a-uuid', undefined, { token: owner.token })).status).toBe(400);
    // Their product through my locations: 404 as if it did not exist.
    const theirProduct = await createProduct(app, stranger.token, { quantity: 3 });
    expectRestError(await app.rest('GET', `/api/products/${theirProduct.id}/stock`, undefined, { token: owner.token }), 404, 'NOT_FOUND', 'Product not found');
    expectRestError(await app.rest('POST', `/api/products/${theirProduct.id}/transfer`, { fromLocationId: main.id, toLocationId: (await newLocation(owner.token, { name: 'Till' })).id, quantity: 1 }, { token: owner.token }), 404, 'NOT_FOUND', 'Product not found');
    expectRestError(
      await app.rest('POST', '/api/transfers', { fromLocationId: main.id, toLocationId: (await newLocation(owner.token, { name: 'Till 2' })).id, lines: [{ productId: theirProduct.id, quantity: 1 }] }, { token: owner.token }),
      404,
      'NOT_FOUND',
      'Product not found',
    );
    expect((await app.gql(PRODUCT_STOCK, { id: theirProduct.id }, { token: owner.token })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('stock at a location', () => {
  it('adjust and count take a location (default: Main); a sale beyond the location is refused as a sale beyond the stock is', async () => {
    const main = await mainOf(owner.token);
    const van = await newLocation(owner.token, { name: 'Delivery van' });
    const product = await createProduct(app, owner.token, { quantity: 4 });
    expect((await app.rest('POST', `/api/products/${product.id}/stock`, { delta: 6, reason: 'RECEIPT', locationId: van.id }, { token: owner.token })).body.product.quantity).toBe(10);
    expect((await app.gql(ADJUST, { id: product.id, delta: -1 }, { token: owner.token })).data.adjustStock.quantity).toBe(9);
    expect(await levelsOf(product.id)).toEqual({
      total: 9,
      levels: [
        { location: { id: van.id, name: 'Delivery van', path: 'Delivery van' }, quantity: 6 },
        { location: { id: main.id, name: 'Main', path: 'Main' }, quantity: 3 },
      ],
    });
    // 9 in all, 3 at Main: a sale of 4 there is short; a sale of 6 in the van is not.
    expectRestError(await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -4 }, { token: owner.token }), 409, 'CONFLICT', 'Insufficient stock available');
    expectGqlError(await app.gql(ADJUST, { id: product.id, delta: -7, locationId: van.id }, { token: owner.token }), 'CONFLICT', 'Insufficient stock available');
    expect((await app.gql(ADJUST, { id: product.id, delta: -6, locationId: van.id }, { token: owner.token })).data.adjustStock.quantity).toBe(3);
    expectRestError(await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -1, locationId: van.id }, { token: owner.token }), 409, 'CONFLICT', 'Product is out of stock');
    // A count at the van sets the van's level; the total moves by the difference.
    const counted = await app.rest('POST', `/api/products/${product.id}/stock/count`, { quantity: 2, locationId: van.id, note: 'Van check' }, { token: owner.token });
    expect(counted.status).toBe(200);
    expect(counted.body.product.quantity).toBe(5);
    const same = await app.gql(COUNT, { id: product.id, quantity: 2, locationId: van.id }, { token: owner.token });
    expect(same.data.countStock).toMatchObject({ quantity: 5, version: counted.body.product.version });
    expect((await app.gql(COUNT, { id: product.id, quantity: 1 }, { token: owner.token })).data.countStock.quantity).toBe(3);
    expect((await levelsOf(product.id)).levels.map((level: { quantity: number }) => level.quantity)).toEqual([2, 1]);
    const movements = (await app.rest('GET', `/api/products/${product.id}/movements?limit=3`, undefined, { token: owner.token })).body.movements;
    expect(movements.map((m: { reason: string; delta: number; location: { name: string } }) => [m.reason, m.delta, m.location.name])).toEqual([
      ['COUNT', -2, 'Main'],
      ['COUNT', 0, 'Delivery van'],
      ['COUNT', 2, 'Delivery van'],
    ]);
    expect((await app.rest('POST', `/api/products/${product.id}/stock`, { delta: 1, locationId: 'nope' }, { token: owner.token })).status).toBe(400);
  });

  it('an edit of the quantity in the form changes the level at Main; one lower than Main holds is 409 naming it', async () => {
    const main = await mainOf(owner.token);
    const van = await newLocation(owner.token, { name: 'Van two' });
    const product = await createProduct(app, owner.token, { quantity: 5 });
    await app.rest('POST', `/api/products/${product.id}/transfer`, { fromLocationId: main.id, toLocationId: van.id, quantity: 4 }, { token: owner.token });
    expect((await app.rest('PUT', `/api/products/${product.id}`, { quantity: 7 }, { token: owner.token })).status).toBe(200);
    expect((await levelsOf(product.id)).levels).toEqual([
      { location: expect.objectContaining({ name: 'Main' }), quantity: 3 },
      { location: expect.objectContaining({ name: 'Van two' }), quantity: 4 },
    ]);
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { quantity: 2 }, { token: owner.token }), 409, 'CONFLICT', LocationMessages.notEnoughAt('Main'));
  });
});

describe('transfers', () => {
  it('moves stock between two locations: two movements sharing a transfer id, the total unchanged, on both transports', async () => {
    const main = await mainOf(owner.token);
    const room = await newLocation(owner.token, { name: 'Back room' + Date.now() });
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const rest = await app.rest('POST', `/api/products/${product.id}/transfer`, { fromLocationId: main.id, toLocationId: room.id, quantity: 4, note: 'Restock' }, { token: owner.token });
    expect(rest.status).toBe(200);
    expect(Object.keys(rest.body)).toEqual(['product', 'movements']);
    expect(rest.body.product).toMatchObject({ id: product.id, quantity: 10, version: product.version });
    const [out, into] = rest.body.movements;
    expect(out).toMatchObject({ reason: 'TRANSFER_OUT', delta: -4, quantityAfter: 10, note: 'Restock', location: { id: main.id, name: 'Main' } });
    expect(into).toMatchObject({ reason: 'TRANSFER_IN', delta: 4, quantityAfter: 10, note: 'Restock', location: { id: room.id, name: room.name } });
    expect(out.transferId).toEqual(into.transferId);
    expect(out.transferId).toEqual(expect.any(String));
    const gql = await app.gql(TRANSFER, { id: product.id, from: room.id, to: main.id, quantity: 1 }, { token: owner.token });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.transferStock.product.quantity).toBe(10);
    expect(gql.data.transferStock.movements.map((m: { reason: string }) => m.reason)).toEqual(['TRANSFER_OUT', 'TRANSFER_IN']);
    expect((await app.gql(PRODUCT_STOCK, { id: product.id }, { token: owner.token })).data.productStock).toEqual(await levelsOf(product.id));
    expect((await levelsOf(product.id)).levels.map((level: { quantity: number }) => level.quantity).sort()).toEqual([3, 7]);
    // The history (and its chart) never shows a total the product did not have: both halves of each transfer leave 10.
    const history = await app.rest('GET', `/api/products/${product.id}/movements?page=1&limit=10`, undefined, { token: owner.token });
    expect(history.body.movements.map((m: { reason: string; quantityAfter: number }) => [m.reason, m.quantityAfter])).toEqual([
      ['TRANSFER_IN', 10],
      ['TRANSFER_OUT', 10],
      ['TRANSFER_IN', 10],
      ['TRANSFER_OUT', 10],
      ['INITIAL', 10],
    ]);
  });

  it('is logged once per product moved, with the quantity and both places, and the dashboard says so', async () => {
    const main = await mainOf(owner.token);
    const shelf = await newLocation(owner.token, { name: 'Shelf ' + Date.now() });
    const [pegs, rope] = [await createProduct(app, owner.token, { name: 'Tent pegs', quantity: 9 }), await createProduct(app, owner.token, { name: 'Guy rope', quantity: 5 })];
    const moved = await app.gql(TRANSFER_BATCH, { input: { fromLocationId: main.id, toLocationId: shelf.id, lines: [{ productId: pegs.id, quantity: 3 }, { productId: rope.id, quantity: 2 }] } }, { token: owner.token });
    expect(moved.errors).toBeUndefined();
    // A rename afterwards does not rewrite what happened.
    expect((await app.gql(UPDATE_LOCATION, { id: shelf.id, input: { name: 'Renamed shelf' } }, { token: owner.token })).errors).toBeUndefined();
    const entries = await app.sql(`SELECT subject_id, details FROM activity_log WHERE kind = 'stock_moved' AND subject_id = ANY($1::uuid[]) ORDER BY subject`, [[pegs.id, rope.id]]);
    expect(entries).toEqual([
      { subject_id: rope.id, details: { quantity: 2, from: 'Main', to: shelf.name } },
      { subject_id: pegs.id, details: { quantity: 3, from: 'Main', to: shelf.name } },
    ]);
    const dashboard = await app.gql(`query { dashboard { recentActivity { kind title description icon productId } } }`, {}, { token: owner.token });
    expect(dashboard.data.dashboard.recentActivity).toEqual(
      expect.arrayContaining([{ kind: 'STOCK_MOVED', title: 'Stock moved', description: `Moved 3 of “Tent pegs” from Main to ${shelf.name}`, icon: 'swap-horizontal', productId: pegs.id }]),
    );
  });

  it("not enough at the source: 409 'Not enough stock at <name>', nothing written; same place twice or a quantity of 0 is 400", async () => {
    const main = await mainOf(owner.token);
    const room = await newLocation(owner.token, { name: 'Cellar' });
    const product = await createProduct(app, owner.token, { quantity: 2 });
    const before = await app.sql('SELECT count(*)::int AS n FROM stock_movements WHERE product_id = $1', [product.id]);
    expectRestError(await app.rest('POST', `/api/products/${product.id}/transfer`, { fromLocationId: main.id, toLocationId: room.id, quantity: 3 }, { token: owner.token }), 409, 'CONFLICT', 'Not enough stock at Main');
    expectGqlError(await app.gql(TRANSFER, { id: product.id, from: room.id, to: main.id, quantity: 1 }, { token: owner.token }), 'CONFLICT', 'Not enough stock at Cellar');
    expect(await app.sql('SELECT count(*)::int AS n FROM stock_movements WHERE product_id = $1', [product.id])).toEqual(before);
    expect((await app.rest('POST', `/api/products/${product.id}/transfer`, { fromLocationId: main.id, toLocationId: main.id, quantity: 1 }, { token: owner.token })).body.message).toBe(LocationMessages.sameLocation);
    expect((await app.rest('POST', `/api/products/${product.id}/transfer`, { fromLocationId: main.id, toLocationId: room.id, quantity: 0 }, { token: owner.token })).status).toBe(400);
  });

  it('moves many products at once, all or nothing', async () => {
    const main = await mainOf(owner.token);
    const van = await newLocation(owner.token, { name: 'Van three' });
    const a = await createProduct(app, owner.token, { quantity: 5 });
    const b = await createProduct(app, owner.token, { quantity: 1 });
    const refused = await app.rest('POST', '/api/transfers', { fromLocationId: main.id, toLocationId: van.id, lines: [{ productId: a.id, quantity: 2 }, { productId: b.id, quantity: 2 }] }, { token: owner.token });
    expectRestError(refused, 409, 'CONFLICT', 'Not enough stock at Main');
    expect(await app.sql('SELECT count(*)::int AS n FROM stock_levels WHERE location_id = $1', [van.id])).toEqual([{ n: 0 }]);
    const rest = await app.rest('POST', '/api/transfers', { fromLocationId: main.id, toLocationId: van.id, lines: [{ productId: a.id, quantity: 2 }, { productId: b.id, quantity: 1 }] }, { token: owner.token });
    expect(rest.status).toBe(200);
    expect(rest.body.transferId).toEqual(expect.any(String));
    expect(rest.body.movements).toHaveLength(4);
    expect(new Set(rest.body.movements.map((m: { transferId: string }) => m.transferId))).toEqual(new Set([rest.body.transferId]));
    expect(rest.body.movements.filter((m: { productId: string }) => m.productId === b.id).map((m: { reason: string }) => m.reason)).toEqual(['TRANSFER_OUT', 'TRANSFER_IN']);
    const gql = await app.gql(TRANSFER_BATCH, { input: { fromLocationId: van.id, toLocationId: main.id, lines: [{ productId: a.id, quantity: 2 }] } }, { token: owner.token });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.transferStockBatch.movements).toHaveLength(2);
    expect((await app.rest('POST', '/api/transfers', { fromLocationId: van.id, toLocationId: main.id, lines: [] }, { token: owner.token })).body.message).toBe(LocationMessages.noLines);
    expect(
      (await app.rest('POST', '/api/transfers', { fromLocationId: van.id, toLocationId: main.id, lines: [{ productId: b.id, quantity: 1 }, { productId: b.id, quantity: 1 }] }, { token: owner.token })).body.message,
    ).toBe(LocationMessages.repeatedProduct);
  });

  it('a mixed sequence of adjust, count and transfer keeps every level the sum of its movements and every quantity the sum of its levels', async () => {
    const main = await mainOf(owner.token);
    const x = await newLocation(owner.token, { name: 'Mixed X' });
    const y = await newLocation(owner.token, { name: 'Mixed Y', parentId: x.id });
    const products = await Promise.all([createProduct(app, owner.token, { quantity: 20 }), createProduct(app, owner.token, { quantity: 8 })]);
    const places = [main.id, x.id, y.id];
    let seed = 7;
    const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const writes = Array.from({ length: 30 }, (_, i) => {
      const product = products[i % 2];
      const [from, to] = [places[next(3)], places[next(3)]];
      switch (next(3)) {
        case 0:
          return app.rest('POST', `/api/products/${product.id}/stock`, { delta: next(2) ? 3 : -2, locationId: from }, { token: owner.token });
        case 1:
          return app.rest('POST', `/api/products/${product.id}/stock/count`, { quantity: next(6), locationId: to }, { token: owner.token });
        default:
          return app.rest('POST', `/api/products/${product.id}/transfer`, { fromLocationId: from, toLocationId: from === to ? places[(places.indexOf(to) + 1) % 3] : to, quantity: 1 + next(3) }, { token: owner.token });
      }
    });
    const statuses = (await Promise.all(writes)).map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(10);
  });
});

describe('concurrent counts', () => {
  it('counts and sales at one location at once all land: each count leaves the level it found, none fails', async () => {
    const main = await mainOf(owner.token);
    const product = await createProduct(app, owner.token, { quantity: 1000 });
    const writes = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0
        ? app.rest('POST', `/api/products/${product.id}/stock/count`, { quantity: 500 + i, locationId: main.id }, { token: owner.token })
        : app.rest('POST', `/api/products/${product.id}/stock`, { delta: -1 }, { token: owner.token }),
    );
    expect((await Promise.all(writes)).map((answer) => answer.status)).toEqual(writes.map(() => 200));
    // Each COUNT movement took the level to exactly what was counted.
    const counts = await app.sql(
      `SELECT delta, (SELECT sum(delta) FROM stock_movements AS e WHERE e.product_id = m.product_id AND e.location_id = m.location_id AND e.id <= m.id)::int AS level
       FROM stock_movements AS m WHERE m.product_id = $1 AND m.reason = 'COUNT' ORDER BY m.id`,
      [product.id],
    );
    expect(counts).toHaveLength(8);
    expect(counts.map((row) => row.level).sort()).toEqual([500, 503, 506, 509, 512, 515, 518, 521].sort());
  });
});

describe('the product list by location', () => {
  it('lists the products with stock at a location or below it, each with quantityAtLocation, on both transports', async () => {
    const main = await mainOf(owner.token);
    const store = await newLocation(owner.token, { name: 'Store' });
    const shelf = await newLocation(owner.token, { name: 'Store shelf', parentId: store.id });
    const [kept, shelved, elsewhere] = await Promise.all([
      createProduct(app, owner.token, { name: 'Kept lamp', quantity: 5 }),
      createProduct(app, owner.token, { name: 'Shelved lamp', quantity: 5 }),
      createProduct(app, owner.token, { name: 'Elsewhere lamp', quantity: 5 }),
    ]);
    const move = (id: string, to: string, quantity: number) => app.rest('POST', `/api/products/${id}/transfer`, { fromLocationId: main.id, toLocationId: to, quantity }, { token: owner.token });
    await move(kept.id, store.id, 2);
    await move(shelved.id, shelf.id, 3);
    await move(shelved.id, store.id, 1);
    await move(elsewhere.id, shelf.id, 1);
    await app.rest('POST', `/api/products/${elsewhere.id}/transfer`, { fromLocationId: shelf.id, toLocationId: main.id, quantity: 1 }, { token: owner.token });

    const rest = await app.rest('GET', `/api/products?locationId=${store.id}&sortBy=name&sortOrder=asc`, undefined, { token: owner.token });
    expect(rest.status).toBe(200);
    expect(rest.body.products.map((p: { name: string; quantity: number; quantityAtLocation: number }) => [p.name, p.quantity, p.quantityAtLocation])).toEqual([
      ['Kept lamp', 5, 2],
      ['Shelved lamp', 5, 4],
    ]);
    expect(rest.body.pagination.total).toBe(2);
    const onShelf = await app.gql(`query List($query: ProductListInput) { products(query: $query) { products { name quantityAtLocation } pagination { total } } }`, { query: { locationId: shelf.id } }, { token: owner.token });
    expect(onShelf.data.products).toEqual({ products: [{ name: 'Shelved lamp', quantityAtLocation: 3 }], pagination: { total: 1 } });
    const searched = await app.rest('GET', `/api/products?locationId=${store.id}&search=shelved`, undefined, { token: owner.token });
    expect(searched.body.products.map((p: { name: string; quantityAtLocation: number }) => [p.name, p.quantityAtLocation])).toEqual([['Shelved lamp', 4]]);
    // Unfiltered, a product carries no quantityAtLocation.
    const plain = await app.gql(`query { products(query: { search: "Kept lamp" }) { products { quantityAtLocation } } }`, {}, { token: owner.token });
    expect(plain.data.products.products).toEqual([{ quantityAtLocation: null }]);
    expectRestError(await app.rest('GET', `/api/products?locationId=${(await mainOf(stranger.token)).id}`, undefined, { token: owner.token }), 404, 'NOT_FOUND', LocationMessages.notFound);
    expect((await app.rest('GET', '/api/products?locationId=shelf', undefined, { token: owner.token })).status).toBe(400);
  });
});

describe('the export by location', () => {
  it('gives one row per product and location holding some, with the path and the quantity there; rows=product stays one per product', async () => {
    const shop = (await app.rest('POST', '/api/workspaces', { name: 'Export shop' }, { token: owner.token })).body.workspace.id;
    const main = await mainOf(owner.token, shop);
    const room = await newLocation(owner.token, { name: 'Back room' }, shop);
    const shelf = await newLocation(owner.token, { name: 'Shelf B3', parentId: room.id }, shop);
    const create = async (name: string, quantity: number) =>
      (await app.rest('POST', '/api/products', { name, description: 'A lamp for the export checks', price: 3, category: 'Lamps', quantity }, as(owner.token, shop))).body.product.id as string;
    const spread = await create('Spread lamp', 6);
    await create('Empty lamp', 0);
    await app.rest('POST', `/api/products/${spread}/transfer`, { fromLocationId: main.id, toLocationId: shelf.id, quantity: 4 }, as(owner.token, shop));
    const csv = async (query: string) => {
      const response = await fetch(`${app.url}/api/products/export?${query}`, { headers: { authorization: `Bearer ${owner.token}`, [WORKSPACE_HEADER]: shop } });
      const lines = (await response.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
      return { status: response.status, header: lines[0].split(','), rows: lines.slice(1).map((line) => line.split(',')) };
    };
    const byLocation = await csv('format=csv&rows=location&sortBy=name&sortOrder=asc');
    expect(byLocation.status).toBe(200);
    expect(byLocation.header.slice(-2)).toEqual(['location', 'location_quantity']);
    const nameAt = byLocation.header.indexOf('name');
    expect(byLocation.rows.map((row) => [row[nameAt], ...row.slice(-2)])).toEqual([
      ['Empty lamp', 'Main', '0'],
      ['Spread lamp', 'Back room / Shelf B3', '4'],
      ['Spread lamp', 'Main', '2'],
    ]);
    const byProduct = await csv('format=csv');
    expect(byProduct.rows).toHaveLength(2);
    expect(byProduct.header).not.toContain('location');
    expect((await csv('format=xlsx&rows=location')).status).toBe(200);
    expect((await csv('format=csv&rows=shelf')).status).toBe(400);
  });
});

describe('roles', () => {
  const ROLES: WorkspaceRole[] = ['VIEWER', 'COUNTER', 'EDITOR', 'ADMIN', 'OWNER'];
  let shop: string;
  let main: string;
  let product: string;
  const members: Partial<Record<WorkspaceRole, string>> = {};
  beforeAll(async () => {
    shop = (await app.rest('POST', '/api/workspaces', { name: 'Role shop' }, { token: owner.token })).body.workspace.id;
    members.OWNER = owner.token;
    for (const role of ROLES.filter((r) => r !== 'OWNER')) {
      const account = await signUpUser(app, { firstName: role });
      await app.sql('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [shop, account.user.id, role]);
      members[role] = account.token;
    }
    main = (await mainOf(owner.token, shop)).id;
    product = (await app.rest('POST', '/api/products', { name: 'Role lamp', description: 'A lamp for the role checks', price: 5, category: 'Lamps', quantity: 50 }, as(owner.token, shop))).body.product.id;
  });

  it.each(ROLES)('%s: reads locations and levels; COUNTER+ moves stock; EDITOR+ manages locations', async (role) => {
    const token = members[role]!;
    const rank = ROLES.indexOf(role);
    expect((await app.rest('GET', '/api/locations', undefined, as(token, shop))).status).toBe(200);
    expect((await app.rest('GET', `/api/products/${product}/stock`, undefined, as(token, shop))).status).toBe(200);
    const created = await app.rest('POST', '/api/locations', { name: `${role} shelf` }, as(token, shop));
    expect(created.status).toBe(rank >= 2 ? 201 : 403);
    const gqlCreated = await app.gql(CREATE_LOCATION, { input: { name: `${role} gql shelf` } }, as(token, shop));
    expect(gqlCreated.errors?.[0].extensions?.code).toBe(rank >= 2 ? undefined : 'FORBIDDEN');
    const target = created.status === 201 ? created.body.location.id : (await newLocation(owner.token, { name: `${role} target` }, shop)).id;
    expect((await app.rest('PUT', `/api/locations/${target}`, { name: `${role} renamed` }, as(token, shop))).status).toBe(rank >= 2 ? 200 : 403);
    const moved = await app.rest('POST', `/api/products/${product}/transfer`, { fromLocationId: main, toLocationId: target, quantity: 1 }, as(token, shop));
    expect(moved.status).toBe(rank >= 1 ? 200 : 403);
    const batch = await app.rest('POST', '/api/transfers', { fromLocationId: main, toLocationId: target, lines: [{ productId: product, quantity: 1 }] }, as(token, shop));
    expect(batch.status).toBe(rank >= 1 ? 200 : 403);
    expect((await app.rest('POST', `/api/products/${product}/stock`, { delta: 1, locationId: target }, as(token, shop))).status).toBe(rank >= 1 ? 200 : 403);
    expect((await app.rest('POST', `/api/products/${product}/stock/count`, { quantity: 0, locationId: target }, as(token, shop))).status).toBe(rank >= 1 ? 200 : 403);
    expect((await app.gql(TRANSFER, { id: product, from: main, to: target, quantity: 1 }, as(token, shop))).errors?.[0].extensions?.code).toBe(rank >= 1 ? undefined : 'FORBIDDEN');
    if (rank >= 1) await app.rest('POST', `/api/products/${product}/stock/count`, { quantity: 0, locationId: target }, as(token, shop));
    expect((await app.rest('DELETE', `/api/locations/${target}`, undefined, as(token, shop))).status).toBe(rank >= 2 ? 200 : 403);
  });
});

describe('a location deleted while stock moves into it', () => {
  /** Resolves once `count` sessions of the test database wait on another's lock: the race is then set. */
  async function blockedSessions(count: number): Promise<void> {
    const blocked = 'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND cardinality(pg_blocking_pids(pid)) > 0';
    while ((await app.sql<{ n: number }>(blocked))[0].n < count) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** A second session, as another request's transaction would be, holding what `hold` takes until `settle` runs. */
  async function secondSession(hold: string, values: unknown[]) {
    const client = new Client({ connectionString: app.databaseUrl });
    await client.connect();
    await client.query('BEGIN');
    await client.query(hold, values);
    return {
      query: (text: string, params: unknown[]) => client.query(text, params),
      settle: async (end: 'COMMIT' | 'ROLLBACK') => {
        await client.query(end);
        await client.end();
      },
    };
  }

  const movementsOf = async (productId: string) => (await app.sql('SELECT count(*)::int AS n FROM stock_movements WHERE product_id = $1', [productId]))[0].n;

  type Answer = HttpAnswer | GraphQLAnswer;
  const writes: Array<[string, (product: string, main: string, gone: string) => Promise<Answer>]> = [
    ['REST transfer', (product, main, gone) => app.rest('POST', `/api/products/${product}/transfer`, { fromLocationId: main, toLocationId: gone, quantity: 1 }, { token: owner.token })],
    ['REST transfer of many', (product, main, gone) => app.rest('POST', '/api/transfers', { fromLocationId: main, toLocationId: gone, lines: [{ productId: product, quantity: 1 }] }, { token: owner.token })],
    ['GraphQL transfer', (product, main, gone) => app.gql(TRANSFER, { id: product, from: main, to: gone, quantity: 1 }, { token: owner.token })],
    ['GraphQL transfer of many', (product, main, gone) => app.gql(TRANSFER_BATCH, { input: { fromLocationId: main, toLocationId: gone, lines: [{ productId: product, quantity: 1 }] } }, { token: owner.token })],
    ['REST adjust', (product, _main, gone) => app.rest('POST', `/api/products/${product}/stock`, { delta: 2, locationId: gone }, { token: owner.token })],
    ['GraphQL adjust', (product, _main, gone) => app.gql(ADJUST, { id: product, delta: 2, locationId: gone }, { token: owner.token })],
    ['REST count', (product, _main, gone) => app.rest('POST', `/api/products/${product}/stock/count`, { quantity: 3, locationId: gone }, { token: owner.token })],
    ['GraphQL count', (product, _main, gone) => app.gql(COUNT, { id: product, quantity: 3, locationId: gone }, { token: owner.token })],
  ];

  const expectLocationNotFound = (answer: Answer) =>
    'headers' in answer ? expectRestError(answer, 404, 'NOT_FOUND', LocationMessages.notFound) : expectGqlError(answer, 'NOT_FOUND', LocationMessages.notFound);

  it.each(writes)("%s into a location whose delete commits while the write waits on it: 'Location not found', nothing written", async (_name, write) => {
    const main = await mainOf(owner.token);
    const gone = await newLocation(owner.token, { name: 'Going' });
    const product = await createProduct(app, owner.token, { quantity: 5 });
    const before = await movementsOf(product.id);
    // The delete has run and holds the row until it commits; the write's statement still sees the location.
    const deleter = await secondSession('DELETE FROM locations WHERE id = $1', [gone.id]);
    const answer = write(product.id, main.id, gone.id);
    await blockedSessions(1);
    await deleter.settle('COMMIT');
    expectLocationNotFound(await answer);
    expect(await movementsOf(product.id)).toBe(before);
    expect(await levelsOf(product.id)).toEqual({ total: 5, levels: [{ location: { id: main.id, name: 'Main', path: 'Main' }, quantity: 5 }] });
  });

  it("a write that found its location, then waited for the product while the location was deleted: 'Location not found', nothing written", async () => {
    const main = await mainOf(owner.token);
    const gone = await newLocation(owner.token, { name: 'Going too' });
    const product = await createProduct(app, owner.token, { quantity: 5 });
    const before = await movementsOf(product.id);
    // Another write holds the product; the transfer checks its locations, then waits for the product.
    const other = await secondSession('SELECT id FROM products WHERE id = $1 FOR UPDATE', [product.id]);
    const answer = app.rest('POST', `/api/products/${product.id}/transfer`, { fromLocationId: main.id, toLocationId: gone.id, quantity: 1 }, { token: owner.token });
    await blockedSessions(1);
    await other.query('DELETE FROM locations WHERE id = $1', [gone.id]);
    await other.settle('COMMIT');
    expectRestError(await answer, 404, 'NOT_FOUND', LocationMessages.notFound);
    expect(await movementsOf(product.id)).toBe(before);
  });

  it('a delete that waits for a transfer into the location sees its stock: 409, and the stock stays there', async () => {
    const main = await mainOf(owner.token);
    const shelf = await newLocation(owner.token, { name: 'Filling' });
    const product = await createProduct(app, owner.token, { quantity: 5 });
    const [{ workspaceId }] = await app.sql('SELECT workspace_id AS "workspaceId" FROM products WHERE id = $1', [product.id]);
    // The workspace's totals are held: the transfer writes its levels and movements, then waits to update them.
    const totals = await secondSession('SELECT 1 FROM catalogue_stats WHERE workspace_id = $1 FOR UPDATE', [workspaceId]);
    const moved = app.rest('POST', `/api/products/${product.id}/transfer`, { fromLocationId: main.id, toLocationId: shelf.id, quantity: 2 }, { token: owner.token });
    await blockedSessions(1);
    const deleted = app.rest('DELETE', `/api/locations/${shelf.id}`, undefined, { token: owner.token });
    await blockedSessions(2);
    await totals.settle('ROLLBACK');
    expect((await moved).status).toBe(200);
    expectRestError(await deleted, 409, 'CONFLICT', LocationMessages.holdsStock);
    expect((await levelsOf(product.id)).levels).toEqual([
      { location: { id: shelf.id, name: 'Filling', path: 'Filling' }, quantity: 2 },
      { location: { id: main.id, name: 'Main', path: 'Main' }, quantity: 3 },
    ]);
  });
});

describe('what each location holds', () => {
  const FIGURES = `query LocationFigures($id: ID!) { locations { id itemCount stockValue } location(id: $id) { itemCount stockValue } }`;

  /** A shared workspace of `token`'s with Store > Shelf > Bin, an empty Spare, and three products moved about; C then trashed. */
  async function stockedWorkspace(token: string, name: string) {
    const shop = (await app.rest('POST', '/api/workspaces', { name }, { token })).body.workspace.id as string;
    const main = await mainOf(token, shop);
    const store = await newLocation(token, { name: 'Store' }, shop);
    const shelf = await newLocation(token, { name: 'Shelf', parentId: store.id }, shop);
    const bin = await newLocation(token, { name: 'Bin', parentId: shelf.id }, shop);
    const spare = await newLocation(token, { name: 'Spare' }, shop);
    const product = async (productName: string, price: number, quantity: number) => {
      const answer = await app.rest('POST', '/api/products', { name: productName, description: 'Stock for the location figures', price, category: 'Figures', quantity }, as(token, shop));
      expect(answer.status).toBe(201);
      return answer.body.product.id as string;
    };
    const [a, b, c] = [await product('Figure A', 2.5, 10), await product('Figure B', 4, 6), await product('Figure C', 1, 3)];
    const move = async (id: string, to: string, quantity: number) =>
      expect((await app.rest('POST', `/api/products/${id}/transfer`, { fromLocationId: main.id, toLocationId: to, quantity }, as(token, shop))).status).toBe(200);
    await move(a, shelf.id, 4);
    await move(a, bin.id, 1);
    await move(b, store.id, 6);
    await move(c, bin.id, 3);
    expect((await app.rest('DELETE', `/api/products/${c}`, undefined, as(token, shop))).status).toBeLessThan(300);
    return { shop, a, ids: { Main: main.id, Store: store.id, Shelf: shelf.id, Bin: bin.id, Spare: spare.id } };
  }

  // A: 5 at Main, 4 on the Shelf, 1 in the Bin at 2.50; B: 6 in the Store at 4.00; C (trashed): 3 in the Bin.
  const EXPECTED = {
    Main: { itemCount: 1, stockValue: 12.5 },
    Store: { itemCount: 2, stockValue: 36.5 },
    Shelf: { itemCount: 1, stockValue: 12.5 },
    Bin: { itemCount: 1, stockValue: 2.5 },
    Spare: { itemCount: 0, stockValue: 0 },
  };

  it('counts a location and its sub-locations, live products only, each product once, on both transports; another workspace never counts', async () => {
    const mine = await stockedWorkspace(owner.token, 'Figures shop');
    // The same shape in a stranger's workspace: its stock is never counted in mine, nor mine in theirs.
    const theirs = await stockedWorkspace(stranger.token, 'Other figures shop');
    for (const { shop, ids, token } of [
      { ...mine, token: owner.token },
      { ...theirs, token: stranger.token },
    ]) {
      const listed = await locationsOf(token, shop);
      expect(Object.fromEntries(listed.map((location) => [location.name, location]))).toEqual(
        Object.fromEntries(Object.entries(EXPECTED).map(([name, figures]) => [name, expect.objectContaining({ id: ids[name as keyof typeof ids], ...figures })])),
      );
      const gql = await app.gql(FIGURES, { id: ids.Store }, as(token, shop));
      expect(gql.errors).toBeUndefined();
      expect(Object.fromEntries(gql.data.locations.map((location: { id: string; itemCount: number; stockValue: number }) => [location.id, { itemCount: location.itemCount, stockValue: location.stockValue }]))).toEqual(
        Object.fromEntries(Object.entries(EXPECTED).map(([name, figures]) => [ids[name as keyof typeof ids], figures])),
      );
      expect(gql.data.location).toEqual(EXPECTED.Store);
    }
    // A sale in the Bin shows at once, up the tree.
    expect((await app.rest('POST', `/api/products/${mine.a}/stock`, { delta: -1, locationId: mine.ids.Bin }, as(owner.token, mine.shop))).status).toBe(200);
    const after = Object.fromEntries((await locationsOf(owner.token, mine.shop)).map((location) => [location.name, location]));
    expect(after.Bin).toMatchObject({ itemCount: 0, stockValue: 0 });
    expect(after.Shelf).toMatchObject({ itemCount: 1, stockValue: 10 });
    expect(after.Store).toMatchObject({ itemCount: 2, stockValue: 34 });
  });

  it('are read again after a write or a move in the tree, and only then', async () => {
    const { shop, a, ids } = await stockedWorkspace(owner.token, 'Remembered figures shop');
    const figures = async () => Object.fromEntries((await locationsOf(owner.token, shop)).map((location) => [location.name, { itemCount: location.itemCount, stockValue: location.stockValue }]));
    expect(await figures()).toEqual(EXPECTED);
    // Opened again with nothing changed: the aggregate over every level is not sent again.
    const statements = logStatements();
    try {
      const again = await statements.during(figures);
      expect(again.result).toEqual(EXPECTED);
      expect(again.statements.filter((text) => /FROM below/.test(text))).toEqual([]);
    } finally {
      statements.stop();
    }
    // A price is a write: A's stock is worth 3.00 each now.
    expect((await app.rest('PUT', `/api/products/${a}`, { price: 3 }, as(owner.token, shop))).status).toBe(200);
    expect((await figures()).Shelf).toEqual({ itemCount: 1, stockValue: 15 });
    // The Shelf (with its Bin) moves out of the Store: no product is written, and the Store no longer holds A.
    expect((await app.rest('PUT', `/api/locations/${ids.Shelf}`, { parentId: null }, as(owner.token, shop))).status).toBe(200);
    const moved = await figures();
    expect(moved.Store).toEqual({ itemCount: 1, stockValue: 24 });
    expect(moved.Shelf).toEqual({ itemCount: 1, stockValue: 15 });
  });
});
