import { AuthMessages, GeneralMessages, IDEMPOTENCY_KEY_HEADER, IdempotencyMessages, ProductMessages, STOCK_CHANGES_MAX, StockChangeMessages, StockCountMessages, WORKSPACE_HEADER } from '@stockroom/schema';
import { createProduct } from '../support/products';
import { brokenLedgers, brokenLevels } from '../support/stock-ledger';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Many stock writes in one request (POST /api/stock-changes), as the offline
 * client replays its queue: each change runs in order as its own POST would
 * (same rules, roles, workspace and idempotency keys) and is answered done or
 * refused on its own; the list and the caller are checked for the whole request.
 */

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUpUser>>;
let eve: Awaited<ReturnType<typeof signUpUser>>;
beforeAll(async () => {
  app = await startTestApp();
  owner = await signUpUser(app, { firstName: 'Olga' });
  eve = await signUpUser(app, { firstName: 'Eve' });
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await brokenLedgers(app)).toEqual([]);
  expect(await brokenLevels(app)).toEqual([]);
});

let keys = 0;
const newKey = () => `change-${process.pid}-${Date.now()}-${++keys}`;
const adjust = (productId: string, body: Record<string, unknown>, idempotencyKey = newKey()) => ({ action: 'adjustStock', idempotencyKey, productId, body });
const count = (productId: string, body: Record<string, unknown>, idempotencyKey = newKey()) => ({ action: 'countStock', idempotencyKey, productId, body });
const line = (stockCountId: string, body: Record<string, unknown>, idempotencyKey = newKey()) => ({ action: 'addStockCountLine', idempotencyKey, stockCountId, body });
const replay = (changes: unknown, token = owner.token, headers: Record<string, string> = {}) => app.rest('POST', '/api/stock-changes', { changes }, { token, headers });
const quantityOf = async (productId: string) => (await app.sql<{ quantity: number }>('SELECT quantity FROM products WHERE id = $1', [productId]))[0].quantity;
const movementsOf = async (productId: string) => (await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM stock_movements WHERE product_id = $1', [productId]))[0].n;
const openCount = async (token = owner.token) => (await app.rest('POST', '/api/stock-counts', {}, { token })).body.stockCount.id as string;
const refusal = (status: number, code: string, message: string, fields?: Record<string, string>) => ({
  outcome: 'refused',
  status,
  answer: { code, message, ...(fields && { fields }) },
});

it('runs the changes in order, each answered as its own POST answers, in one request counted once against the rate limit', async () => {
  const product = await createProduct(app, owner.token, { quantity: 10 });
  const countId = await openCount();
  const changes = [
    adjust(product.id, { delta: -3, reason: 'sale', note: 'Till 2' }),
    count(product.id, { quantity: 20 }),
    adjust(product.id, { delta: -4 }),
    line(countId, { productId: product.id, quantity: 16, ledgerPosition: '0', countedAt: '2026-01-01T10:00:00Z' }),
  ];
  const before = await app.rest('GET', '/api/stock-counts', undefined, { token: owner.token });
  const answer = await replay(changes);
  expect(answer.status).toBe(200);
  const { results } = answer.body;
  expect(results.map((result: { outcome: string; status: number }) => [result.outcome, result.status])).toEqual([['done', 200], ['done', 200], ['done', 200], ['done', 201]]);
  expect(results.map((result: { idempotencyKey: string }) => result.idempotencyKey)).toEqual(changes.map((change) => change.idempotencyKey));
  // Order: a sale to 7, a count to 20, a sale to 16.
  expect(results.map((result: { answer: { product?: { quantity: number } } }) => result.answer.product?.quantity)).toEqual([7, 20, 16, undefined]);
  expect(results[3].answer.line).toMatchObject({ productId: product.id, quantity: 16, status: 'PENDING' });
  expect(await quantityOf(product.id)).toBe(16);

  // Each answer is its own POST's: the adjustment's key sent there answers the very body the batch gave.
  const single = await app.rest('POST', `/api/products/${product.id}/stock`, changes[0].body, { token: owner.token, headers: { [IDEMPOTENCY_KEY_HEADER]: changes[0].idempotencyKey } });
  expect({ status: single.status, body: single.body }).toEqual({ status: 200, body: results[0].answer });

  // Four changes, one request: the budget moved by the batch alone (the GET after it is one more).
  const after = await app.rest('GET', '/api/stock-counts', undefined, { token: owner.token });
  const remaining = (headers: Headers) => Number(headers.get('RateLimit-Remaining'));
  expect(remaining(before.headers) - remaining(after.headers)).toBe(3);
});

it('a refused change is answered refused with its POST\'s status and message, and the changes after it still run', async () => {
  const product = await createProduct(app, owner.token, { quantity: 2 });
  const closed = await openCount();
  expect((await app.rest('POST', `/api/stock-counts/${closed}/cancel`, undefined, { token: owner.token })).status).toBe(200);
  const missing = '00000000-0000-4000-8000-000000000000';
  const answer = await replay([
    adjust(product.id, { delta: -5 }),
    line(closed, { productId: product.id, quantity: 1, ledgerPosition: '0' }),
    adjust(missing, { delta: 1 }),
    adjust(product.id, { delta: -2 }),
    adjust(product.id, { delta: -1 }),
  ]);
  expect(answer.status).toBe(200);
  expect(answer.body.results).toMatchObject([
    refusal(409, 'CONFLICT', ProductMessages.insufficientStock),
    refusal(409, 'CONFLICT', StockCountMessages.closed),
    refusal(404, 'NOT_FOUND', ProductMessages.notFound),
    { outcome: 'done', status: 200, answer: { product: { quantity: 0 } } },
    refusal(409, 'CONFLICT', ProductMessages.outOfStock),
  ]);
  expect(await quantityOf(product.id)).toBe(0);
  expect(await movementsOf(product.id)).toBe(2);
});

describe('exactly once, with the keys of the single POSTs', () => {
  it('the same list sent again answers as the first time and writes nothing more', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const changes = [adjust(product.id, { delta: -1 }), adjust(product.id, { delta: -50 }), count(product.id, { quantity: 4 })];
    const first = await replay(changes);
    const again = await replay(changes);
    expect(again.body).toEqual(first.body);
    expect(await quantityOf(product.id)).toBe(4);
    // The first movement, the sale and the count; the refused sale kept no key and wrote nothing.
    expect(await movementsOf(product.id)).toBe(3);
  });

  it('a key already used by a single POST answers its first answer; with another body it is refused with 422', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const key = newKey();
    const single = await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -2 }, { token: owner.token, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    const answer = await replay([adjust(product.id, { delta: -2 }, key), adjust(product.id, { delta: -3 }, key)]);
    expect(answer.body.results).toEqual([
      { idempotencyKey: key, outcome: 'done', status: 200, answer: single.body },
      { idempotencyKey: key, ...refusal(422, 'IDEMPOTENCY_KEY_REUSED', IdempotencyMessages.reused) },
    ]);
    expect(await quantityOf(product.id)).toBe(8);
  });

  it('the same key twice in one list: the second is a repeat of the first (same change) or refused (another)', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const key = newKey();
    const answer = await replay([adjust(product.id, { delta: -1 }, key), adjust(product.id, { delta: -1 }, key), count(product.id, { quantity: 1 }, key)]);
    const [first, repeat, other] = answer.body.results;
    expect(repeat).toEqual(first);
    expect(other).toMatchObject(refusal(422, 'IDEMPOTENCY_KEY_REUSED', IdempotencyMessages.reused));
    expect(await quantityOf(product.id)).toBe(9);
    expect(await movementsOf(product.id)).toBe(2);
  });
});

