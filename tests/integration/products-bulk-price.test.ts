import { createProduct, expectGqlError, expectRestError } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Prices changed in bulk (POST /api/products/bulk's update and
 * bulkUpdateProducts): one price for every selected product, or each moved by
 * a percentage rounded to the cent half away from zero; all or nothing when a
 * new price would leave the price's limits.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const BULK_UPDATE = `mutation BulkUpdate($selection: ProductSelectionInput!, $changes: BulkProductChangesInput!) { bulkUpdateProducts(selection: $selection, changes: $changes) { affected } }`;

const bulk = (token: string, body: unknown) => app.rest('POST', '/api/products/bulk', body, { token });

/** Each of the owner's products' price as stored, by name. */
async function prices(ownerId: string): Promise<Record<string, string>> {
  const rows = await app.sql<{ name: string; price: string }>('SELECT name, price::text AS price FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) ORDER BY name', [ownerId]);
  return Object.fromEntries(rows.map(({ name, price }) => [name, price]));
}

/** A user with Alpha (Tools, 10.00), Beta (Tools, 0.05) and Gamma (Garden, 19.99). */
async function catalogue() {
  const account = await signUpUser(app);
  const alpha = await createProduct(app, account.token, { name: 'Alpha', category: 'Tools', price: 10 });
  const beta = await createProduct(app, account.token, { name: 'Beta', category: 'Tools', price: 0.05 });
  const gamma = await createProduct(app, account.token, { name: 'Gamma', category: 'Garden', price: 19.99 });
  return { ...account, ownerId: account.user.id as string, alpha, beta, gamma };
}

describe('bulk price', () => {
  it('sets one price on the selected products over REST and GraphQL, each with its activity entry', async () => {
    const c = await catalogue();
    const rest = await bulk(c.token, { action: 'update', selection: { ids: [c.alpha.id, c.beta.id] }, changes: { price: 4.5 } });
    expect(rest.body).toEqual({ affected: 2 });
    expect(await prices(c.ownerId)).toEqual({ Alpha: '4.50', Beta: '4.50', Gamma: '19.99' });
    const gql = await app.gql(BULK_UPDATE, { selection: { ids: [c.gamma.id] }, changes: { price: 7.25 } }, { token: c.token });
    expect(gql.data).toEqual({ bulkUpdateProducts: { affected: 1 } });
    expect(await prices(c.ownerId)).toEqual({ Alpha: '4.50', Beta: '4.50', Gamma: '7.25' });
    const entries = await app.sql(`SELECT subject, details FROM activity_log WHERE user_id = $1 AND kind = 'product_updated' ORDER BY subject`, [c.ownerId]);
    expect(entries).toEqual([
      { subject: 'Alpha', details: { fields: ['price'] } },
      { subject: 'Beta', details: { fields: ['price'] } },
      { subject: 'Gamma', details: { fields: ['price'] } },
    ]);
  });

  it('moves each price by a percentage, up and down, rounded to the cent half away from zero', async () => {
    const c = await catalogue();
    // 10.00 + 10% = 11.00; 0.05 + 10% = 0.055 -> 0.06; 19.99 + 10% = 21.989 -> 21.99
    expect((await bulk(c.token, { action: 'update', selection: { filter: {} }, changes: { pricePercent: 10 } })).body).toEqual({ affected: 3 });
    expect(await prices(c.ownerId)).toEqual({ Alpha: '11.00', Beta: '0.06', Gamma: '21.99' });
    // 11.00 - 5% = 10.45; 0.06 - 5% = 0.057 -> 0.06; 21.99 - 5% = 20.8905 -> 20.89
    const gql = await app.gql(BULK_UPDATE, { selection: { filter: {} }, changes: { pricePercent: -5 } }, { token: c.token });
    expect(gql.data).toEqual({ bulkUpdateProducts: { affected: 3 } });
    expect(await prices(c.ownerId)).toEqual({ Alpha: '10.45', Beta: '0.06', Gamma: '20.89' });
    // 10.45 - 50% = 5.225 -> 5.23 (half away from zero, not to even); selected by the list's category filter
    expect((await bulk(c.token, { action: 'update', selection: { filter: { category: 'Tools' } }, changes: { pricePercent: -50 } })).body).toEqual({ affected: 2 });
    expect(await prices(c.ownerId)).toEqual({ Alpha: '5.23', Beta: '0.03', Gamma: '20.89' });
  });

  it("never touches another user's products: a filter sees only the caller's", async () => {
    const c = await catalogue();
    const other = await catalogue();
    await bulk(c.token, { action: 'update', selection: { filter: {} }, changes: { pricePercent: 100 } });
    expect(await prices(c.ownerId)).toEqual({ Alpha: '20.00', Beta: '0.10', Gamma: '39.98' });
    expect(await prices(other.ownerId)).toEqual({ Alpha: '10.00', Beta: '0.05', Gamma: '19.99' });
  });

  it('refuses a price out of its limits, both keys at once, and a percentage out of -100..1000, with field messages', async () => {
    const c = await catalogue();
    const ids = { ids: [c.alpha.id] };
    const refusals: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ price: 0 }, { price: 'Price must be at least 0.01' }],
      [{ price: -1 }, { price: 'Price must be at least 0.01' }],
      [{ price: 1000000 }, { price: 'Price cannot exceed 999999.99' }],
      [{ price: 1, pricePercent: 5 }, { pricePercent: 'Set a price or change it by a percentage, not both' }],
      [{ pricePercent: -101 }, { pricePercent: 'Price change (%) must be at least -100' }],
      [{ pricePercent: 1001 }, { pricePercent: 'Price change (%) cannot exceed 1000' }],
    ];
    for (const [changes, fields] of refusals) {
      const message = Object.values(fields)[0];
      expectRestError(await bulk(c.token, { action: 'update', selection: ids, changes }), 400, 'BAD_USER_INPUT', message, fields);
      expectGqlError(await app.gql(BULK_UPDATE, { selection: ids, changes }, { token: c.token }), 'BAD_USER_INPUT', message, fields);
    }
    expect(await prices(c.ownerId)).toEqual({ Alpha: '10.00', Beta: '0.05', Gamma: '19.99' });
  });

  it('changes no price when the percentage takes one below or above the limits', async () => {
    const c = await catalogue();
    // Beta's 0.05 - 90% = 0.005 -> 0.01 stays in; -95% gives 0.0025 -> 0.00, below the minimum.
    const low = { pricePercent: -95 };
    const tooLow = { pricePercent: 'Price must be at least 0.01' };
    expectRestError(await bulk(c.token, { action: 'update', selection: { filter: {} }, changes: low }), 400, 'BAD_USER_INPUT', tooLow.pricePercent, tooLow);
    expectGqlError(await app.gql(BULK_UPDATE, { selection: { filter: {} }, changes: low }, { token: c.token }), 'BAD_USER_INPUT', tooLow.pricePercent, tooLow);
    await bulk(c.token, { action: 'update', selection: { ids: [c.gamma.id] }, changes: { price: 999000 } });
    const tooHigh = { pricePercent: 'Price cannot exceed 999999.99' };
    expectRestError(await bulk(c.token, { action: 'update', selection: { filter: {} }, changes: { pricePercent: 1 } }), 400, 'BAD_USER_INPUT', tooHigh.pricePercent, tooHigh);
    expect(await prices(c.ownerId)).toEqual({ Alpha: '10.00', Beta: '0.05', Gamma: '999000.00' });
  });
});
