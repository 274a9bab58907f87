import { ADJUST_STOCK, createProduct, expectGqlError, expectGqlTypeError, expectRestError, storedProduct } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Selling (negative delta) and receiving (positive) stock: one SQL statement
 * each, so concurrent sales never take a quantity below 0 nor lose an update.
 */

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = (await signUpUser(app)).token;
});
afterAll(() => app?.close());

const OUT_OF_STOCK = 'Product is out of stock';
const INSUFFICIENT = 'Insufficient stock available';

interface Outcome {
  via: 'REST' | 'GraphQL';
  ok: boolean;
  quantity?: number;
  status?: number;
  code?: string;
  message?: string;
}

/** One stock change over REST (even `n`) or GraphQL (odd `n`), as a comparable outcome. */
async function adjust(id: string, delta: number, n: number): Promise<Outcome> {
  if (n % 2 === 0) {
    const answer = await app.rest('POST', `/api/products/${id}/stock`, { delta }, { token });
    return answer.status === 200
      ? { via: 'REST', ok: true, quantity: answer.body.product.quantity }
      : { via: 'REST', ok: false, status: answer.status, code: answer.body.code, message: answer.body.message };
  }
  const answer = await app.gql(ADJUST_STOCK, { id, delta }, { token });
  return answer.errors
    ? { via: 'GraphQL', ok: false, status: answer.status, code: answer.errors[0].extensions?.code, message: answer.errors[0].message }
    : { via: 'GraphQL', ok: true, quantity: answer.data.adjustStock.quantity };
}

/** `count` concurrent changes of `delta`, half over each transport. */
const race = (id: string, delta: number, count: number) => Promise.all(Array.from({ length: count }, (_, n) => adjust(id, delta, n)));

describe('concurrent sales', () => {
  it('40 sales of one unit against a stock of 20: exactly 20 succeed, the quantity ends at 0, the rest are 409 out of stock', async () => {
    const product = await createProduct(app, token, { quantity: 20 });
    const outcomes = await race(product.id, -1, 40);
    const sold = outcomes.filter((o) => o.ok);
    const refused = outcomes.filter((o) => !o.ok);
    expect(sold).toHaveLength(20);
    // Each sale saw its own stock level: the answers are 19, 18, ... 0, each once.
    expect(sold.map((o) => o.quantity).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const outcome of refused) {
      expect(outcome).toEqual(
        outcome.via === 'REST'
          ? { via: 'REST', ok: false, status: 409, code: 'CONFLICT', message: OUT_OF_STOCK }
          : { via: 'GraphQL', ok: false, status: 200, code: 'CONFLICT', message: OUT_OF_STOCK },
      );
    }
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 0, version: 21 });
  });

  it('10 sales of 3 against a stock of 10: 3 succeed, 1 is left, the rest are 409 insufficient stock', async () => {
    const product = await createProduct(app, token, { quantity: 10 });
    const outcomes = await race(product.id, -3, 10);
    expect(outcomes.filter((o) => o.ok).map((o) => o.quantity).sort()).toEqual([1, 4, 7]);
    for (const outcome of outcomes.filter((o) => !o.ok)) expect(outcome).toMatchObject({ code: 'CONFLICT', message: INSUFFICIENT });
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 1, version: 4 });
  });

  it('30 concurrent deliveries of one unit all count (no lost update)', async () => {
    const product = await createProduct(app, token, { quantity: 0 });
    const outcomes = await race(product.id, 1, 30);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 30, version: 31 });
  });

  it('sales and deliveries racing each other: the stock is the sum of what succeeded and never negative', async () => {
    const product = await createProduct(app, token, { quantity: 5 });
    const [sales, deliveries] = await Promise.all([race(product.id, -1, 20), race(product.id, 1, 20)]);
    expect(deliveries.every((o) => o.ok)).toBe(true);
    const sold = sales.filter((o) => o.ok).length;
    // A refused sale re-reads the stock and tries again when a delivery made room; only after three lost races is a sale that
    // would now fit refused, as 'insufficient'. Either way the status is 409.
    for (const outcome of sales.filter((o) => !o.ok)) expect(outcome).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^(Product is out of stock|Insufficient stock available)$/) });
    for (const outcome of [...sales, ...deliveries].filter((o) => o.ok)) expect(outcome.quantity).toBeGreaterThanOrEqual(0);
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 5 + 20 - sold, version: 1 + 20 + sold });
  });
});

