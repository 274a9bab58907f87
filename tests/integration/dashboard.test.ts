import { setRole } from '../../backend/scripts/promote-user';
import { OTHER_CATEGORIES } from '../../backend/src/dashboard/dashboard.service';
import { UserRole } from '../../backend/src/account/user.entity';
import { createProduct } from '../support/products';
import { GOOD_PASSWORD, SIGN_IN, signUpUser, startTestApp, uniqueIp, type TestApp } from '../support/test-app';

/**
 * The dashboard (issue 4): the account overview with the catalogue's size and
 * value, recent activity from the real activity log (newest first, the last
 * 10, only one's own), feature highlights, and the inventory charts' data.
 * REST and GraphQL answer alike.
 */

let app: TestApp;

const DASHBOARD = `query Dashboard { dashboard {
  overview { user { id email fullName role status emailVerified createdAt } totalProducts inStock outOfStock inventoryValue returning }
  recentActivity { id kind title description icon timestamp productId count since }
  features { title description icon actionText actionLink actionColor }
  inventory { byCategory { category products inStock value } inStock outOfStock }
} }`;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signUpUser>>;

async function dashboardOf(account: Account) {
  const answer = await app.rest('GET', '/api/dashboard', undefined, { token: account.token });
  expect(answer.status).toBe(200);
  return answer.body;
}

const titles = async (account: Account) => (await dashboardOf(account)).recentActivity.map((item: { title: string }) => item.title);

