import { WORKSPACE_ROLES, type WorkspaceRole } from '@stockroom/schema';
import { generateSync } from 'otplib';
import { expectGqlError, expectRestError } from '../support/answers';
import { SoftwareAuthenticator } from '../support/software-authenticator';
import { logStatements } from '../support/statement-log';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * A workspace whose owners require a second factor (issue 40): only an
 * owner with a factor of their own turns it on; from then on every request
 * in it, on either transport, in any role and with a personal access token
 * made there, is refused to an account without one, while what that account
 * needs to set one up stays open. Codes are computed from the secret, as an
 * authenticator app would.
 */

const HEADER = 'X-Workspace-Id';
const REQUIRED = 'This workspace requires two-factor authentication. Set it up in your profile to continue';
const OWNER_FIRST = 'Set up two-factor authentication for your own account first: otherwise you would lock yourself out of this workspace';
const DENIED = 'Access denied. Insufficient permissions';
const NOT_FOUND = 'Workspace not found';
const POLICY = `mutation Policy($id: ID!, $input: WorkspacePolicyInput!) {
  updateWorkspacePolicy(id: $id, input: $input) { id requireSecondFactor needsSecondFactor }
}`;
const PRODUCTS = `query { products { pagination { total } } }`;

type Account = Awaited<ReturnType<typeof signUpUser>>;

let app: TestApp;
let owner: Account;
let shop: string;
const members = {} as Record<Exclude<WorkspaceRole, 'OWNER'>, Account>;

const inShop = (account: Account) => ({ token: account.token, headers: { [HEADER]: shop } });
const setPolicy = (account: Account, requireSecondFactor: unknown, workspaceId = shop) =>
  app.rest('PUT', `/api/workspaces/${workspaceId}/policy`, { requireSecondFactor }, { token: account.token });
const nextStep = (account: Account) => app.sql('UPDATE totp_factors SET last_time_step = last_time_step - 2 WHERE user_id = $1', [account.user.id]);

/** Turns an authenticator on for the account, as the profile does. */
async function withAuthenticator(account: Account) {
  const setup = await app.rest('POST', '/api/users/profile/mfa/totp', undefined, { token: account.token });
  expect(setup.status).toBe(200);
  const confirmed = await app.rest('POST', '/api/users/profile/mfa/totp/confirm', { code: generateSync({ secret: setup.body.secret }) }, { token: account.token });
  expect(confirmed.status).toBe(200);
  await nextStep(account);
}

const activityTitles = async (account: Account) =>
  (await app.rest('GET', '/api/dashboard', undefined, inShop(account))).body.recentActivity.map((item: { title: string }) => item.title);