describe('hostile lists', () => {
  it.each<[string, unknown, string]>([
    ['not a list', { adjust: 1 }, StockChangeMessages.notAList],
    ['a string', 'changes', StockChangeMessages.notAList],
    ['null', null, StockChangeMessages.notAList],
    ['an empty list', [], StockChangeMessages.none],
  ])('%s is a 400 for the whole request', async (_name, changes, message) => {
    const answer = await replay(changes);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { code: 'BAD_USER_INPUT', message, fields: { changes: message } } });
  });

  it(`more than ${STOCK_CHANGES_MAX} changes is a 400 and writes nothing`, async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const answer = await replay(Array.from({ length: STOCK_CHANGES_MAX + 1 }, () => adjust(product.id, { delta: 1 })));
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { code: 'BAD_USER_INPUT', message: StockChangeMessages.tooMany, fields: { changes: StockChangeMessages.tooMany } } });
    expect(await movementsOf(product.id)).toBe(1);
  });

  it('an unknown field beside the list is a 400', async () => {
    const answer = await app.rest('POST', '/api/stock-changes', { changes: [], atomic: true }, { token: owner.token });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ atomic: GeneralMessages.unknownField });
  });

  it.each<[string, (productId: string) => unknown, string, string]>([
    ['not an object', () => 42, 'changes[1]', StockChangeMessages.notAChange],
    ['a list', () => ['adjustStock'], 'changes[1]', StockChangeMessages.notAChange],
    ['an unknown action', (id) => ({ action: 'deleteProduct', idempotencyKey: newKey(), productId: id, body: {} }), 'changes[1].action', StockChangeMessages.unknownAction],
    ["an object's own property as action", (id) => ({ action: 'toString', idempotencyKey: newKey(), productId: id, body: {} }), 'changes[1].action', StockChangeMessages.unknownAction],
    ['no key', (id) => ({ action: 'adjustStock', productId: id, body: { delta: 1 } }), 'changes[1].idempotencyKey', StockChangeMessages.keyRequired],
    ['a malformed key', (id) => adjust(id, { delta: 1 }, 'two words'), 'changes[1].idempotencyKey', IdempotencyMessages.invalidKey],
    ['a key of the wrong type', (id) => ({ ...adjust(id, { delta: 1 }), idempotencyKey: 7 }), 'changes[1].idempotencyKey', IdempotencyMessages.invalidKey],
    ['the id of another action', (id) => ({ ...adjust(id, { delta: 1 }), stockCountId: id }), 'changes[1].stockCountId', GeneralMessages.unknownField],
    ['a malformed id', () => adjust('not-an-id', { delta: 1 }), 'changes[1].productId', GeneralMessages.invalidId],
    ['a body that is not an object', (id) => ({ ...adjust(id, {}), body: 'delta=1' }), 'changes[1].body', StockChangeMessages.bodyNotObject],
  ])('a change of the wrong shape (%s) is a 400 naming it, and no change of the list runs', async (_name, changeOf, field, message) => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const answer = await replay([adjust(product.id, { delta: 1 }), changeOf(product.id)]);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: { code: 'BAD_USER_INPUT', message: StockChangeMessages.inChange(2, message), fields: { [field]: message } },
    });
    expect(await movementsOf(product.id)).toBe(1);
  });

  it("a body its own POST refuses (wrong types, unknown fields, broken rules) refuses that change only, in that POST's words", async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const countId = await openCount();
    const bodies: Array<[{ idempotencyKey: string; body: Record<string, unknown> }, string]> = [
      [adjust(product.id, { delta: '1' }), `/api/products/${product.id}/stock`],
      [adjust(product.id, { delta: 1, owner: 'me' }), `/api/products/${product.id}/stock`],
      [adjust(product.id, { delta: 0 }), `/api/products/${product.id}/stock`],
      [adjust(product.id, { delta: 5, reason: 'SALE' }), `/api/products/${product.id}/stock`],
      [count(product.id, { quantity: -1 }), `/api/products/${product.id}/stock/count`],
      [line(countId, { productId: product.id, quantity: 1, ledgerPosition: 'x' }), `/api/stock-counts/${countId}/lines`],
      [line(countId, { productId: product.id, quantity: 1 }), `/api/stock-counts/${countId}/lines`],
    ];
    const answer = await replay([...bodies.map(([change]) => change), adjust(product.id, { delta: 1 })]);
    expect(answer.status).toBe(200);
    const results = answer.body.results as Array<{ outcome: string; status: number; answer: unknown }>;
    for (const [n, [change, path]] of bodies.entries()) {
      const single = await app.rest('POST', path, change.body, { token: owner.token });
      expect(single.status).toBe(400);
      expect(results[n]).toEqual({ idempotencyKey: change.idempotencyKey, outcome: 'refused', status: 400, answer: single.body });
    }
    expect(results[bodies.length]).toMatchObject({ outcome: 'done', answer: { product: { quantity: 11 } } });
    expect(await movementsOf(product.id)).toBe(2);
  });

  it("another workspace's product or count is refused as its own POST refuses it, and nothing of theirs moves", async () => {
    const theirs = await createProduct(app, eve.token, { quantity: 10 });
    const theirCount = await openCount(eve.token);
    const changes = [adjust(theirs.id, { delta: -1 }), count(theirs.id, { quantity: 0 }), line(theirCount, { productId: theirs.id, quantity: 1, ledgerPosition: '0' })];
    const answer = await replay(changes);
    expect(answer.body.results).toMatchObject([
      refusal(403, 'FORBIDDEN', ProductMessages.notOwner),
      refusal(403, 'FORBIDDEN', ProductMessages.notOwner),
      refusal(404, 'NOT_FOUND', StockCountMessages.notFound),
    ]);
    const paths = [`/api/products/${theirs.id}/stock`, `/api/products/${theirs.id}/stock/count`, `/api/stock-counts/${theirCount}/lines`];
    for (const [n, path] of paths.entries()) {
      const single = await app.rest('POST', path, changes[n].body, { token: owner.token });
      expect({ status: single.status, body: single.body }).toEqual({ status: answer.body.results[n].status, body: answer.body.results[n].answer });
    }
    expect(await quantityOf(theirs.id)).toBe(10);
    expect((await app.rest('GET', `/api/stock-counts/${theirCount}`, undefined, { token: eve.token })).body.lines).toEqual([]);
  });
});

