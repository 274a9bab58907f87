import { roleAllows, WORKSPACE_ROLES, type WorkspacePermission, type WorkspaceRole } from '@stockroom/schema';
import { expectGqlError, expectRestError } from '../support/answers';
import { PRODUCT_FIELDS, productInput } from '../support/products';
import { createDatabase, signUpUser, startTestApp, type GraphQLAnswer, type HttpAnswer, type TestApp } from '../support/test-app';

/**
 * Workspaces: every request acts in one (X-Workspace-Id, else the caller's
 * personal one), a member's role says what they may do there, and nothing of
 * one workspace is seen or changed from another. One app and one shop for the
 * whole file: an owner, a member of each other role and an outsider.
 */

const DENIED = 'Access denied. Insufficient permissions';
const NOT_FOUND = 'Workspace not found';
const LAST_OWNER = 'A workspace must keep at least one owner';
const HEADER = 'X-Workspace-Id';
/** A workspace that does not require a second factor (see workspace-second-factor.test.ts for one that does). */
const NO_POLICY = { requireSecondFactor: false, needsSecondFactor: false };

type Account = Awaited<ReturnType<typeof signUpUser>>;

let app: TestApp;
let owner: Account;
let outsider: Account;
const members = {} as Record<WorkspaceRole, Account>;
let shop: string;

const inShop = (account: Account) => ({ token: account.token, headers: { [HEADER]: shop } });

async function join(workspaceId: string, account: Account, role: WorkspaceRole) {
  await app.sql('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [workspaceId, account.user.id, role]);
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await signUpUser(app, { firstName: 'Olive' });
  outsider = await signUpUser(app, { firstName: 'Oscar' });
  const created = await app.rest('POST', '/api/workspaces', { name: '  Corner shop ' }, { token: owner.token });
  expect(created.status).toBe(201);
  shop = created.body.workspace.id;
  members.OWNER = owner;
  for (const role of WORKSPACE_ROLES.filter((r) => r !== 'OWNER')) {
    members[role] = await signUpUser(app, { firstName: role[0] + role.slice(1).toLowerCase() });
    await join(shop, members[role], role);
  }
});
afterAll(() => app?.close());

/** A product of the shop, made by its owner; trashed when asked. */
async function shopProduct(trashed = false): Promise<string> {
  const created = await app.rest('POST', '/api/products', productInput(), inShop(owner));
  expect(created.status).toBe(201);
  const id = created.body.product.id as string;
  if (trashed) expect((await app.rest('DELETE', `/api/products/${id}`, undefined, inShop(owner))).status).toBe(200);
  return id;
}