beforeAll(async () => {
  // No job workers: nothing polls the database between requests, so the statements a request costs are its own.
  app = await startTestApp({ WORKER: '0' });
  owner = await signUpUser(app, { firstName: 'Olive' });
  shop = (await app.rest('POST', '/api/workspaces', { name: 'Careful shop' }, { token: owner.token })).body.workspace.id;
  for (const role of WORKSPACE_ROLES.filter((r) => r !== 'OWNER')) {
    members[role as keyof typeof members] = await signUpUser(app, { firstName: role[0] + role.slice(1).toLowerCase() });
    await app.sql('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [shop, members[role as keyof typeof members].user.id, role]);
  }
});
afterAll(() => app?.close());

describe('turning the requirement on', () => {
  it('is off for every workspace until an owner turns it on', async () => {
    const listed = await app.rest('GET', '/api/workspaces', undefined, { token: members.VIEWER.token });
    expect(listed.status).toBe(200);
    for (const workspace of listed.body.workspaces) expect(workspace).toMatchObject({ requireSecondFactor: false, needsSecondFactor: false });
    expect((await app.rest('GET', '/api/products', undefined, inShop(members.VIEWER))).status).toBe(200);
  });

  it('is refused to an owner without a second factor of their own (409, both transports), and changes nothing', async () => {
    expectRestError(await setPolicy(owner, true), 409, 'CONFLICT', OWNER_FIRST);
    expectGqlError(await app.gql(POLICY, { id: shop, input: { requireSecondFactor: true } }, { token: owner.token }), 'CONFLICT', OWNER_FIRST);
    expect((await app.rest('GET', `/api/workspaces/${shop}`, undefined, { token: owner.token })).body.workspace.requireSecondFactor).toBe(false);
  });

  it('is for owners only: an admin is denied, an outsider or a malformed id finds no workspace, a non-boolean is a 400', async () => {
    await withAuthenticator(members.ADMIN);
    expectRestError(await setPolicy(members.ADMIN, true), 403, 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(POLICY, { id: shop, input: { requireSecondFactor: true } }, { token: members.ADMIN.token }), 'FORBIDDEN', DENIED);
    const outsider = await signUpUser(app);
    expectRestError(await setPolicy(outsider, true), 404, 'NOT_FOUND', NOT_FOUND);
    expectRestError(await setPolicy(owner, true, 'not-a-uuid'), 404, 'NOT_FOUND', NOT_FOUND);
    expectRestError(await setPolicy(owner, 'yes'), 400, 'BAD_USER_INPUT', 'requireSecondFactor must be true or false', {
      requireSecondFactor: 'requireSecondFactor must be true or false',
    });
    const extra = await app.rest('PUT', `/api/workspaces/${shop}/policy`, { requireSecondFactor: true, name: 'x' }, { token: owner.token });
    expect(extra.status).toBe(400);
  });
});

describe('a workspace that requires a second factor', () => {
  let viewerToken: string;

  beforeAll(async () => {
    // Made before the requirement: a token acts for its account, so it is kept out with it.
    const token = await app.rest('POST', '/api/users/profile/tokens', { name: 'Till', scopes: ['read'] }, inShop(members.VIEWER));
    expect(token.status).toBe(201);
    viewerToken = token.body.token;
    expect((await app.rest('GET', '/api/products', undefined, { token: viewerToken })).status).toBe(200);

    await withAuthenticator(owner);
    const turnedOn = await setPolicy(owner, true);
    expect(turnedOn.status).toBe(200);
    expect(turnedOn.body.workspace).toMatchObject({ id: shop, requireSecondFactor: true, needsSecondFactor: false, role: 'OWNER' });
  });

  it('is listed in the workspace activity, and turning it on again logs nothing more', async () => {
    expect((await setPolicy(owner, true)).status).toBe(200);
    const titles = await activityTitles(owner);
    expect(titles.filter((title: string) => title === 'Two-factor authentication required')).toHaveLength(1);
  });

  it.each(['EDITOR', 'COUNTER', 'VIEWER'] as const)('refuses a %s without a second factor on REST and GraphQL, reads and writes alike', async (role) => {
    const member = members[role];
    expectRestError(await app.rest('GET', '/api/products', undefined, inShop(member)), 403, 'SECOND_FACTOR_REQUIRED', REQUIRED);
    expectRestError(await app.rest('GET', '/api/dashboard', undefined, inShop(member)), 403, 'SECOND_FACTOR_REQUIRED', REQUIRED);
    expectRestError(await app.rest('POST', '/api/products', { name: 'Lamp', price: 5 }, inShop(member)), 403, 'SECOND_FACTOR_REQUIRED', REQUIRED);
    expectRestError(await app.rest('GET', `/api/workspaces/${shop}/members`, undefined, { token: member.token }), 403, 'SECOND_FACTOR_REQUIRED', REQUIRED);
    expectGqlError(await app.gql(PRODUCTS, {}, inShop(member)), 'SECOND_FACTOR_REQUIRED', REQUIRED);
  });

  it('lets in the owner and an admin who have a second factor', async () => {
    for (const member of [owner, members.ADMIN]) {
      expect((await app.rest('GET', '/api/products', undefined, inShop(member))).status).toBe(200);
      expect((await app.gql(PRODUCTS, {}, inShop(member))).data.products.pagination.total).toBe(0);
    }
  });

  it("refuses a personal access token made in it, on both transports, since its account has no second factor", async () => {
    expectRestError(await app.rest('GET', '/api/products', undefined, { token: viewerToken }), 403, 'SECOND_FACTOR_REQUIRED', REQUIRED);
    expectGqlError(await app.gql(PRODUCTS, {}, { token: viewerToken }), 'SECOND_FACTOR_REQUIRED', REQUIRED);
  });

  it('leaves open what the member needs: the profile, the workspace list (saying so), the personal workspace, setting up a factor', async () => {
    const member = members.EDITOR;
    // Even with the header still naming the shop, as a client that just switched there sends it.
    expect((await app.rest('GET', '/api/users/profile/me', undefined, inShop(member))).status).toBe(200);
    const listed = await app.rest('GET', '/api/workspaces', undefined, inShop(member));
    expect(listed.body.workspaces.find((w: { id: string }) => w.id === shop)).toMatchObject({ requireSecondFactor: true, needsSecondFactor: true, role: 'EDITOR' });
    expect(listed.body.workspaces.find((w: { personal: boolean }) => w.personal)).toMatchObject({ needsSecondFactor: false });
    expect((await app.rest('GET', '/api/products', undefined, { token: member.token })).status).toBe(200);
    const gql = await app.gql(`query { me { id } workspaces { id needsSecondFactor } secondFactors { totp } }`, {}, inShop(member));
    expect(gql.errors).toBeUndefined();
    expect(gql.data.workspaces.find((w: { id: string }) => w.id === shop).needsSecondFactor).toBe(true);

    await withAuthenticator(member);
    expect((await app.rest('GET', '/api/products', undefined, inShop(member))).status).toBe(200);
    expect((await app.rest('GET', '/api/workspaces', undefined, { token: member.token })).body.workspaces.find((w: { id: string }) => w.id === shop).needsSecondFactor).toBe(false);
  });

  it('lets a member without a second factor leave it, and sign out', async () => {
    const leaver = await signUpUser(app, { firstName: 'Lee' });
    await app.sql('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [shop, leaver.user.id, 'VIEWER']);
    expectRestError(await app.rest('GET', '/api/products', undefined, inShop(leaver)), 403, 'SECOND_FACTOR_REQUIRED', REQUIRED);
    // Removing another member is still closed to them.
    expectRestError(await app.rest('DELETE', `/api/workspaces/${shop}/members/${members.VIEWER.user.id}`, undefined, { token: leaver.token }), 403, 'SECOND_FACTOR_REQUIRED', REQUIRED);
    const left = await app.rest('DELETE', `/api/workspaces/${shop}/members/${leaver.user.id}`, undefined, { token: leaver.token });
    expect(left.body).toEqual({ id: leaver.user.id });
    expect((await app.rest('POST', '/api/auth/signout', undefined, inShop(leaver))).status).toBe(200);
  });

  it('keeps out a member whose factor is turned off again', async () => {
    const member = members.EDITOR;
    await app.sql('DELETE FROM totp_factors WHERE user_id = $1', [member.user.id]);
    expectRestError(await app.rest('GET', '/api/products', undefined, inShop(member)), 403, 'SECOND_FACTOR_REQUIRED', REQUIRED);
  });

  it('lets in a member whose only second factor is a passkey, and keeps them out once it is removed', async () => {
    const member = members.COUNTER;
    const options = await app.rest('POST', '/api/users/profile/passkeys/options', undefined, { token: member.token });
    expect(options.status).toBe(200);
    const made = new SoftwareAuthenticator('http://stockroom.test').create(options.body);
    const added = await app.rest('POST', '/api/users/profile/passkeys', { name: 'Stockroom phone', attestation: made.response }, { token: member.token });
    expect(added.status).toBe(201);
    expect((await app.rest('GET', '/api/products', undefined, inShop(member))).status).toBe(200);

    await app.sql('DELETE FROM passkeys WHERE user_id = $1', [member.user.id]);
    expectRestError(await app.rest('GET', '/api/products', undefined, inShop(member)), 403, 'SECOND_FACTOR_REQUIRED', REQUIRED);
  });

  it("never keeps an account out of its own personal workspace, even one that requires a second factor", async () => {
    const personal = (await app.rest('GET', '/api/workspaces', undefined, { token: owner.token })).body.workspaces.find((w: { personal: boolean }) => w.personal).id;
    expect((await setPolicy(owner, true, personal)).status).toBe(200);
    await app.sql('DELETE FROM totp_factors WHERE user_id = $1', [owner.user.id]);
    try {
      expect((await app.rest('GET', '/api/products', undefined, { token: owner.token })).status).toBe(200);
      expectRestError(await app.rest('GET', '/api/products', undefined, inShop(owner)), 403, 'SECOND_FACTOR_REQUIRED', REQUIRED);
    } finally {
      await withAuthenticator(owner);
    }
  });

  it('costs a request no statement: a member let in reads as in a workspace without it, and a refusal is the caller lookup alone', async () => {
    const plain = (await app.rest('POST', '/api/workspaces', { name: 'Plain shop' }, { token: owner.token })).body.workspace.id;
    const log = logStatements();
    /** The statements of one read, leaving out the workspace settings of row-level security (see read-statements.test.ts). */
    const statementsOf = async (account: Account, workspaceId: string) => {
      await app.writeCounts();
      const { result, statements } = await log.during(() => app.rest('GET', '/api/products/stats', undefined, { token: account.token, headers: { [HEADER]: workspaceId } }));
      return { status: result.status, statements: statements.filter((text) => !text.startsWith("SELECT set_config('stockroom.workspace_id'")) };
    };
    try {
      const inPlain = await statementsOf(owner, plain);
      const inRequiring = await statementsOf(owner, shop);
      expect({ status: inRequiring.status, count: inRequiring.statements.length }).toEqual({ status: 200, count: inPlain.statements.length });
      const refused = await statementsOf(members.VIEWER, shop);
      expect(refused.status).toBe(403);
      expect(refused.statements).toEqual([expect.stringMatching(/LEFT JOIN rate_limit_buckets/)]);
    } finally {
      log.stop();
    }
  });

  it('lets everyone in again once an owner turns it off, and lists that too', async () => {
    const off = await app.gql(POLICY, { id: shop, input: { requireSecondFactor: false } }, { token: owner.token });
    expect(off.data.updateWorkspacePolicy).toEqual({ id: shop, requireSecondFactor: false, needsSecondFactor: false });
    expect((await app.rest('GET', '/api/products', undefined, inShop(members.VIEWER))).status).toBe(200);
    expect((await app.rest('GET', '/api/products', undefined, { token: viewerToken })).status).toBe(200);
    expect(await activityTitles(owner)).toContain('Two-factor authentication optional');
  });
});