describe('the caller, checked for the whole request', () => {
  it('no token is 401; a viewer is 403; a workspace the caller is not in is 404; nothing is written', async () => {
    const product = await createProduct(app, owner.token, { quantity: 10 });
    const changes = [adjust(product.id, { delta: -1 })];
    expect((await app.rest('POST', '/api/stock-changes', { changes })).status).toBe(401);

    const shop = (await app.rest('POST', '/api/workspaces', { name: 'Replay shop' }, { token: owner.token })).body.workspace.id;
    const viewer = await signUpUser(app, { firstName: 'Vic' });
    await app.sql('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [shop, viewer.user.id, 'VIEWER']);
    const asViewer = await replay(changes, viewer.token, { [WORKSPACE_HEADER]: shop });
    expect({ status: asViewer.status, message: asViewer.body.message }).toEqual({ status: 403, message: AuthMessages.accessDenied });

    const elsewhere = await replay(changes, eve.token, { [WORKSPACE_HEADER]: shop });
    expect(elsewhere.status).toBe(404);
    expect(await quantityOf(product.id)).toBe(10);
  });
});

it('changes sent in full batches land exactly once, also when a batch is sent twice', async () => {
  const products = await Promise.all(Array.from({ length: 10 }, () => createProduct(app, owner.token, { quantity: 0 })));
  const changes = Array.from({ length: 3 * STOCK_CHANGES_MAX }, (_, n) => adjust(products[n % 10].id, { delta: 1, reason: 'RECEIPT' }));
  for (let from = 0; from < changes.length; from += STOCK_CHANGES_MAX) {
    const answer = await replay(changes.slice(from, from + STOCK_CHANGES_MAX));
    expect(answer.body.results.every((result: { outcome: string }) => result.outcome === 'done')).toBe(true);
  }
  // A lost answer: the client sends the batch again, and every change of it is answered as recorded.
  const again = await replay(changes.slice(0, STOCK_CHANGES_MAX));
  expect(again.body.results.every((result: { outcome: string }) => result.outcome === 'done')).toBe(true);
  for (const product of products) {
    expect(await quantityOf(product.id)).toBe(30);
    expect(await movementsOf(product.id)).toBe(31);
  }
});