async function importCsv(options: { token: string; headers: Record<string, string> }): Promise<HttpAnswer> {
  const body = new FormData();
  body.append('file', new Blob(['name,price\nImported lamp,5\n'], { type: 'text/csv' }), 'products.csv');
  body.append('dryRun', 'true');
  const response = await fetch(`${app.url}/api/products/import`, { method: 'POST', headers: { authorization: `Bearer ${options.token}`, ...options.headers }, body });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

type Options = { token: string; headers: Record<string, string> };
interface RestCase {
  action: string;
  permission: WorkspacePermission;
  product?: 'live' | 'trashed';
  run: (options: Options, id: string) => Promise<HttpAnswer>;
}

const REST_CASES: RestCase[] = [
  { action: 'GET /api/products', permission: 'readProducts', run: (o) => app.rest('GET', '/api/products', undefined, o) },
  { action: 'GET /api/products/{id}', permission: 'readProducts', product: 'live', run: (o, id) => app.rest('GET', `/api/products/${id}`, undefined, o) },
  { action: 'GET /api/products/stats', permission: 'readProducts', run: (o) => app.rest('GET', '/api/products/stats', undefined, o) },
  { action: 'GET /api/products/{id}/movements', permission: 'readProducts', product: 'live', run: (o, id) => app.rest('GET', `/api/products/${id}/movements`, undefined, o) },
  { action: 'GET /api/products/export', permission: 'readProducts', run: (o) => app.rest('GET', '/api/products/export', undefined, o) },
  { action: 'GET /api/products/trash', permission: 'readProducts', run: (o) => app.rest('GET', '/api/products/trash', undefined, o) },
  { action: 'GET /api/dashboard', permission: 'readProducts', run: (o) => app.rest('GET', '/api/dashboard', undefined, o) },
  { action: 'POST /api/users/profile/tokens', permission: 'readProducts', run: (o) => app.rest('POST', '/api/users/profile/tokens', { name: 'Till', scopes: ['read'] }, o) },
  { action: 'POST /api/products/{id}/stock', permission: 'moveStock', product: 'live', run: (o, id) => app.rest('POST', `/api/products/${id}/stock`, { delta: -1, reason: 'SALE' }, o) },
  { action: 'POST /api/products/{id}/stock/count', permission: 'moveStock', product: 'live', run: (o, id) => app.rest('POST', `/api/products/${id}/stock/count`, { quantity: 3 }, o) },
  { action: 'POST /api/products', permission: 'editProducts', run: (o) => app.rest('POST', '/api/products', productInput(), o) },
  { action: 'PUT /api/products/{id}', permission: 'editProducts', product: 'live', run: (o, id) => app.rest('PUT', `/api/products/${id}`, { price: 7.5 }, o) },
  { action: 'DELETE /api/products/{id}', permission: 'editProducts', product: 'live', run: (o, id) => app.rest('DELETE', `/api/products/${id}`, undefined, o) },
  { action: 'POST /api/products/{id}/restore', permission: 'editProducts', product: 'trashed', run: (o, id) => app.rest('POST', `/api/products/${id}/restore`, undefined, o) },
  {
    action: 'POST /api/products/bulk',
    permission: 'editProducts',
    product: 'live',
    run: (o, id) => app.rest('POST', '/api/products/bulk', { action: 'update', selection: { ids: [id] }, changes: { featured: true } }, o),
  },
  { action: 'POST /api/products/import', permission: 'editProducts', run: (o) => importCsv(o) },
  { action: 'DELETE /api/products/{id}?permanent=true', permission: 'purgeTrash', product: 'trashed', run: (o, id) => app.rest('DELETE', `/api/products/${id}?permanent=true`, undefined, o) },
  { action: 'DELETE /api/products/trash', permission: 'purgeTrash', run: (o) => app.rest('DELETE', '/api/products/trash', undefined, o) },
  { action: 'GET /api/users/profile/webhooks', permission: 'manageSettings', run: (o) => app.rest('GET', '/api/users/profile/webhooks', undefined, o) },
  { action: 'GET /api/users/profile/notifications', permission: 'manageSettings', run: (o) => app.rest('GET', '/api/users/profile/notifications', undefined, o) },
];

const matrix = <T extends { action: string; permission: WorkspacePermission }>(cases: T[]) =>
  cases.flatMap((c) => WORKSPACE_ROLES.map((role) => ({ ...c, role, allowed: roleAllows(role, c.permission) })));

describe('REST: each role × each action in its own workspace', () => {
  test.each(matrix(REST_CASES))('$role: $action (allowed: $allowed)', async ({ role, product, run, allowed }) => {
    const id = product ? await shopProduct(product === 'trashed') : '';
    const answer = await run(inShop(members[role]), id);
    if (allowed) expect({ status: answer.status, ok: answer.status < 300 }).toEqual({ status: answer.status, ok: true });
    else expectRestError(answer, 403, 'FORBIDDEN', DENIED);
  });
});

describe('REST: a workspace the caller is not a member of', () => {
  test.each(REST_CASES)('$action: 404, and nothing changes', async ({ product, run }) => {
    const id = product ? await shopProduct(product === 'trashed') : '';
    const before = await app.sql('SELECT count(*)::int AS n, max(updated_at) AS at FROM products WHERE workspace_id = $1', [shop]);
    expectRestError(await run({ token: outsider.token, headers: { [HEADER]: shop } }, id), 404, 'NOT_FOUND', NOT_FOUND);
    expect(await app.sql('SELECT count(*)::int AS n, max(updated_at) AS at FROM products WHERE workspace_id = $1', [shop])).toEqual(before);
  });

  it('a product of the shop is not found from the caller own workspace, as another account’s product always was', async () => {
    const id = await shopProduct();
    expectRestError(await app.rest('GET', `/api/products/${id}`, undefined, { token: members.EDITOR.token }), 404, 'NOT_FOUND', 'Product not found');
    const list = await app.rest('GET', '/api/products', undefined, { token: members.EDITOR.token });
    expect(list.body.products.map((p: { id: string }) => p.id)).not.toContain(id);
  });
});

interface GqlCase {
  action: string;
  permission: WorkspacePermission;
  product?: 'live' | 'trashed';
  query: string;
  variables?: (id: string) => Record<string, unknown>;
}

const GQL_CASES: GqlCase[] = [
  { action: 'products', permission: 'readProducts', query: `query { products { products { id } } }` },
  { action: 'product.movements', permission: 'readProducts', product: 'live', query: `query P($id: ID!) { product(id: $id) { id movements { pagination { total } } } }`, variables: (id) => ({ id }) },
  { action: 'productStats', permission: 'readProducts', query: `query { productStats { totalProducts } }` },
  { action: 'dashboard', permission: 'readProducts', query: `query { dashboard { overview { totalProducts } } }` },
  { action: 'adjustStock', permission: 'moveStock', product: 'live', query: `mutation A($id: ID!) { adjustStock(id: $id, delta: 1) { id } }`, variables: (id) => ({ id }) },
  { action: 'countStock', permission: 'moveStock', product: 'live', query: `mutation C($id: ID!) { countStock(id: $id, quantity: 2) { id } }`, variables: (id) => ({ id }) },
  {
    action: 'createProduct',
    permission: 'editProducts',
    query: `mutation C($input: CreateProductInput!) { createProduct(input: $input) { ${PRODUCT_FIELDS} } }`,
    variables: () => ({ input: productInput() }),
  },
  { action: 'updateProduct', permission: 'editProducts', product: 'live', query: `mutation U($id: ID!) { updateProduct(id: $id, input: { price: 3 }) { id } }`, variables: (id) => ({ id }) },
  { action: 'deleteProduct', permission: 'editProducts', product: 'live', query: `mutation D($id: ID!) { deleteProduct(id: $id) }`, variables: (id) => ({ id }) },
  { action: 'restoreProduct', permission: 'editProducts', product: 'trashed', query: `mutation R($id: ID!) { restoreProduct(id: $id) { id } }`, variables: (id) => ({ id }) },
  { action: 'purgeProduct', permission: 'purgeTrash', product: 'trashed', query: `mutation P($id: ID!) { purgeProduct(id: $id) }`, variables: (id) => ({ id }) },
  { action: 'emptyTrash', permission: 'purgeTrash', query: `mutation { emptyTrash { affected } }` },
  { action: 'webhooks', permission: 'manageSettings', query: `query { webhooks { id } }` },
];

describe('GraphQL: each role × each operation in its own workspace', () => {
  test.each(matrix(GQL_CASES))('$role: $action (allowed: $allowed)', async ({ role, product, query, variables, allowed }) => {
    const id = product ? await shopProduct(product === 'trashed') : '';
    const answer = await app.gql(query, variables?.(id) ?? {}, inShop(members[role]));
    if (allowed) expect(answer.errors).toBeUndefined();
    else expectGqlError(answer, 'FORBIDDEN', DENIED);
  });

  test.each(GQL_CASES)('$action in a workspace the caller is not a member of: NOT_FOUND', async ({ product, query, variables }) => {
    const id = product ? await shopProduct(product === 'trashed') : '';
    expectGqlError(await app.gql(query, variables?.(id) ?? {}, { token: outsider.token, headers: { [HEADER]: shop } }), 'NOT_FOUND', NOT_FOUND);
  });
});

describe('choosing a workspace', () => {
  it('without the header, a request acts in the personal workspace, which every new account has', async () => {
    const ada = await signUpUser(app, { firstName: 'Ada' });
    const listed = await app.rest('GET', '/api/workspaces', undefined, { token: ada.token });
    expect(listed.body).toEqual({ workspaces: [{ id: ada.workspaceId, name: "Ada's stockroom", role: 'OWNER', personal: true, ...NO_POLICY }] });
    expect(ada.workspaceId).not.toBe(ada.user.id);
    const created = await app.rest('POST', '/api/products', productInput(), { token: ada.token });
    expect(await app.sql('SELECT workspace_id, created_by FROM products WHERE id = $1', [created.body.product.id])).toEqual([{ workspace_id: ada.workspaceId, created_by: ada.user.id }]);
  });

  test.each([
    ['a malformed id', 'not-a-uuid'],
    ['an id no workspace has', '00000000-0000-4000-8000-000000000000'],
    ['another account’s personal workspace', 'outsider'],
  ])('%s: 404 Workspace not found on both transports', async (_, header) => {
    const value = header === 'outsider' ? outsider.workspaceId : header;
    expectRestError(await app.rest('GET', '/api/products', undefined, { token: owner.token, headers: { [HEADER]: value } }), 404, 'NOT_FOUND', NOT_FOUND);
    expectGqlError(await app.gql('query { productStats { totalProducts } }', {}, { token: owner.token, headers: { [HEADER]: value } }), 'NOT_FOUND', NOT_FOUND);
  });

  it('the header picks the catalogue: the shop’s products there, the personal ones without it', async () => {
    const id = await shopProduct();
    const ids = async (options: { token: string; headers?: Record<string, string> }) =>
      ((await app.rest('GET', '/api/products?limit=100', undefined, options)).body.products as Array<{ id: string }>).map((p) => p.id);
    expect(await ids(inShop(members.VIEWER))).toContain(id);
    expect(await ids({ token: members.VIEWER.token, headers: { [HEADER]: shop.toUpperCase() } })).toContain(id);
    expect(await ids({ token: members.VIEWER.token })).not.toContain(id);
  });

  it('a member who acts is named on the movement and the activity entry; the product keeps its creator', async () => {
    const id = await shopProduct();
    expect((await app.rest('POST', `/api/products/${id}/stock`, { delta: -2 }, inShop(members.COUNTER))).status).toBe(200);
    const [movement] = await app.sql('SELECT user_id, workspace_id FROM stock_movements WHERE product_id = $1 ORDER BY id DESC LIMIT 1', [id]);
    expect(movement).toEqual({ user_id: members.COUNTER.user.id, workspace_id: shop });
    const [entry] = await app.sql(`SELECT user_id, workspace_id FROM activity_log WHERE subject_id = $1 AND kind = 'stock_adjusted'`, [id]);
    expect(entry).toEqual({ user_id: members.COUNTER.user.id, workspace_id: shop });
    expect((await app.rest('GET', `/api/products/${id}`, undefined, inShop(members.VIEWER))).body.product.owner).toBe(owner.user.id);
  });
});

describe('an API token', () => {
  it('acts only in the workspace it was made in; a header naming another is 403', async () => {
    const made = await app.rest('POST', '/api/users/profile/tokens', { name: 'Shop till', scopes: ['write'] }, inShop(members.EDITOR));
    expect(made.status).toBe(201);
    const token = made.body.token as string;
    const id = await shopProduct();
    expect((await app.rest('GET', `/api/products/${id}`, undefined, { token })).status).toBe(200);
    expect((await app.rest('GET', `/api/products/${id}`, undefined, { token, headers: { [HEADER]: shop } })).status).toBe(200);
    expectRestError(await app.rest('GET', '/api/products', undefined, { token, headers: { [HEADER]: members.EDITOR.workspaceId } }), 403, 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql('query { productStats { totalProducts } }', {}, { token, headers: { [HEADER]: members.EDITOR.workspaceId } }), 'FORBIDDEN', DENIED);
    const listed = await app.rest('GET', '/api/users/profile/tokens', undefined, { token: members.EDITOR.token });
    expect(listed.body.apiTokens.map((t: { name: string }) => t.name)).not.toContain('Shop till');
  });

  it('acts with its maker’s role: a viewer’s write token still cannot change products', async () => {
    const made = await app.rest('POST', '/api/users/profile/tokens', { name: 'Viewer till', scopes: ['write'] }, inShop(members.VIEWER));
    expectRestError(await app.rest('POST', '/api/products', productInput(), { token: made.body.token }), 403, 'FORBIDDEN', DENIED);
  });
});

describe('managing workspaces and members', () => {
  const WORKSPACES = `query { workspaces { id name role personal requireSecondFactor needsSecondFactor } }`;
  const MEMBERS = `query M($id: ID!) { members(workspaceId: $id) { user { id firstName lastName email } role joinedAt } }`;
  const UPDATE_MEMBER = `mutation U($w: ID!, $u: ID!, $role: WorkspaceRole!) { updateMember(workspaceId: $w, userId: $u, role: $role) { role } }`;
  const REMOVE_MEMBER = `mutation R($w: ID!, $u: ID!) { removeMember(workspaceId: $w, userId: $u) }`;

  it('lists the caller’s workspaces with their role, the personal one first, on both transports', async () => {
    const expected = [
      { id: members.ADMIN.workspaceId, name: "Admin's stockroom", role: 'OWNER', personal: true, ...NO_POLICY },
      { id: shop, name: 'Corner shop', role: 'ADMIN', personal: false, ...NO_POLICY },
    ];
    expect((await app.rest('GET', '/api/workspaces', undefined, { token: members.ADMIN.token })).body).toEqual({ workspaces: expected });
    expect((await app.gql(WORKSPACES, {}, { token: members.ADMIN.token })).data).toEqual({ workspaces: expected });
    expect((await app.rest('GET', `/api/workspaces/${shop}`, undefined, { token: members.VIEWER.token })).body).toEqual({ workspace: { id: shop, name: 'Corner shop', role: 'VIEWER', personal: false, ...NO_POLICY } });
    expectRestError(await app.rest('GET', `/api/workspaces/${shop}`, undefined, { token: outsider.token }), 404, 'NOT_FOUND', NOT_FOUND);
  });

  it('lists members for any member, owners first', async () => {
    const rest = await app.rest('GET', `/api/workspaces/${shop}/members`, undefined, { token: members.VIEWER.token });
    expect(rest.status).toBe(200);
    expect(rest.body.members[0]).toEqual({ user: { id: owner.user.id, firstName: 'Olive', lastName: 'Hopper', email: owner.email }, role: 'OWNER', joinedAt: expect.any(String) });
    expect(rest.body.members).toHaveLength(5);
    const gql = await app.gql(MEMBERS, { id: shop }, { token: members.VIEWER.token });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.members).toHaveLength(5);
    expectGqlError(await app.gql(MEMBERS, { id: shop }, { token: outsider.token }), 'NOT_FOUND', NOT_FOUND);
  });

  test.each([
    ['a viewer changes a counter', 'VIEWER', 'COUNTER', 'VIEWER', 403],
    ['an editor changes a viewer', 'EDITOR', 'VIEWER', 'COUNTER', 403],
    ['an admin changes a viewer', 'ADMIN', 'VIEWER', 'COUNTER', 200],
    ['an admin makes someone an owner', 'ADMIN', 'COUNTER', 'OWNER', 403],
    ['an admin changes an owner', 'ADMIN', 'OWNER', 'ADMIN', 403],
  ] as const)('%s: %s', async (_, actor, target, role, status) => {
    const targetAccount = members[target];
    const answer = await app.rest('PUT', `/api/workspaces/${shop}/members/${targetAccount.user.id}`, { role }, { token: members[actor].token });
    expect(answer.status).toBe(status);
    if (status === 200) {
      expect(answer.body.member.role).toBe(role);
      await app.sql('UPDATE workspace_members SET role = $1 WHERE workspace_id = $2 AND user_id = $3', [target, shop, targetAccount.user.id]);
    } else expectRestError(answer, 403, 'FORBIDDEN', DENIED);
  });

  it('refuses an unknown role (400) and a non-member (404)', async () => {
    expectRestError(await app.rest('PUT', `/api/workspaces/${shop}/members/${members.VIEWER.user.id}`, { role: 'BOSS' }, { token: owner.token }), 400, 'BAD_USER_INPUT', 'Role must be one of OWNER, ADMIN, EDITOR, COUNTER, VIEWER', {
      role: 'Role must be one of OWNER, ADMIN, EDITOR, COUNTER, VIEWER',
    });
    expectRestError(await app.rest('PUT', `/api/workspaces/${shop}/members/${outsider.user.id}`, { role: 'VIEWER' }, { token: owner.token }), 404, 'NOT_FOUND', 'Member not found');
  });

  it('keeps at least one owner: the last one can be neither demoted nor removed nor leave (409), a second one can', async () => {
    const demote = () => app.rest('PUT', `/api/workspaces/${shop}/members/${owner.user.id}`, { role: 'ADMIN' }, { token: owner.token });
    expectRestError(await demote(), 409, 'CONFLICT', LAST_OWNER);
    expectRestError(await app.rest('DELETE', `/api/workspaces/${shop}/members/${owner.user.id}`, undefined, { token: owner.token }), 409, 'CONFLICT', LAST_OWNER);
    expectGqlError(await app.gql(UPDATE_MEMBER, { w: shop, u: owner.user.id, role: 'VIEWER' }, { token: owner.token }), 'CONFLICT', LAST_OWNER);
    expect((await app.gql(UPDATE_MEMBER, { w: shop, u: members.ADMIN.user.id, role: 'OWNER' }, { token: owner.token })).data).toEqual({ updateMember: { role: 'OWNER' } });
    expect((await demote()).body.member.role).toBe('ADMIN');
    expect((await app.rest('PUT', `/api/workspaces/${shop}/members/${owner.user.id}`, { role: 'OWNER' }, { token: members.ADMIN.token })).status).toBe(200);
    expect((await app.rest('PUT', `/api/workspaces/${shop}/members/${members.ADMIN.user.id}`, { role: 'ADMIN' }, { token: owner.token })).status).toBe(200);
  });

  it('lets a member leave (then the workspace is not found for them), but never their personal workspace', async () => {
    const leaver = await signUpUser(app, { firstName: 'Lea' });
    await join(shop, leaver, 'EDITOR');
    expect((await app.gql(REMOVE_MEMBER, { w: shop, u: leaver.user.id }, { token: leaver.token })).data).toEqual({ removeMember: leaver.user.id });
    expectRestError(await app.rest('GET', '/api/products', undefined, inShop(leaver)), 404, 'NOT_FOUND', NOT_FOUND);
    expectRestError(await app.rest('DELETE', `/api/workspaces/${leaver.workspaceId}/members/${leaver.user.id}`, undefined, { token: leaver.token }), 409, 'CONFLICT', 'A personal workspace cannot be left: its account stays a member');
  });

  it('lets an admin remove a member but not an owner', async () => {
    const temp = await signUpUser(app, { firstName: 'Tim' });
    await join(shop, temp, 'VIEWER');
    expectRestError(await app.rest('DELETE', `/api/workspaces/${shop}/members/${owner.user.id}`, undefined, { token: members.ADMIN.token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('DELETE', `/api/workspaces/${shop}/members/${temp.user.id}`, undefined, { token: members.EDITOR.token }), 403, 'FORBIDDEN', DENIED);
    expect((await app.rest('DELETE', `/api/workspaces/${shop}/members/${temp.user.id}`, undefined, { token: members.ADMIN.token })).body).toEqual({ id: temp.user.id });
  });

  it('renames (owners only, a personal workspace too) with the name rule, on both transports', async () => {
    expectRestError(await app.rest('PUT', `/api/workspaces/${shop}`, { name: 'Taken over' }, { token: members.ADMIN.token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('PUT', `/api/workspaces/${shop}`, { name: '   ' }, { token: owner.token }), 400, 'BAD_USER_INPUT', 'Name is required', { name: 'Name is required' });
    expect((await app.rest('PUT', `/api/workspaces/${owner.workspaceId}`, { name: ' Olive at home ' }, { token: owner.token })).body).toEqual({
      workspace: { id: owner.workspaceId, name: 'Olive at home', role: 'OWNER', personal: true, ...NO_POLICY },
    });
    const renamed = await app.gql(`mutation R($id: ID!) { updateWorkspace(id: $id, input: { name: "Corner shop" }) { name } }`, { id: shop }, { token: owner.token });
    expect(renamed.data).toEqual({ updateWorkspace: { name: 'Corner shop' } });
  });

  it('deletes a shared workspace with everything in it (owners only); a personal one never (409)', async () => {
    const created = await app.gql(`mutation { createWorkspace(input: { name: "Pop-up" }) { id name role personal } }`, {}, { token: members.VIEWER.token });
    const popUp = created.data.createWorkspace;
    expect(popUp).toEqual({ id: expect.any(String), name: 'Pop-up', role: 'OWNER', personal: false });
    await join(popUp.id, members.EDITOR, 'ADMIN');
    const made = await app.rest('POST', '/api/products', productInput(), { token: members.VIEWER.token, headers: { [HEADER]: popUp.id } });
    expect(made.status).toBe(201);
    expectRestError(await app.rest('DELETE', `/api/workspaces/${popUp.id}`, undefined, { token: members.EDITOR.token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('DELETE', `/api/workspaces/${members.VIEWER.workspaceId}`, undefined, { token: members.VIEWER.token }), 409, 'CONFLICT', 'A personal workspace cannot be deleted');
    expect((await app.rest('DELETE', `/api/workspaces/${popUp.id}`, undefined, { token: members.VIEWER.token })).body).toEqual({ id: popUp.id });
    expect(await app.sql('SELECT id FROM products WHERE id = $1', [made.body.product.id])).toEqual([]);
    expectRestError(await app.rest('GET', '/api/products', undefined, { token: members.VIEWER.token, headers: { [HEADER]: popUp.id } }), 404, 'NOT_FOUND', NOT_FOUND);
  });

  it('is closed to API tokens', async () => {
    const made = await app.rest('POST', '/api/users/profile/tokens', { name: 'Reader', scopes: ['read'] }, { token: owner.token });
    expectRestError(await app.rest('GET', '/api/workspaces', undefined, { token: made.body.token }), 403, 'FORBIDDEN', DENIED);
    const answer: GraphQLAnswer = await app.gql(WORKSPACES, {}, { token: made.body.token });
    expectGqlError(answer, 'FORBIDDEN', DENIED);
  });
});

describe('the migration', () => {
  it('gives each account its personal workspace, with its id, as owner, and moves everything it owns there; and rolls back', async () => {
    const { openDatabase } = await import('../../backend/src/app/database');
    const orm = await openDatabase(await createDatabase());
    try {
      const connection = orm.em.getConnection();
      const migrator = orm.getMigrator();
      await migrator.down({ to: 'Migration20261128210100' });
      const [user] = await connection.execute<Array<{ id: string }>>(
        `INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES (gen_random_uuid(), 'ada@example.com', 'Ada', 'Lovelace', 'x') RETURNING id`,
      );
      await connection.execute(`INSERT INTO products (id, owner_id, name, description, price, category, quantity) VALUES (gen_random_uuid(), ?, 'Old lamp', 'Made before workspaces', 2, 'Lamps', 3)`, [user.id]);
      await connection.execute(`INSERT INTO api_tokens (id, user_id, name, scopes, prefix, token_hash) VALUES (gen_random_uuid(), ?, 'Sync', '{read}', 'stk_abc', 'h')`, [user.id]);
      await connection.execute(`INSERT INTO activity_log (user_id, kind) VALUES (?, 'signed_in')`, [user.id]);
      await migrator.up();
      expect(await connection.execute('SELECT id, name, personal, personal_user_id FROM workspaces')).toEqual([{ id: user.id, name: "Ada's stockroom", personal: true, personal_user_id: user.id }]);
      expect(await connection.execute('SELECT workspace_id, user_id, role FROM workspace_members')).toEqual([{ workspace_id: user.id, user_id: user.id, role: 'OWNER' }]);
      expect(await connection.execute('SELECT workspace_id, created_by FROM products')).toEqual([{ workspace_id: user.id, created_by: user.id }]);
      expect(await connection.execute('SELECT workspace_id, total_products FROM catalogue_stats')).toEqual([{ workspace_id: user.id, total_products: 1 }]);
      expect(await connection.execute('SELECT workspace_id FROM api_tokens')).toEqual([{ workspace_id: user.id }]);
      expect(await connection.execute('SELECT workspace_id FROM activity_log')).toEqual([{ workspace_id: user.id }]);
      await migrator.down({ to: 'Migration20261128210100' });
      expect(await connection.execute('SELECT owner_id FROM products')).toEqual([{ owner_id: user.id }]);
      expect(await connection.execute(`SELECT to_regclass('workspaces') AS t`)).toEqual([{ t: null }]);
    } finally {
      await orm.close();
    }
  });
});
