import { MikroORM } from '@mikro-orm/postgresql';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyMessages, WORKSPACE_HEADER } from '@stockroom/schema';
import { Client } from 'pg';
import { ormConfig } from '../../backend/src/app/orm-config';
import { purgeExpiredIdempotencyKeys } from '../../backend/src/idempotency/exactly-once';
import { adjustStockStatement } from '../../backend/src/stock/stock.queries';
import { createProduct, productInput, toPg } from '../support/products';
import { logStatements } from '../support/statement-log';
import { brokenLedgers, brokenLevels } from '../support/stock-ledger';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Exactly-once stock writes: every REST POST that records stock takes an
 * Idempotency-Key header, every such GraphQL mutation an idempotencyKey
 * argument. The same key and request answer the first answer again and
 * write nothing; another request with the key is a 422; a repeat sent while
 * the first runs waits for it; keys are kept per caller and workspace.
 */

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUpUser>>;
let orm: MikroORM;
let main: string;
let room: string;
beforeAll(async () => {
  app = await startTestApp();
  orm = await MikroORM.init(ormConfig(app.databaseUrl));
  owner = await signUpUser(app, { firstName: 'Olga' });
  main = (await app.rest('GET', '/api/locations', undefined, { token: owner.token })).body.locations[0].id;
  room = (await app.rest('POST', '/api/locations', { name: 'Back room' }, { token: owner.token })).body.location.id;
});
afterAll(async () => {
  await orm?.close();
  await app?.close();
});
afterEach(async () => {
  expect(await brokenLedgers(app)).toEqual([]);
  expect(await brokenLevels(app)).toEqual([]);
});