describe('recent activity', () => {
  it('starts with the account’s creation', async () => {
    const alice = await signUpUser(app);
    const { recentActivity } = await dashboardOf(alice);
    expect(recentActivity).toEqual([
      {
        id: expect.any(String),
        kind: 'account_created',
        title: 'Account created',
        description: 'Welcome to Stockroom',
        icon: 'new-person',
        timestamp: expect.any(String),
        productId: null,
        count: 1,
        since: recentActivity[0].timestamp,
      },
    ]);
    expect(Date.now() - Date.parse(recentActivity[0].timestamp)).toBeLessThan(60_000);
  });

  it('logs sign-in and every kind of product change, newest first, naming the product and what changed', async () => {
    const alice = await signUpUser(app);
    await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD });
    const lamp = await createProduct(app, alice.token, { name: 'Desk <b>lamp</b>', quantity: 5 });
    await app.rest('PUT', `/api/products/${lamp.id}`, { price: 25, quantity: 5, version: lamp.version }, { token: alice.token });
    await app.rest('POST', `/api/products/${lamp.id}/stock`, { delta: -2 }, { token: alice.token });
    await app.rest('POST', `/api/products/${lamp.id}/stock`, { delta: 7 }, { token: alice.token });
    await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token: alice.token });

    const { recentActivity } = await dashboardOf(alice);
    expect(recentActivity.map((item: Record<string, unknown>) => [item.kind, item.description, item.icon, item.productId])).toEqual([
      ['product_deleted', 'Removed “Desk <b>lamp</b>” from your catalogue', 'trash', null],
      ['stock_adjusted', 'Received 7 of “Desk <b>lamp</b>”, 10 in stock', 'exchange', lamp.id],
      ['stock_adjusted', 'Sold 2 of “Desk <b>lamp</b>”, 3 left', 'exchange', lamp.id],
      // Quantity was sent unchanged: only the price is named.
      ['product_updated', 'Changed the price of “Desk <b>lamp</b>”', 'edit', lamp.id],
      ['product_created', 'Added “Desk <b>lamp</b>” to your catalogue', 'add', lamp.id],
      ['signed_in', 'A new session was started', 'log-in', null],
      ['account_created', 'Welcome to Stockroom', 'new-person', null],
    ]);
    const times = recentActivity.map((item: { timestamp: string }) => Date.parse(item.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('names a stock change by the reason the ledger recorded, not only by its direction', async () => {
    const alice = await signUpUser(app);
    const vase = await createProduct(app, alice.token, { name: 'Vase', quantity: 10 });
    const stock = (body: object) => app.rest('POST', `/api/products/${vase.id}/stock`, body, { token: alice.token });
    expect((await stock({ delta: -2, reason: 'damage' })).status).toBe(200);
    expect((await stock({ delta: 1, reason: 'RETURN' })).status).toBe(200);
    expect((await stock({ delta: -1, reason: 'CORRECTION' })).status).toBe(200);
    expect((await app.rest('POST', `/api/products/${vase.id}/stock/count`, { quantity: 12 }, { token: alice.token })).status).toBe(200);
    expect((await app.rest('POST', `/api/products/${vase.id}/stock/count`, { quantity: 12 }, { token: alice.token })).status).toBe(200);
    const { recentActivity } = await dashboardOf(alice);
    expect(recentActivity.slice(0, 5).map((item: { description: string }) => item.description)).toEqual([
      'Counted “Vase”: 12 in stock (as expected)',
      'Counted “Vase”: 12 in stock (+4)',
      'Corrected the stock of “Vase” by -1, 8 in stock',
      'Took back 1 of “Vase”, 9 in stock',
      'Wrote off 2 of “Vase” as damaged, 8 left',
    ]);
  });

  it('names several changed fields in one sentence, and logs nothing for a save that changed nothing', async () => {
    const alice = await signUpUser(app);
    const crate = await createProduct(app, alice.token, { name: 'Crate', category: 'Boxes' });
    const renamed = await app.gql(`mutation { updateProduct(id: "${crate.id}", input: { name: "Big crate", category: "Bins", featured: true }) { version } }`, undefined, {
      token: alice.token,
    });
    expect(renamed.errors).toBeUndefined();
    await app.rest('PUT', `/api/products/${crate.id}`, { name: 'Big crate', category: 'Bins' }, { token: alice.token });
    const activity = (await dashboardOf(alice)).recentActivity;
    expect(activity[0].description).toBe('Changed the name, category and featured flag of “Big crate”');
    expect(activity[1].kind).toBe('product_created');
  });

  it('logs nothing for a refused write', async () => {
    const alice = await signUpUser(app);
    const crate = await createProduct(app, alice.token, { quantity: 1 });
    expect((await app.rest('PUT', `/api/products/${crate.id}`, { price: 2, version: crate.version + 5 }, { token: alice.token })).status).toBe(409);
    expect((await app.rest('POST', `/api/products/${crate.id}/stock`, { delta: -5 }, { token: alice.token })).status).toBe(409);
    expect((await app.rest('POST', '/api/products', { name: 'x', price: 1 }, { token: alice.token })).status).toBe(400);
    expect(await titles(alice)).toEqual(['Product created', 'Account created']);
  });

  it('shows the last 10 only, and never another user’s activity', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    for (let n = 1; n <= 12; n++) await createProduct(app, alice.token, { name: `Item ${n}` });
    await createProduct(app, bob.token, { name: 'Bob’s secret' });

    const { recentActivity } = await dashboardOf(alice);
    expect(recentActivity).toHaveLength(10);
    expect(recentActivity[0].description).toBe('Added “Item 12” to your catalogue');
    expect(recentActivity[9].description).toBe('Added “Item 3” to your catalogue');
    expect(JSON.stringify(recentActivity)).not.toContain('Bob’s secret');
    expect(await titles(bob)).toEqual(['Product created', 'Account created']);
  });

  it('logs profile changes and a password change', async () => {
    const alice = await signUpUser(app);
    await app.rest('PUT', '/api/users/profile/me', { firstName: 'Alicia', email: `x${alice.email}`, currentPassword: GOOD_PASSWORD }, { token: alice.token });
    await app.rest('POST', '/api/users/profile/password', { currentPassword: GOOD_PASSWORD, newPassword: 'An0ther!Secret' }, { token: alice.token });
    const [password, profile] = (await dashboardOf(alice)).recentActivity;
    expect([password.title, password.description, password.icon]).toEqual(['Password changed', 'Your other sessions were signed out', 'key']);
    expect([profile.title, profile.description, profile.icon]).toEqual(['Profile updated', 'Changed your first name and email address', 'person']);
  });
});

