import { createHash } from 'node:crypto';
import { expectGqlError, expectRestError } from '../support/answers';
import { ADJUST_STOCK, CREATE_PRODUCT, DELETE_PRODUCT, PRODUCT, PRODUCT_STATS, PRODUCTS, UPDATE_PRODUCT, createProduct, productInput, storedProduct } from '../support/products';
import { decodeQuotedPrintable, GOOD_PASSWORD, ME, signUpAdmin, signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Personal access tokens (issue 15): made and revoked with a session, shown
 * once and stored as a hash, sent as `Authorization: Bearer stk_...` on both
 * transports; `read` reads the catalogue, `write` also changes it, and no
 * token touches the account, its tokens or anything an admin does.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const DENIED = 'Access denied. Insufficient permissions';
const INVALID = 'Invalid authentication token';
const TOKEN_FIELDS = 'id name scopes prefix createdAt lastUsedAt expiresAt revokedAt revokedReason';
const API_TOKENS = `query ApiTokens { apiTokens { ${TOKEN_FIELDS} } }`;
const CREATE_TOKEN = `mutation CreateApiToken($input: CreateApiTokenInput!) { createApiToken(input: $input) { token apiToken { ${TOKEN_FIELDS} } } }`;
const REVOKE_TOKEN = `mutation RevokeApiToken($id: ID!) { revokeApiToken(id: $id) }`;
const DASHBOARD = `query Dashboard { dashboard { overview { totalProducts } recentActivity { title } } }`;
const MOVEMENTS = `query Movements($id: ID!) { product(id: $id) { id movements { movements { delta reason } pagination { total } } } }`;
const CHANGE_PASSWORD = `mutation ChangePassword($input: ChangePasswordInput!) { changePassword(input: $input) { message } }`;
const UPDATE_PROFILE = `mutation UpdateProfile($input: UpdateProfileInput!) { updateProfile(input: $input) { id email } }`;
const USERS = `query Users { users { users { id } } }`;
const USER = `query User($id: ID!) { user(id: $id) { id role status } }`;
const UPDATE_USER = `mutation UpdateUser($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { id role status } }`;
const DEACTIVATE = `mutation Deactivate($id: ID!) { deactivateUser(id: $id) { message } }`;
const ADMIN_STATS = `query AdminStats { adminStats { totalUsers } }`;
const DAY_MS = 24 * 60 * 60_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Scope = 'read' | 'write';
/** Creates a token over REST with a session and returns the secret and the listed token. */
async function createToken(session: string, scopes: Scope[], overrides: Record<string, unknown> = {}) {
  const answer = await app.rest('POST', '/api/users/profile/tokens', { name: `Token ${scopes.join('+')}`, scopes, expiresAt: inDays(90), ...overrides }, { token: session });
  if (answer.status !== 201) throw new Error(`token not created: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { token: string; apiToken: { id: string; prefix: string } };
}

describe('creating, listing and revoking tokens', () => {
  it('creates a token over REST, shows it once, stores only its hash, lists and revokes it', async () => {
    const alice = await signUpUser(app);
    const created = await app.rest('POST', '/api/users/profile/tokens', { name: 'Shop sync', scopes: ['read', 'write'], expiresAt: inDays(30) }, { token: alice.token });
    expect(created.status).toBe(201);
    const { token, apiToken } = created.body;
    expect(token).toMatch(/^stk_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toEqual({
      id: expect.any(String),
      name: 'Shop sync',
      scopes: ['read', 'write'],
      prefix: token.slice(0, 10),
      createdAt: expect.any(String),
      lastUsedAt: null,
      expiresAt: expect.any(String),
      revokedAt: null,
      revokedReason: null,
    });

    const [row] = await app.sql(`SELECT to_jsonb(t) AS row FROM api_tokens t WHERE id = $1`, [apiToken.id]);
    expect(row.row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row.row)).not.toContain(token.slice(4));

    const listed = await app.rest('GET', '/api/users/profile/tokens', undefined, { token: alice.token });
    expect(listed.status).toBe(200);
    expect(listed.body.apiTokens).toEqual([apiToken]);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    const revoked = await app.rest('DELETE', `/api/users/profile/tokens/${apiToken.id}`, undefined, { token: alice.token });
    expect(revoked).toMatchObject({ status: 200, body: { message: 'API token revoked', id: apiToken.id } });
    expect((await app.rest('GET', '/api/users/profile/tokens', undefined, { token: alice.token })).body.apiTokens).toEqual([]);
    expectRestError(await app.rest('GET', '/api/products', undefined, { token }), 401, 'UNAUTHENTICATED', INVALID);
    expectRestError(await app.rest('DELETE', `/api/users/profile/tokens/${apiToken.id}`, undefined, { token: alice.token }), 404, 'NOT_FOUND', 'API token not found');
  });

  it('does the same over GraphQL, newest first, and a token that never expires', async () => {
    const alice = await signUpUser(app);
    const first = await app.gql(CREATE_TOKEN, { input: { name: 'Reports', scopes: ['read'], expiresAt: inDays(365) } }, { token: alice.token });
    const second = await app.gql(CREATE_TOKEN, { input: { name: 'Forever', scopes: ['write', 'read', 'write'] } }, { token: alice.token });
    expect(first.errors).toBeUndefined();
    expect(second.data.createApiToken.apiToken).toMatchObject({ name: 'Forever', scopes: ['read', 'write'], expiresAt: null, lastUsedAt: null });
    const listed = await app.gql(API_TOKENS, {}, { token: alice.token });
    expect(listed.data.apiTokens.map((t: { name: string }) => t.name)).toEqual(['Forever', 'Reports']);
    expect(JSON.stringify(listed.data)).not.toContain(first.data.createApiToken.token);

    const id = first.data.createApiToken.apiToken.id;
    expect((await app.gql(REVOKE_TOKEN, { id }, { token: alice.token })).data.revokeApiToken).toBe(id);
    expect((await app.gql(API_TOKENS, {}, { token: alice.token })).data.apiTokens.map((t: { name: string }) => t.name)).toEqual(['Forever']);
    expectGqlError(await app.gql(PRODUCTS, {}, { token: first.data.createApiToken.token }), 'UNAUTHENTICATED', INVALID);
  });

  it('refuses a missing name, no or unknown scopes and an expiry outside 30 days to a year', async () => {
    const alice = await signUpUser(app);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '', scopes: ['read'] }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(101), scopes: ['read'] }, 'name', 'Name cannot exceed 100 characters'],
      [{ name: 'A', scopes: [] }, 'scopes', 'Choose at least one scope'],
      [{ name: 'A', scopes: ['admin'] }, 'scopes', 'Scopes must be read or write'],
      [{ name: 'A', scopes: ['read'], expiresAt: inDays(7) }, 'expiresAt', 'Expiry must be between 30 days and a year from now, or never'],
      [{ name: 'A', scopes: ['read'], expiresAt: inDays(400) }, 'expiresAt', 'Expiry must be between 30 days and a year from now, or never'],
    ];
    for (const [input, field, message] of cases) {
      expectRestError(await app.rest('POST', '/api/users/profile/tokens', input, { token: alice.token }), 400, 'BAD_USER_INPUT', message, { [field]: message });
      if (field !== 'scopes' || (input.scopes as string[]).length === 0) {
        expectGqlError(await app.gql(CREATE_TOKEN, { input }, { token: alice.token }), 'BAD_USER_INPUT', message, { [field]: message });
      }
    }
    expect((await app.rest('POST', '/api/users/profile/tokens', { name: 'A', scopes: ['read'], secret: 'x' }, { token: alice.token })).status).toBe(400);
    expect((await app.sql(`SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1`, [alice.user.id]))[0].n).toBe(0);
  });

  it('refuses the 21st token with a clear message', async () => {
    const alice = await signUpUser(app);
    for (let i = 0; i < 20; i += 1) await createToken(alice.token, ['read'], { name: `Token ${i}` });
    const message = 'You can have at most 20 API tokens. Revoke one you no longer need first';
    expectRestError(await app.rest('POST', '/api/users/profile/tokens', { name: 'One more', scopes: ['read'] }, { token: alice.token }), 409, 'CONFLICT', message);
    expectGqlError(await app.gql(CREATE_TOKEN, { input: { name: 'One more', scopes: ['read'] } }, { token: alice.token }), 'CONFLICT', message);
    expect((await app.sql(`SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1`, [alice.user.id]))[0].n).toBe(20);
  });

  it("does not find another user's token: it stays working", async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const { token, apiToken } = await createToken(alice.token, ['read']);
    expectRestError(await app.rest('DELETE', `/api/users/profile/tokens/${apiToken.id}`, undefined, { token: bob.token }), 404, 'NOT_FOUND', 'API token not found');
    expectGqlError(await app.gql(REVOKE_TOKEN, { id: apiToken.id }, { token: bob.token }), 'NOT_FOUND', 'API token not found');
    expect((await app.rest('GET', '/api/users/profile/tokens', undefined, { token: bob.token })).body.apiTokens).toEqual([]);
    expect((await app.rest('GET', '/api/products', undefined, { token })).status).toBe(200);
  });
});

describe('a read token', () => {
  it('reads products, stats, history and the dashboard on both transports, and notes its last use', async () => {
    const alice = await signUpUser(app);
    const product = await createProduct(app, alice.token);
    const { token, apiToken } = await createToken(alice.token, ['read']);

    const rest = await Promise.all([
      app.rest('GET', '/api/products', undefined, { token }),
      app.rest('GET', `/api/products/${product.id}`, undefined, { token }),
      app.rest('GET', '/api/products/stats', undefined, { token }),
      app.rest('GET', `/api/products/${product.id}/movements`, undefined, { token }),
      app.rest('GET', '/api/dashboard', undefined, { token }),
      app.rest('GET', '/api/users/profile/me', undefined, { token }),
    ]);
    expect(rest.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(rest[0].body.products.map((p: { id: string }) => p.id)).toEqual([product.id]);
    expect(rest[2].body.stats).toMatchObject({ totalProducts: 1 });
    expect(rest[3].body.movements).toHaveLength(1);
    expect(rest[5].body.user.id).toBe(alice.user.id);

    const gql = await Promise.all([
      app.gql(PRODUCTS, {}, { token }),
      app.gql(PRODUCT, { id: product.id }, { token }),
      app.gql(PRODUCT_STATS, {}, { token }),
      app.gql(MOVEMENTS, { id: product.id }, { token }),
      app.gql(DASHBOARD, {}, { token }),
      app.gql(ME, {}, { token }),
    ]);
    for (const answer of gql) expect(answer.errors).toBeUndefined();
    expect(gql[0].data.products.products).toHaveLength(1);
    expect(gql[2].data.productStats.totalProducts).toBe(1);
    expect(gql[3].data.product.movements.pagination.total).toBe(1);
    expect(gql[4].data.dashboard.overview.totalProducts).toBe(1);

    const [row] = await app.sql(`SELECT last_used_at FROM api_tokens WHERE id = $1`, [apiToken.id]);
    expect(row.last_used_at).toBeInstanceOf(Date);
    // Within the minute, further requests leave it as it is: no write per request.
    await app.sql(`UPDATE api_tokens SET last_used_at = now() - interval '30 seconds' WHERE id = $1`, [apiToken.id]);
    const [before] = await app.sql(`SELECT last_used_at FROM api_tokens WHERE id = $1`, [apiToken.id]);
    await app.rest('GET', '/api/products', undefined, { token });
    expect((await app.sql(`SELECT last_used_at FROM api_tokens WHERE id = $1`, [apiToken.id]))[0].last_used_at).toEqual(before.last_used_at);
    await app.sql(`UPDATE api_tokens SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [apiToken.id]);
    await app.rest('GET', '/api/products', undefined, { token });
    expect((await app.sql(`SELECT last_used_at FROM api_tokens WHERE id = $1`, [apiToken.id]))[0].last_used_at.getTime()).toBeGreaterThan(before.last_used_at.getTime());
  });

  it('may not create, change, delete or adjust products: 403 on both transports', async () => {
    const alice = await signUpUser(app);
    const product = await createProduct(app, alice.token);
    const { token } = await createToken(alice.token, ['read']);
    expectRestError(await app.rest('POST', '/api/products', productInput(), { token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { name: 'Renamed' }, { token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('POST', `/api/products/${product.id}/stock`, { delta: -1 }, { token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('DELETE', `/api/products/${product.id}`, undefined, { token }), 403, 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(CREATE_PRODUCT, { input: productInput() }, { token }), 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(ADJUST_STOCK, { id: product.id, delta: 1 }, { token }), 'FORBIDDEN', DENIED);
    const [stored] = await app.sql(`SELECT name, quantity, deleted_at FROM products WHERE id = $1`, [product.id]);
    expect(stored).toEqual({ name: product.name, quantity: product.quantity, deleted_at: null });
  });
});

describe('a write token', () => {
  it('creates a product and adjusts its stock on both transports', async () => {
    const alice = await signUpUser(app);
    const { token } = await createToken(alice.token, ['write']);
    const created = await app.rest('POST', '/api/products', productInput({ quantity: 4 }), { token });
    expect(created.status).toBe(201);
    expect(created.body.product.owner).toBe(alice.user.id);
    const sold = await app.rest('POST', `/api/products/${created.body.product.id}/stock`, { delta: -1 }, { token });
    expect(sold).toMatchObject({ status: 200, body: { product: { quantity: 3 } } });

    const viaGql = await app.gql(CREATE_PRODUCT, { input: productInput({ quantity: 2 }) }, { token });
    expect(viaGql.errors).toBeUndefined();
    const received = await app.gql(ADJUST_STOCK, { id: viaGql.data.createProduct.id, delta: 5 }, { token });
    expect(received.data.adjustStock.quantity).toBe(7);
    expect((await app.rest('GET', '/api/products', undefined, { token: alice.token })).body.products).toHaveLength(2);
  });
});

describe("another user's product", () => {
  it('answers a write token as it answers its owner’s own session: 404 to read, 403 to change; nothing changes', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const bobs = await createProduct(app, bob.token, { name: 'Bob token lantern', quantity: 5 });
    const { token } = await createToken(alice.token, ['read', 'write']);
    const before = await storedProduct(app, bobs.id);

    const rest: Array<[string, string, unknown?]> = [
      ['GET', `/api/products/${bobs.id}`],
      ['GET', `/api/products/${bobs.id}/movements`],
      ['PUT', `/api/products/${bobs.id}`, { name: 'Taken by token' }],
      ['POST', `/api/products/${bobs.id}/stock`, { delta: -1 }],
      ['DELETE', `/api/products/${bobs.id}`],
    ];
    const statuses: number[] = [];
    for (const [method, path, body] of rest) {
      const [viaToken, viaSession] = [await app.rest(method, path, body, { token }), await app.rest(method, path, body, { token: alice.token })];
      expect({ call: `${method} ${path}`, status: viaToken.status, body: viaToken.body }).toEqual({ call: `${method} ${path}`, status: viaSession.status, body: viaSession.body });
      statuses.push(viaToken.status);
    }
    expect(statuses).toEqual([404, 404, 403, 403, 403]);
    expectRestError(await app.rest('GET', `/api/products/${bobs.id}`, undefined, { token }), 404, 'NOT_FOUND', 'Product not found');
    expectRestError(await app.rest('PUT', `/api/products/${bobs.id}`, { name: 'Taken by token' }, { token }), 403, 'FORBIDDEN', 'You can only modify products you created');

    const gql: Array<[string, Record<string, unknown>]> = [
      [PRODUCT, { id: bobs.id }],
      [MOVEMENTS, { id: bobs.id }],
      [UPDATE_PRODUCT, { id: bobs.id, input: { name: 'Taken by token' } }],
      [ADJUST_STOCK, { id: bobs.id, delta: -1 }],
      [DELETE_PRODUCT, { id: bobs.id }],
    ];
    for (const [query, variables] of gql) {
      const [viaToken, viaSession] = [await app.gql(query, variables, { token }), await app.gql(query, variables, { token: alice.token })];
      expect({ errors: viaToken.errors, data: viaToken.data }).toEqual({ errors: viaSession.errors, data: viaSession.data });
    }
    expectGqlError(await app.gql(PRODUCT, { id: bobs.id }, { token }), 'NOT_FOUND', 'Product not found');
    expectGqlError(await app.gql(ADJUST_STOCK, { id: bobs.id, delta: -1 }, { token }), 'FORBIDDEN', 'You can only modify products you created');

    expect((await app.rest('GET', '/api/products', undefined, { token })).body.products).toEqual([]);
    expect(await storedProduct(app, bobs.id)).toEqual(before);
  });
});

describe('the trash and the import follow the scope', () => {
  /** A dry run of a one-product CSV, as the import form posts it. */
  const dryRunImport = (token: string) => {
    const body = new FormData();
    body.append('file', new Blob(['name,description,category,price,quantity\r\nToken bolt,A bolt for the token test,Bolts,1.5,3\r\n'], { type: 'text/csv' }), 'products.csv');
    body.append('dryRun', 'true');
    return fetch(`${app.url}/api/products/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  };

  it('a read token lists the trash but may not restore, purge, empty it or import: 403', async () => {
    const alice = await signUpUser(app);
    const product = await createProduct(app, alice.token);
    expect((await app.rest('DELETE', `/api/products/${product.id}`, undefined, { token: alice.token })).status).toBe(200);
    const { token } = await createToken(alice.token, ['read']);
    const trash = await app.rest('GET', '/api/products/trash', undefined, { token });
    expect(trash.status).toBe(200);
    expect(trash.body.products.map((p: { id: string }) => p.id)).toEqual([product.id]);
    expectRestError(await app.rest('POST', `/api/products/${product.id}/restore`, undefined, { token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('DELETE', `/api/products/${product.id}?permanent=true`, undefined, { token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('DELETE', '/api/products/trash', undefined, { token }), 403, 'FORBIDDEN', DENIED);
    const imported = await dryRunImport(token);
    expect({ status: imported.status, message: ((await imported.json()) as { message: string }).message }).toEqual({ status: 403, message: DENIED });
    const [stored] = await app.sql(`SELECT deleted_at IS NOT NULL AS trashed FROM products WHERE id = $1`, [product.id]);
    expect(stored).toEqual({ trashed: true });
  });

  it('a write token restores from the trash and imports', async () => {
    const alice = await signUpUser(app);
    const product = await createProduct(app, alice.token);
    const { token } = await createToken(alice.token, ['write']);
    expect((await app.rest('DELETE', `/api/products/${product.id}`, undefined, { token })).status).toBe(200);
    const restored = await app.rest('POST', `/api/products/${product.id}/restore`, undefined, { token });
    expect(restored).toMatchObject({ status: 200, body: { product: { id: product.id } } });
    const imported = await dryRunImport(token);
    expect({ status: imported.status, body: await imported.json() }).toMatchObject({ status: 200, body: { created: 1, failed: 0 } });
  });
});

describe('what no token may do', () => {
  it('refuses token management, the password, the email and admin work: 403, even for an admin with a write token', async () => {
    const admin = await signUpAdmin(app);
    const { token } = await createToken(admin.token, ['read', 'write']);
    const rest: Array<[string, string, unknown?]> = [
      ['GET', '/api/users/profile/tokens'],
      ['POST', '/api/users/profile/tokens', { name: 'Successor', scopes: ['write'] }],
      ['POST', '/api/users/profile/password', { currentPassword: GOOD_PASSWORD, newPassword: 'N3w!Passw0rd-2026' }],
      ['PUT', '/api/users/profile/me', { email: 'taken-over@example.com', currentPassword: GOOD_PASSWORD }],
      ['PUT', `/api/users/${admin.user.id}`, { firstName: 'Mallory' }],
      ['DELETE', `/api/users/${admin.user.id}`],
      ['GET', '/api/users'],
      ['GET', '/api/users/admin/stats'],
      ['POST', '/api/auth/signout'],
    ];
    for (const [method, path, body] of rest) expectRestError(await app.rest(method, path, body, { token }), 403, 'FORBIDDEN', DENIED);
    const gql: Array<[string, Record<string, unknown>]> = [
      [API_TOKENS, {}],
      [CREATE_TOKEN, { input: { name: 'Successor', scopes: ['write'] } }],
      [CHANGE_PASSWORD, { input: { currentPassword: GOOD_PASSWORD, newPassword: 'N3w!Passw0rd-2026' } }],
      [UPDATE_PROFILE, { input: { email: 'taken-over@example.com', currentPassword: GOOD_PASSWORD } }],
      [USERS, {}],
      [ADMIN_STATS, {}],
    ];
    for (const [query, variables] of gql) expectGqlError(await app.gql(query, variables, { token }), 'FORBIDDEN', DENIED);
    const [stored] = await app.sql(`SELECT email, first_name, status FROM users WHERE id = $1`, [admin.user.id]);
    expect(stored).toEqual({ email: admin.email, first_name: 'Ada', status: 'Active' });
    expect((await app.sql(`SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1`, [admin.user.id]))[0].n).toBe(1);
    expect((await app.rest('POST', '/api/auth/signin', { email: admin.email, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('refuses role and status changes and other accounts to any token, an admin’s write token too: 403, nothing changes', async () => {
    const member = await signUpUser(app);
    const admin = await signUpAdmin(app);
    const bob = await signUpUser(app);
    const memberToken = (await createToken(member.token, ['read', 'write'])).token;
    const adminToken = (await createToken(admin.token, ['read', 'write'])).token;

    // A member's token promoting its own account.
    expectRestError(await app.rest('PUT', `/api/users/${member.user.id}`, { role: 'Admin' }, { token: memberToken }), 403, 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(UPDATE_USER, { id: member.user.id, input: { role: 'Admin' } }, { token: memberToken }), 'FORBIDDEN', DENIED);
    // An admin's token doing what the admin's session may do to someone else.
    const asAdmin: Array<[string, string, unknown?]> = [
      ['PUT', `/api/users/${bob.user.id}`, { role: 'Admin' }],
      ['PUT', `/api/users/${bob.user.id}`, { status: 'Inactive' }],
      ['GET', `/api/users/${bob.user.id}`],
      ['DELETE', `/api/users/${bob.user.id}`],
    ];
    for (const [method, path, body] of asAdmin) expectRestError(await app.rest(method, path, body, { token: adminToken }), 403, 'FORBIDDEN', DENIED);
    const asAdminGql: Array<[string, Record<string, unknown>]> = [
      [UPDATE_USER, { id: bob.user.id, input: { role: 'Admin' } }],
      [UPDATE_USER, { id: bob.user.id, input: { status: 'Inactive' } }],
      [USER, { id: bob.user.id }],
      [DEACTIVATE, { id: bob.user.id }],
    ];
    for (const [query, variables] of asAdminGql) expectGqlError(await app.gql(query, variables, { token: adminToken }), 'FORBIDDEN', DENIED);

    const stored = async (id: string) => (await app.sql(`SELECT role, status FROM users WHERE id = $1`, [id]))[0];
    expect(await stored(member.user.id)).toEqual({ role: 'Member', status: 'Active' });
    expect(await stored(bob.user.id)).toEqual({ role: 'Member', status: 'Active' });
    // The same change with the admin's session goes through: the token alone was refused.
    const promoted = await app.gql(UPDATE_USER, { id: bob.user.id, input: { role: 'Admin' } }, { token: admin.token });
    expect(promoted.data.updateUser).toEqual({ id: bob.user.id, role: 'Admin', status: 'Active' });
  });
});

describe('tokens that do not work', () => {
  it('answers 401 with the invalid-token message to an expired, revoked, malformed or unknown token', async () => {
    const alice = await signUpUser(app);
    const expired = await createToken(alice.token, ['read']);
    await app.sql(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.apiToken.id]);
    const revoked = await createToken(alice.token, ['read']);
    await app.rest('DELETE', `/api/users/profile/tokens/${revoked.apiToken.id}`, undefined, { token: alice.token });
    const good = await createToken(alice.token, ['read']);
    const unknown = `stk_${'A'.repeat(43)}`;
    const bad = [expired.token, revoked.token, unknown, 'stk_garbage', `${good.token}x`, good.token.slice(0, -1), 'stk_', `stk_${'!'.repeat(43)}`];
    for (const token of bad) {
      expectRestError(await app.rest('GET', '/api/products', undefined, { token }), 401, 'UNAUTHENTICATED', INVALID);
      expectGqlError(await app.gql(PRODUCT_STATS, {}, { token }), 'UNAUTHENTICATED', INVALID);
    }
    expect((await app.rest('GET', '/api/products', undefined, { token: good.token })).status).toBe(200);
    // An expired token still shows in its owner's list, with its expiry.
    const listed = (await app.rest('GET', '/api/users/profile/tokens', undefined, { token: alice.token })).body.apiTokens;
    expect(listed.map((t: { id: string }) => t.id).sort()).toEqual([expired.apiToken.id, good.apiToken.id].sort());
  });

  it('revokes every token of a deactivated account, and the list says why', async () => {
    const alice = await signUpUser(app);
    const admin = await signUpAdmin(app);
    const read = await createToken(alice.token, ['read']);
    const write = await createToken(alice.token, ['write']);
    expect((await app.rest('DELETE', `/api/users/${alice.user.id}`, undefined, { token: alice.token })).status).toBe(200);
    for (const { token } of [read, write]) {
      expect((await app.rest('GET', '/api/products', undefined, { token })).status).toBe(401);
    }
    const rows = await app.sql(`SELECT revoked_at, revoked_reason FROM api_tokens WHERE user_id = $1`, [alice.user.id]);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toEqual({ revoked_at: expect.any(Date), revoked_reason: 'account_deactivated' });

    // Reactivated by an admin, the account's old tokens stay revoked and its list says why.
    expect((await app.rest('PUT', `/api/users/${alice.user.id}`, { status: 'Active' }, { token: admin.token })).status).toBe(200);
    expect((await app.rest('GET', '/api/products', undefined, { token: read.token })).status).toBe(401);
    const session = (await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD })).body.accessToken;
    const listed = (await app.gql(API_TOKENS, {}, { token: session })).data.apiTokens;
    expect(listed).toHaveLength(2);
    for (const token of listed) expect(token).toMatchObject({ revokedAt: expect.any(String), revokedReason: 'account_deactivated' });
  });

  it('revokes them too when an admin sets the account Inactive', async () => {
    const alice = await signUpUser(app);
    const admin = await signUpAdmin(app);
    const { token } = await createToken(alice.token, ['read']);
    expect((await app.rest('PUT', `/api/users/${alice.user.id}`, { status: 'Inactive' }, { token: admin.token })).status).toBe(200);
    expect((await app.rest('GET', '/api/products', undefined, { token })).status).toBe(401);
    expect((await app.sql(`SELECT revoked_reason FROM api_tokens WHERE user_id = $1`, [alice.user.id]))[0].revoked_reason).toBe('account_deactivated');
  });

  it('revokes every token on a password change over REST or GraphQL, as it signs out the other sessions; the session that changed it makes a new one', async () => {
    const NEW_PASSWORD = 'N3w!Passw0rd-2026';
    const input = { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD };
    const changeOver = {
      REST: async (session: string) => expect((await app.rest('POST', '/api/users/profile/password', input, { token: session })).status).toBe(200),
      GraphQL: async (session: string) => expect((await app.gql(CHANGE_PASSWORD, { input }, { token: session })).errors).toBeUndefined(),
    };
    for (const change of Object.values(changeOver)) {
      const alice = await signUpUser(app);
      const other = (await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD })).body.accessToken;
      const read = await createToken(alice.token, ['read']);
      const write = await createToken(other, ['write']);
      await change(alice.token);
      for (const { token } of [read, write]) {
        expectRestError(await app.rest('GET', '/api/products', undefined, { token }), 401, 'UNAUTHENTICATED', INVALID);
        expectGqlError(await app.gql(PRODUCT_STATS, {}, { token }), 'UNAUTHENTICATED', INVALID);
      }
      expectRestError(await app.rest('POST', '/api/products', productInput(), { token: write.token }), 401, 'UNAUTHENTICATED', INVALID);
      expect((await app.rest('GET', '/api/products', undefined, { token: other })).status).toBe(401);
      const rows = await app.sql(`SELECT revoked_at, revoked_reason FROM api_tokens WHERE user_id = $1`, [alice.user.id]);
      expect(rows).toEqual([read, write].map(() => ({ revoked_at: expect.any(Date), revoked_reason: 'password_changed' })));
      const fresh = await createToken(alice.token, ['read']);
      expect((await app.rest('GET', '/api/products', undefined, { token: fresh.token })).status).toBe(200);
    }
  });
});

describe('the owner is told of a new token', () => {
  it('mails the owner once per token made over REST or GraphQL: its name, what it can do, how to revoke it, and never the secret', async () => {
    const alice = await signUpUser(app, { firstName: 'Alice' });
    const mailsBefore = (await app.mailsTo(alice.email)).length;
    const overRest = await createToken(alice.token, ['read'], { name: 'Shop <sync>\n\nNo action is needed \u202e& co' });
    const overGql = await app.gql(CREATE_TOKEN, { input: { name: 'Backup job', scopes: ['read', 'write'] } }, { token: alice.token });
    expect(overGql.errors).toBeUndefined();

    const mails = (await app.mailsTo(alice.email)).slice(mailsBefore).map(decodeQuotedPrintable);
    expect(mails).toHaveLength(2);
    const expected = [
      // A name cannot add lines (or turn text around) in the mail: it shows on one line.
      { name: 'Shop <sync> No action is needed & co', html: 'Shop &lt;sync&gt; No action is needed &amp; co', can: 'It can read your products and stock.', secret: overRest.token },
      { name: 'Backup job', html: 'Backup job', can: 'It can read and change your products and stock.', secret: overGql.data.createApiToken.token },
    ];
    for (const [i, mail] of mails.entries()) {
      expect(mail).toContain('Subject: A new API token was created for your Stockroom account');
      expect(mail).toContain('Hello Alice,');
      expect(mail).toContain(`A new API token "${expected[i].name}" was created for your Stockroom account.`);
      expect(mail).toContain(`A new API token &quot;${expected[i].html}&quot; was created`);
      expect(mail).toContain(expected[i].can);
      expect(mail).toContain("If this wasn't you, revoke it in your profile and change your password.");
      expect(mail).toContain('Open your profile: http://stockroom.test/profile\n');
      expect(mail).not.toContain(expected[i].secret.slice(4));
    }
    // Another user's tokens tell only their owner.
    const bob = await signUpUser(app);
    await createToken(bob.token, ['read']);
    expect(await app.mailsTo(alice.email)).toHaveLength(mailsBefore + 2);
  });

  it('still makes a token past the address’s hourly cap of such mails, without the mail', async () => {
    const alice = await signUpUser(app);
    const mailsBefore = (await app.mailsTo(alice.email)).length;
    for (let n = 1; n <= 7; n++) await createToken(alice.token, ['read'], { name: `Token ${n}` });
    const mails = (await app.mailsTo(alice.email)).slice(mailsBefore).map(decodeQuotedPrintable);
    expect(mails.map((mail) => mail.match(/A new API token "(Token \d)"/)?.[1])).toEqual(['Token 1', 'Token 2', 'Token 3', 'Token 4', 'Token 5']);
    expect((await app.rest('GET', '/api/users/profile/tokens', undefined, { token: alice.token })).body.apiTokens).toHaveLength(7);
  });
});