let keys = 0;
const newKey = () => `key-${process.pid}-${Date.now()}-${++keys}`;
const keyed = (key: string, token = owner.token, workspace?: string) => ({ token, headers: { [IDEMPOTENCY_KEY_HEADER]: key, ...(workspace ? { [WORKSPACE_HEADER]: workspace } : {}) } });
const movementsOf = async (productId: string) => (await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM stock_movements WHERE product_id = $1', [productId]))[0].n;
const quantityOf = async (productId: string) => (await app.sql<{ quantity: number }>('SELECT quantity FROM products WHERE id = $1', [productId]))[0].quantity;

const ADJUST = `mutation ($id: ID!, $delta: Int!, $key: String) { adjustStock(id: $id, delta: $delta, idempotencyKey: $key) { id quantity version updatedAt } }`;

describe('over REST', () => {
  it('the same key and body answer the first answer again (status and body) and write one movement only; another body is 422', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const key = newKey();
    const first = await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -3, note: 'Till 2' }, keyed(key));
    expect(first.status).toBe(200);
    const again = await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -3, note: 'Till 2' }, keyed(key));
    expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
    // The very body, its keys in the same order.
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
    expect(await movementsOf(product.id)).toBe(2);
    expect(await quantityOf(product.id)).toBe(7);

    const other = await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -4, note: 'Till 2' }, keyed(key));
    expect({ status: other.status, body: other.body }).toEqual({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED', message: IdempotencyMessages.reused } });
    expect(await quantityOf(product.id)).toBe(7);
    // The key is kept with the caller, the workspace, a hash of the request and the answer.
    const [stored] = await app.sql('SELECT user_id, workspace_id, request_hash, answer IS NOT NULL AS answered FROM idempotency_keys WHERE key = $1', [key]);
    expect(stored).toEqual({ user_id: owner.user.id, workspace_id: owner.workspaceId, request_hash: expect.stringMatching(/^[0-9a-f]{64}$/), answered: true });
  });

  type KeyedRequest = (productId: string) => [path: string, body: Record<string, unknown>];
  it.each<[string, number, KeyedRequest]>([
    ['a count', 1, (id) => [`/api/products/${id}/stock/count`, { quantity: 4, locationId: null }]],
    ['a transfer', 2, (id) => [`/api/products/${id}/transfer`, { fromLocationId: main, toLocationId: room, quantity: 2 }]],
    ['a transfer of many', 2, (id) => ['/api/transfers', { fromLocationId: main, toLocationId: room, lines: [{ productId: id, quantity: 2 }] }]],
  ])('%s with a key is written once however often it is sent (%i movements a write)', async (_name, perWrite, requestOf) => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const [path, body] = requestOf(product.id);
    const key = newKey();
    const answers = [];
    for (let n = 0; n < 3; n++) answers.push(await app.rest('POST', path, body, keyed(key)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[2].body).toEqual(answers[0].body);
    expect(await movementsOf(product.id)).toBe(1 + perWrite);
    // Another key is another request.
    expect((await app.rest('POST', path, body, keyed(newKey()))).status).toBe(200);
    expect(await movementsOf(product.id)).toBe(1 + 2 * perWrite);
  });

  it('a stock count line with a key is recorded once, answered 201 again', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const count = (await app.rest('POST', '/api/stock-counts', {}, { token: owner.token })).body.stockCount;
    const key = newKey();
    const body = { productId: product.id, quantity: 9, ledgerPosition: '0', countedAt: '2026-01-01T10:00:00Z' };
    const first = await app.rest('POST', `/api/stock-counts/${count.id}/lines`, body, keyed(key));
    const again = await app.rest('POST', `/api/stock-counts/${count.id}/lines`, body, keyed(key));
    expect(first.status).toBe(201);
    expect({ status: again.status, body: again.body }).toEqual({ status: 201, body: first.body });
    expect((await app.rest('GET', `/api/stock-counts/${count.id}`, undefined, { token: owner.token })).body.lines).toHaveLength(1);
    expect((await app.rest('POST', `/api/stock-counts/${count.id}/lines`, { ...body, quantity: 8 }, keyed(key))).status).toBe(422);
  });

  it('a request that fails keeps no key: sent again with the key, it is tried again', async () => {
    const product = await createProduct(app, owner.token, { quantity: 2 });
    const key = newKey();
    expect((await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -5 }, keyed(key))).status).toBe(409);
    expect((await app.rest('POST', `/api/products/${product.id}/stock`, { delta: 5 }, keyed(key))).status).toBe(200);
    expect(await quantityOf(product.id)).toBe(7);
  });

  it('a key is 1 to 255 visible ASCII characters; the quoted form of the draft is the same key', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    for (const bad of ['x'.repeat(256), '""', 'two words']) {
      const answer = await app.rest('POST', `/api/products/${product.id}/stock`, { delta: 1 }, keyed(bad));
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { code: 'BAD_USER_INPUT', message: IdempotencyMessages.invalidKey, fields: { idempotencyKey: IdempotencyMessages.invalidKey } } });
    }
    const key = newKey();
    const bare = await app.rest('POST', `/api/products/${product.id}/stock`, { delta: 1 }, keyed(key));
    const quoted = await app.rest('POST', `/api/products/${product.id}/stock`, { delta: 1 }, keyed(`"${key}"`));
    expect(quoted.body).toEqual(bare.body);
    expect(await quantityOf(product.id)).toBe(11);
  });
});

describe('over GraphQL', () => {
  it('idempotencyKey replays the first answer, and a request REST keyed is the same request', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const key = newKey();
    const first = await app.gql(ADJUST, { id: product.id, delta: 2, key }, { token: owner.token });
    const again = await app.gql(ADJUST, { id: product.id, delta: 2, key }, { token: owner.token });
    expect(first.errors).toBeUndefined();
    expect(again).toEqual(first);
    const rest = await app.rest('POST', `/api/products/${product.id}/stock`, { delta: 2 }, keyed(key));
    expect(rest.body.product).toMatchObject(first.data.adjustStock);
    expect(await quantityOf(product.id)).toBe(12);
    const other = await app.gql(ADJUST, { id: product.id, delta: 3, key }, { token: owner.token });
    expect(other.errors?.[0]).toMatchObject({ message: IdempotencyMessages.reused, extensions: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await quantityOf(product.id)).toBe(12);
  });
});