describe('repeated sign-ins', () => {
  const signInOverRest = (email: string) => app.rest('POST', '/api/auth/signin', { email, password: GOOD_PASSWORD }, { ip: uniqueIp() });
  const signInOverGraphQL = (email: string) => app.gql(SIGN_IN, { input: { email, password: GOOD_PASSWORD } }, { ip: uniqueIp() });

  it('collapse into one item with a count, over REST and GraphQL alike', async () => {
    const alice = await signUpUser(app);
    for (let n = 0; n < 2; n++) expect((await signInOverRest(alice.email)).status).toBe(200);
    expect((await signInOverGraphQL(alice.email)).errors).toBeUndefined();

    const { recentActivity } = await dashboardOf(alice);
    expect(recentActivity.map((item: Record<string, unknown>) => [item.kind, item.title, item.description, item.count])).toEqual([
      ['signed_in', 'Signed in 3 times', '3 new sessions were started', 3],
      ['account_created', 'Account created', 'Welcome to Stockroom', 1],
    ]);
    const [signIns, created] = recentActivity;
    expect(Date.parse(signIns.since)).toBeLessThanOrEqual(Date.parse(signIns.timestamp));
    expect(Date.parse(signIns.since)).toBeGreaterThanOrEqual(Date.parse(created.timestamp));
    // The item is the newest sign-in's entry.
    const [newest] = await app.sql<{ id: string }>(
      `SELECT id::text FROM activity_log WHERE user_id = $1 AND kind = 'signed_in' ORDER BY created_at DESC, id DESC LIMIT 1`,
      [alice.user.id],
    );
    expect(signIns.id).toBe(newest.id);

    const gql = await app.gql(DASHBOARD, undefined, { token: alice.token });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.dashboard.recentActivity[0]).toMatchObject({ kind: 'SIGNED_IN', title: 'Signed in 3 times', count: 3, since: signIns.since, timestamp: signIns.timestamp });
  });

  it('stay apart when something else happened between them, and the collapsed list still holds 10 items', async () => {
    const alice = await signUpUser(app);
    await signInOverRest(alice.email);
    await createProduct(app, alice.token, { name: 'Between' });
    await signInOverRest(alice.email);
    await signInOverRest(alice.email);
    expect(await titles(alice)).toEqual(['Signed in 2 times', 'Product created', 'Signed in', 'Account created']);

    for (let n = 1; n <= 9; n++) {
      await createProduct(app, alice.token, { name: `Item ${n}` });
      await signInOverRest(alice.email);
      await signInOverRest(alice.email);
    }
    const { recentActivity } = await dashboardOf(alice);
    expect(recentActivity).toHaveLength(10);
    expect(recentActivity.map((item: { count: number }) => item.count)).toEqual([2, 1, 2, 1, 2, 1, 2, 1, 2, 1]);
    expect(recentActivity[1].description).toBe('Added “Item 9” to your catalogue');
  });
});

describe('first visit or return', () => {
  it('is a first visit until the user signs in again after signing up, over REST and GraphQL', async () => {
    const alice = await signUpUser(app);
    expect((await dashboardOf(alice)).overview.returning).toBe(false);
    const firstGql = await app.gql(DASHBOARD, undefined, { token: alice.token });
    expect(firstGql.data.dashboard.overview.returning).toBe(false);

    // Products do not make a return: only a sign-in does.
    await createProduct(app, alice.token);
    expect((await dashboardOf(alice)).overview.returning).toBe(false);

    const signIn = await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD }, { ip: uniqueIp() });
    expect(signIn.status).toBe(200);
    expect((await dashboardOf(alice)).overview.returning).toBe(true);
    const gql = await app.gql(DASHBOARD, undefined, { token: alice.token });
    expect(gql.data.dashboard.overview.returning).toBe(true);
  });

  it('does not count another user’s sign-ins', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    await app.rest('POST', '/api/auth/signin', { email: bob.email, password: GOOD_PASSWORD }, { ip: uniqueIp() });
    expect((await dashboardOf(alice)).overview.returning).toBe(false);
    expect((await dashboardOf(bob)).overview.returning).toBe(true);
  });
});

