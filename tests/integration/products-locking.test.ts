import { ADJUST_STOCK, PRODUCT, UPDATE_PRODUCT, createProduct, expectGqlError, expectRestError, storedProduct } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Optimistic locking: an update naming the version it
 * was made against is refused with 409 / CONFLICT once the product has
 * changed, instead of silently overwriting the other change.
 */

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = (await signUpUser(app)).token;
});
afterAll(() => app?.close());

const STALE = 'This product was changed by someone else. Reload it and try again';

interface Attempt {
  name: string;
  ok: boolean;
  version?: number;
  code?: string;
  message?: string;
}

/** One edit of `name` against `version`, over REST (`via` 'REST') or GraphQL. */
async function edit(id: string, name: string, version: number, via: 'REST' | 'GraphQL'): Promise<Attempt> {
  if (via === 'REST') {
    const answer = await app.rest('PUT', `/api/products/${id}`, { name, version }, { token });
    if (answer.status === 200) return { name, ok: true, version: answer.body.product.version };
    expect(answer.status).toBe(409);
    return { name, ok: false, code: answer.body.code, message: answer.body.message };
  }
  const answer = await app.gql(UPDATE_PRODUCT, { id, input: { name, version } }, { token });
  if (!answer.errors) return { name, ok: true, version: answer.data.updateProduct.version };
  return { name, ok: false, code: answer.errors[0].extensions?.code, message: answer.errors[0].message };
}

describe('a stale version', () => {
  it('is 409 on REST and CONFLICT on GraphQL, and the newer change stays', async () => {
    const product = await createProduct(app, token, { name: 'Original', price: 10 });
    const first = await app.rest('PUT', `/api/products/${product.id}`, { name: 'First edit', version: 1 }, { token });
    expect(first.body.product).toMatchObject({ name: 'First edit', version: 2 });

    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { name: 'Late edit', price: 1, version: 1 }, { token }), 409, 'CONFLICT', STALE);
    expectGqlError(await app.gql(UPDATE_PRODUCT, { id: product.id, input: { name: 'Late edit', price: 1, version: 1 } }, { token }), 'CONFLICT', STALE);
    expect(await storedProduct(app, product.id)).toMatchObject({ name: 'First edit', price: '10.00', version: 2 });

    // Reloading and editing against the current version works.
    const current = (await app.gql(PRODUCT, { id: product.id }, { token })).data.product;
    const retry = await app.gql(UPDATE_PRODUCT, { id: product.id, input: { name: 'Late edit', version: current.version } }, { token });
    expect(retry.data.updateProduct).toMatchObject({ name: 'Late edit', version: 3 });
  });

  it('a version from the future is refused the same way', async () => {
    const product = await createProduct(app, token);
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { name: 'Ahead', version: 2 }, { token }), 409, 'CONFLICT', STALE);
    expect(await storedProduct(app, product.id)).toMatchObject({ name: product.name, version: 1 });
  });

  it('a sale after the edit form was opened makes the edit stale, so the form cannot write back the old quantity', async () => {
    const product = await createProduct(app, token, { quantity: 10 });
    const opened = (await app.rest('GET', `/api/products/${product.id}`, undefined, { token })).body.product;
    await app.gql(ADJUST_STOCK, { id: product.id, delta: -4 }, { token });
    const saved = await app.rest('PUT', `/api/products/${product.id}`, { name: 'Edited', quantity: opened.quantity, version: opened.version }, { token });
    expectRestError(saved, 409, 'CONFLICT', STALE);
    expect(await storedProduct(app, product.id)).toMatchObject({ name: product.name, quantity: 6, version: 2 });
  });
});

describe('concurrent edits of the same version: exactly one wins', () => {
  it.each([
    ['REST against REST', ['REST', 'REST']],
    ['GraphQL against GraphQL', ['GraphQL', 'GraphQL']],
    ['REST against GraphQL', ['REST', 'GraphQL']],
  ] as const)('%s, five rounds', async (_case, transports) => {
    const product = await createProduct(app, token);
    for (let round = 0; round < 5; round++) {
      const version = round + 1;
      const attempts = await Promise.all(transports.map((via, i) => edit(product.id, `Round ${round} by ${via} ${i}`, version, via)));
      const winners = attempts.filter((a) => a.ok);
      expect(winners).toHaveLength(1);
      expect(winners[0].version).toBe(version + 1);
      for (const loser of attempts.filter((a) => !a.ok)) expect(loser).toMatchObject({ code: 'CONFLICT', message: STALE });
      expect(await storedProduct(app, product.id)).toMatchObject({ name: winners[0].name, version: version + 1 });
    }
  });

  it('ten editors at once', async () => {
    const product = await createProduct(app, token);
    const attempts = await Promise.all(Array.from({ length: 10 }, (_, i) => edit(product.id, `Editor ${i}`, 1, i % 2 ? 'GraphQL' : 'REST')));
    const winners = attempts.filter((a) => a.ok);
    expect(winners).toHaveLength(1);
    for (const loser of attempts.filter((a) => !a.ok)) expect(loser).toMatchObject({ code: 'CONFLICT', message: STALE });
    expect(await storedProduct(app, product.id)).toMatchObject({ name: winners[0].name, version: 2 });
  });
});