describe('over GraphQL, a stock count line', () => {
  it('with an idempotencyKey is recorded once; the same key with another line is IDEMPOTENCY_KEY_REUSED', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const count = (await app.rest('POST', '/api/stock-counts', {}, { token: owner.token })).body.stockCount;
    const ADD = `mutation ($countId: ID!, $input: StockCountLineInput!, $key: String) { addStockCountLine(countId: $countId, input: $input, idempotencyKey: $key) { id quantity countedAt } }`;
    const key = newKey();
    const input = { productId: product.id, quantity: 3, ledgerPosition: '0' };
    const first = await app.gql(ADD, { countId: count.id, input, key }, { token: owner.token });
    const again = await app.gql(ADD, { countId: count.id, input, key }, { token: owner.token });
    expect(first.errors).toBeUndefined();
    expect(again).toEqual(first);
    const other = await app.gql(ADD, { countId: count.id, input: { ...input, quantity: 4 }, key }, { token: owner.token });
    expect(other.errors?.[0].extensions?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await app.rest('GET', `/api/stock-counts/${count.id}`, undefined, { token: owner.token })).body.lines).toHaveLength(1);
  });
});

describe('keys', () => {
  it('of another caller or another workspace never meet: the same key writes for each', async () => {
    const shop = (await app.rest('POST', '/api/workspaces', { name: 'Key shop' }, { token: owner.token })).body.workspace.id;
    const colleague = await signUpUser(app, { firstName: 'Colin' });
    await app.sql(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'COUNTER')`, [shop, colleague.user.id]);
    const product = (await app.rest('POST', '/api/products', { name: 'Shared lamp', description: 'A lamp the whole shop sells', price: 4, category: 'Lamps', quantity: 10 }, { token: owner.token, headers: { [WORKSPACE_HEADER]: shop } })).body.product;
    const key = newKey();
    expect((await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -1 }, keyed(key, owner.token, shop))).status).toBe(200);
    expect((await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -1 }, keyed(key, colleague.token, shop))).status).toBe(200);
    expect(await quantityOf(product.id)).toBe(8);
    // The same caller and key in their personal workspace.
    const mine = await createProduct(app, owner.token, { quantity: 10 });
    expect((await app.rest('POST', `/api/products/${mine.id}/stock`, { delta: -1 }, keyed(key))).status).toBe(200);
    expect(await quantityOf(mine.id)).toBe(9);
  });

  it('two requests with one key at the same moment write once: the second waits for the first and is answered as a repeat', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const key = newKey();
    const holder = new Client({ connectionString: app.databaseUrl });
    await holder.connect();
    try {
      // Hold the product so the first request stops after claiming its key, with its transaction open.
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [product.id]);
      const sent = [1, 2, 3].map(() => app.rest('POST', `/api/products/${product.id}/stock`, { delta: -1 }, keyed(key)));
      await blockedSessions(3);
      await holder.query('COMMIT');
      const answers = await Promise.all(sent);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    } finally {
      await holder.end();
    }
    expect(await quantityOf(product.id)).toBe(9);
    expect(await movementsOf(product.id)).toBe(2);
  });

  it('a keyed count whose level went stale while it waited for the product counts again: the sale stays, the count sets the level, once', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const key = newKey();
    const count = () => app.rest('POST', `/api/products/${product.id}/stock/count`, { quantity: 7, locationId: main }, keyed(key));
    const holder = new Client({ connectionString: app.databaseUrl });
    await holder.connect();
    try {
      // A sale at the till holds the product while the count reads the level it is about to replace.
      await holder.query('BEGIN');
      await holder.query(toPg(adjustStockStatement(product.id, owner.workspaceId, -2, { min: 0, max: 1_000_000 }, { reason: 'SALE' }, owner.user.id, main)));
      const counted = count();
      await blockedSessions(1);
      await holder.query('COMMIT');
      const answer = await counted;
      expect(answer.status).toBe(200);
      expect(answer.body.product.quantity).toBe(7);
    } finally {
      await holder.end();
    }
    const again = await count();
    expect(again.status).toBe(200);
    expect(again.body.product.quantity).toBe(7);
    // Its first stock, the sale, and one count (7 against the 8 the sale left).
    const deltas = await app.sql<{ delta: number; reason: string }>('SELECT delta, reason FROM stock_movements WHERE product_id = $1 ORDER BY id', [product.id]);
    expect(deltas.map((row) => [row.reason, row.delta])).toEqual([['INITIAL', 10], ['SALE', -2], ['COUNT', -1]]);
  });

  it('a keyed sale costs its key, its write and its answer, without a savepoint per statement', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const statements = logStatements();
    try {
      const { result, statements: sent } = await statements.during(() => app.rest('POST', `/api/products/${product.id}/stock`, { delta: -1 }, keyed(newKey())));
      expect(result.status).toBe(200);
      expect(sent.filter((sql) => /savepoint/i.test(sql))).toEqual([]);
      expect(sent.filter((sql) => /idempotency_keys/.test(sql))).toHaveLength(2);
    } finally {
      statements.stop();
    }
  });

  it('a new product, a sale, a count and a transfer send their write as a prepared statement, keyed or not', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const UPDATE = /^\s*(WITH[\s\S]*)?UPDATE products\b/;
    const writes: Array<[name: string, path: string, body: Record<string, unknown>, status: number, write: RegExp]> = [
      ['new product', '/api/products', productInput(), 201, /^\s*INSERT INTO products\b/],
      ['sale', `/api/products/${product.id}/stock`, { delta: -1, reason: 'SALE' }, 200, UPDATE],
      ['count', `/api/products/${product.id}/stock/count`, { quantity: 8 }, 200, UPDATE],
      ['transfer', `/api/products/${product.id}/transfer`, { fromLocationId: main, toLocationId: room, quantity: 1 }, 200, UPDATE],
    ];
    const statements = logStatements();
    try {
      for (const [name, path, body, status, write] of writes) {
        for (const options of [{ token: owner.token }, keyed(newKey())]) {
          const { result, prepared } = await statements.during(() => app.rest('POST', path, body, options));
          expect([name, result.status]).toEqual([name, status]);
          // Parsed and planned once per connection, not on every write.
          expect([name, prepared.filter((sql) => write.test(sql))]).toEqual([name, [expect.any(String)]]);
        }
      }
    } finally {
      statements.stop();
    }
  });

  it(`are purged by housekeeping after the retention; one past it and not yet purged is a new request`, async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const [old, stale] = [newKey(), newKey()];
    expect((await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -1 }, keyed(old))).status).toBe(200);
    expect((await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -1 }, keyed(stale))).status).toBe(200);
    await app.sql(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ANY($1)`, [[old, stale]]);
    expect((await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -2 }, keyed(stale))).status).toBe(200);
    expect(await purgeExpiredIdempotencyKeys(orm.em.fork())).toBeGreaterThanOrEqual(1);
    expect((await app.sql('SELECT key FROM idempotency_keys WHERE key = ANY($1)', [[old, stale]])).map((row) => row.key)).toEqual([stale]);
    expect(await quantityOf(product.id)).toBe(6);
  });
});

/** Resolves once `count` sessions of the test database wait on another's lock. */
async function blockedSessions(count: number): Promise<void> {
  const blocked = 'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND cardinality(pg_blocking_pids(pid)) > 0';
  while ((await app.sql<{ n: number }>(blocked))[0].n < count) await new Promise((resolve) => setTimeout(resolve, 20));
}