describe('overview, features and charts', () => {
  it('gives the overview the catalogue’s size and exact value, the same as the product stats', async () => {
    const alice = await signUpUser(app);
    await createProduct(app, alice.token, { category: 'Tools', price: 10.5, quantity: 2 });
    await createProduct(app, alice.token, { category: 'Tools', price: 0.1, quantity: 3 });
    await createProduct(app, alice.token, { category: 'Paint', price: 99.99, quantity: 0 });
    const { overview, inventory } = await dashboardOf(alice);
    expect(overview).toMatchObject({ totalProducts: 3, inStock: 2, outOfStock: 1, inventoryValue: 21.3 });
    expect(overview.user).toMatchObject({ id: alice.user.id, email: alice.email, role: 'Member', status: 'Active', emailVerified: false });
    const stats = (await app.rest('GET', '/api/products/stats', undefined, { token: alice.token })).body.stats;
    expect(stats).toEqual({ totalProducts: 3, inStock: 2, outOfStock: 1, lowStock: 0, inventoryValue: 21.3 });

    expect(inventory).toEqual({
      byCategory: [
        { category: 'Tools', products: 2, inStock: 2, value: 21.3 },
        { category: 'Paint', products: 1, inStock: 0, value: 0 },
      ],
      inStock: 2,
      outOfStock: 1,
    });
  });

  it('sums categories beyond the top eight into one', async () => {
    const alice = await signUpUser(app);
    for (let n = 1; n <= 11; n++) await createProduct(app, alice.token, { category: `Cat ${String(n).padStart(2, '0')}`, price: n, quantity: 1 });
    const { byCategory } = (await dashboardOf(alice)).inventory;
    expect(byCategory).toHaveLength(9);
    expect(byCategory.slice(0, 8).map((row: { value: number }) => row.value)).toEqual([11, 10, 9, 8, 7, 6, 5, 4]);
    expect(byCategory[8]).toEqual({ category: OTHER_CATEGORIES, products: 3, inStock: 3, value: 6 });
  });

  it('highlights Manage Products and Edit Profile for everyone, and the admin screen for admins', async () => {
    const alice = await signUpUser(app);
    const links = (features: Array<{ actionText: string; actionLink: string }>) => features.map((f) => `${f.actionText} -> ${f.actionLink}`);
    const member = links((await dashboardOf(alice)).features);
    expect(member).toEqual(expect.arrayContaining(['Manage Products -> /products', 'Edit Profile -> /profile/edit']));
    expect(member.join()).not.toContain('/admin');
    for (const feature of (await dashboardOf(alice)).features) {
      expect(feature).toEqual({
        title: expect.any(String),
        description: expect.any(String),
        icon: expect.any(String),
        actionText: expect.any(String),
        actionLink: expect.stringMatching(/^\//),
        actionColor: expect.stringMatching(/^(primary|success|warning|danger|none)$/),
      });
    }
    await setRole(app.databaseUrl, alice.email, UserRole.Admin);
    expect(links((await dashboardOf(alice)).features)).toContain('Admin Statistics -> /admin');
  });

  it('answers the same over GraphQL, and needs a signed-in caller', async () => {
    const alice = await signUpUser(app);
    await createProduct(app, alice.token, { category: 'Tools', price: 3, quantity: 3 });
    const rest = await dashboardOf(alice);
    const gql = await app.gql(DASHBOARD, undefined, { token: alice.token });
    expect(gql.errors).toBeUndefined();
    const { overview, recentActivity, features, inventory } = gql.data.dashboard;
    expect(inventory).toEqual(rest.inventory);
    expect(features).toEqual(rest.features);
    expect(recentActivity.map(({ kind, ...item }: { kind: string }) => ({ ...item, kind: kind.toLowerCase() }))).toEqual(rest.recentActivity);
    expect(overview).toMatchObject({ totalProducts: 1, inventoryValue: 9, user: { id: alice.user.id } });

    expect((await app.rest('GET', '/api/dashboard')).status).toBe(401);
    expect((await app.gql(DASHBOARD)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