describe('a stale version collides only on the fields it writes', () => {
  const LONG = 'A brass desk lamp with a weighted base, a linen shade and a two metre braided cable';

  it.each(['REST', 'GraphQL'] as const)('%s: a sale since the version read is no collision; the edit lands and keeps the sale', async (via) => {
    const product = await createProduct(app, token, { name: 'Desk Lamp', quantity: 10 });
    const opened = (await app.rest('GET', `/api/products/${product.id}`, undefined, { token })).body.product;
    await app.gql(ADJUST_STOCK, { id: product.id, delta: -1 }, { token });
    await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -2, reason: 'SALE' }, { token });

    const input = { name: 'Brass Desk Lamp', description: LONG, price: 45, version: opened.version };
    const saved =
      via === 'REST'
        ? await app.rest('PUT', `/api/products/${product.id}`, input, { token }).then((a) => (expect(a.status).toBe(200), a.body.product))
        : await app.gql(UPDATE_PRODUCT, { id: product.id, input }, { token }).then((a) => (expect(a.errors).toBeUndefined(), a.data.updateProduct));
    expect(saved).toMatchObject({ name: 'Brass Desk Lamp', description: LONG, price: 45, quantity: 7, version: 4 });
    expect(await storedProduct(app, product.id)).toMatchObject({ name: 'Brass Desk Lamp', quantity: 7, version: 4 });
    // The ledger still sums to the quantity: the edit wrote no movement of its own.
    const moves = await app.sql<{ reason: string }>('SELECT reason FROM stock_movements WHERE product_id = $1 ORDER BY created_at, id', [product.id]);
    expect(moves.map((m) => m.reason)).toEqual(['INITIAL', 'SALE', 'SALE']);
  });

  it.each(['REST', 'GraphQL'] as const)('%s: a rename since the version read collides with a rename: 409 / CONFLICT, and the rename stays', async (via) => {
    const product = await createProduct(app, token, { name: 'Desk Lamp', quantity: 10 });
    await app.rest('PUT', `/api/products/${product.id}`, { name: 'Reading Lamp', version: product.version }, { token });
    await app.gql(ADJUST_STOCK, { id: product.id, delta: -1 }, { token });

    const input = { name: 'Brass Desk Lamp', description: LONG, version: product.version };
    if (via === 'REST') expectRestError(await app.rest('PUT', `/api/products/${product.id}`, input, { token }), 409, 'CONFLICT', STALE);
    else expectGqlError(await app.gql(UPDATE_PRODUCT, { id: product.id, input }, { token }), 'CONFLICT', STALE);
    expect(await storedProduct(app, product.id)).toMatchObject({ name: 'Reading Lamp', description: product.description, quantity: 9, version: 3 });
  });

  it('another field changed since is no collision, nor a field changed since to the value written', async () => {
    const product = await createProduct(app, token, { name: 'Desk Lamp', price: 30 });
    await app.rest('PUT', `/api/products/${product.id}`, { price: 35, category: 'Lighting', version: 1 }, { token });
    const renamed = await app.rest('PUT', `/api/products/${product.id}`, { name: 'Brass Desk Lamp', category: 'Lighting', version: 1 }, { token });
    expect(renamed.status).toBe(200);
    expect(renamed.body.product).toMatchObject({ name: 'Brass Desk Lamp', price: 35, category: 'Lighting', version: 3 });
  });

  it('a quantity written back as it was read collides with a sale since (the stale quantity never overwrites the ledger)', async () => {
    const product = await createProduct(app, token, { quantity: 10 });
    await app.gql(ADJUST_STOCK, { id: product.id, delta: -1 }, { token });
    expectGqlError(await app.gql(UPDATE_PRODUCT, { id: product.id, input: { name: 'Edited', quantity: 10, version: 1 } }, { token }), 'CONFLICT', STALE);
    expect(await storedProduct(app, product.id)).toMatchObject({ name: product.name, quantity: 9, version: 2 });
  });

  it('a product stored before fields had versions counts every field as changed at its version then', async () => {
    const product = await createProduct(app, token, { quantity: 10 });
    await app.gql(ADJUST_STOCK, { id: product.id, delta: -1 }, { token });
    await app.sql('UPDATE products SET field_versions = NULL WHERE id = $1', [product.id]);
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { name: 'Edited', version: 1 }, { token }), 409, 'CONFLICT', STALE);
    const edited = await app.rest('PUT', `/api/products/${product.id}`, { name: 'Edited', version: 2 }, { token });
    expect(edited.body.product).toMatchObject({ name: 'Edited', quantity: 9, version: 3 });
    const [{ field_versions }] = await app.sql('SELECT field_versions FROM products WHERE id = $1', [product.id]);
    expect(field_versions).toEqual({ '*': 2, name: 3 });
  });
});