describe('single stock changes', () => {
  it('selling the last units puts the product out of stock; a delivery puts it back', async () => {
    const product = await createProduct(app, token, { quantity: 3 });
    const rest = await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -3 }, { token });
    expect(rest.status).toBe(200);
    expect(Object.keys(rest.body)).toEqual(['product']);
    expect(rest.body.product).toMatchObject({ id: product.id, quantity: 0, inStock: false, version: 2 });
    const gql = await app.gql(ADJUST_STOCK, { id: product.id, delta: 12 }, { token });
    expect(gql.data.adjustStock).toMatchObject({ id: product.id, quantity: 12, inStock: true, version: 3 });
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 12, version: 3 });
  });

  it('a sale from an empty stock is 409 Product is out of stock; nothing changes', async () => {
    const product = await createProduct(app, token, { quantity: 0 });
    expectRestError(await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -1 }, { token }), 409, 'CONFLICT', OUT_OF_STOCK);
    expectGqlError(await app.gql(ADJUST_STOCK, { id: product.id, delta: -1 }, { token }), 'CONFLICT', OUT_OF_STOCK);
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 0, version: 1 });
  });

  it('a sale larger than the stock is 409 Insufficient stock available; nothing changes', async () => {
    const product = await createProduct(app, token, { quantity: 3 });
    expectRestError(await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -5 }, { token }), 409, 'CONFLICT', INSUFFICIENT);
    expectGqlError(await app.gql(ADJUST_STOCK, { id: product.id, delta: -4 }, { token }), 'CONFLICT', INSUFFICIENT);
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 3, version: 1 });
  });

  it('receives up to exactly 100000 and refuses a unit more, on both transports', async () => {
    const product = await createProduct(app, token, { quantity: 99_990 });
    const fields = { delta: 'Quantity cannot exceed 100000' };
    expectRestError(await app.rest('POST', `/api/products/${product.id}/stock`, { delta: 11 }, { token }), 400, 'BAD_USER_INPUT', fields.delta, fields);
    expectGqlError(await app.gql(ADJUST_STOCK, { id: product.id, delta: 11 }, { token }), 'BAD_USER_INPUT', fields.delta, fields);
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 99_990, version: 1 });
    expect((await app.rest('POST', `/api/products/${product.id}/stock`, { delta: 10 }, { token })).body.product.quantity).toBe(100_000);
    expectGqlError(await app.gql(ADJUST_STOCK, { id: product.id, delta: 1 }, { token }), 'BAD_USER_INPUT', fields.delta, fields);
    expect((await app.gql(ADJUST_STOCK, { id: product.id, delta: -100_000 }, { token })).data.adjustStock.quantity).toBe(0);
    expect((await app.rest('POST', `/api/products/${product.id}/stock`, { delta: 100_000 }, { token })).body.product.quantity).toBe(100_000);
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 100_000, version: 4 });
  });
});

describe('refused deltas', () => {
  it.each([
    ['0', 0, 'Quantity change cannot be zero'],
    ['above 100000', 100_001, 'Quantity change cannot exceed 100000'],
    ['below -100000', -100_001, 'Quantity change must be at least -100000'],
  ])('delta %s: 400 on REST, BAD_USER_INPUT on GraphQL; nothing changes', async (_case, delta, message) => {
    const product = await createProduct(app, token, { quantity: 7 });
    expectRestError(await app.rest('POST', `/api/products/${product.id}/stock`, { delta }, { token }), 400, 'BAD_USER_INPUT', message, { delta: message });
    expectGqlError(await app.gql(ADJUST_STOCK, { id: product.id, delta }, { token }), 'BAD_USER_INPUT', message, { delta: message });
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 7, version: 1 });
  });

  it.each([
    ['fractional', { delta: 1.5 }, 'Quantity change must be a whole number', /Int cannot represent non-integer value: 1.5/],
    ['text', { delta: 'many' }, 'Quantity change must be a number', /Int cannot represent non-integer value: "many"/],
    // A JSON body carries numbers as numbers: a numeric string is a client's bug, as GraphQL's Int says too.
    ['numeric text', { delta: '1' }, 'Quantity change must be a number', /Int cannot represent non-integer value: "1"/],
    ['missing', {}, 'Quantity change is required', /Variable "\$delta" of required type "Int!" was not provided/],
    ['null', { delta: null }, 'Quantity change is required', /Variable "\$delta" of non-null type "Int!" must not be null/],
  ])('a %s delta: REST gets the rule, GraphQL its type check; nothing changes', async (_case, body, message, graphqlMessage) => {
    const product = await createProduct(app, token, { quantity: 7 });
    expectRestError(await app.rest('POST', `/api/products/${product.id}/stock`, body, { token }), 400, 'BAD_USER_INPUT', message, { delta: message });
    expectGqlTypeError(await app.gql(ADJUST_STOCK, { id: product.id, ...body }, { token }), graphqlMessage);
    expect(await storedProduct(app, product.id)).toMatchObject({ quantity: 7, version: 1 });
  });
});
