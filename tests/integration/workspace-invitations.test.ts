import { WORKSPACE_ROLES, type WorkspaceRole } from '@stockroom/schema';
import { expectGqlError, expectRestError } from '../support/answers';
import { decodeQuotedPrintable, signUpUser, startTestApp, uniqueEmail, type TestApp } from '../support/test-app';

/**
 * Invitations: an admin invites an address with a role, the mail carries a
 * link to APP_URL/invitations/<token>, and only the account with that
 * address accepts it, once, within a week, unless it was revoked or renewed.
 * One app and one shop for the whole file: an owner, a member of each other
 * role and an outsider.
 */

const DENIED = 'Access denied. Insufficient permissions';
const NOT_FOUND = 'Workspace not found';
const GONE = 'This invitation is no longer valid';
const OTHER_EMAIL = 'This invitation is for another email address';
const ALREADY_MEMBER = 'This person is already a member of the workspace';
const TOO_MANY = 'Too many requests. Please wait a moment and try again';
const HEADER = 'X-Workspace-Id';

type Account = Awaited<ReturnType<typeof signUpUser>>;

let app: TestApp;
let owner: Account;
let outsider: Account;
const members = {} as Record<WorkspaceRole, Account>;
let shop: string;

async function join(workspaceId: string, account: Account, role: WorkspaceRole) {
  await app.sql('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [workspaceId, account.user.id, role]);
}

async function newWorkspace(account: Account, name: string): Promise<string> {
  const created = await app.rest('POST', '/api/workspaces', { name }, { token: account.token });
  expect(created.status).toBe(201);
  return created.body.workspace.id;
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await signUpUser(app, { firstName: 'Olive', lastName: 'Owner' });
  outsider = await signUpUser(app, { firstName: 'Oscar' });
  shop = await newWorkspace(owner, 'Corner shop');
  members.OWNER = owner;
  for (const role of WORKSPACE_ROLES.filter((r) => r !== 'OWNER')) {
    members[role] = await signUpUser(app, { firstName: role[0] + role.slice(1).toLowerCase() });
    await join(shop, members[role], role);
  }
});
afterAll(() => app?.close());

const invite = (account: Account, email: string, role: WorkspaceRole | string, workspaceId = shop) =>
  app.rest('POST', `/api/workspaces/${workspaceId}/invitations`, { email, role }, { token: account.token });

/** Whether the account's email address counts as verified, as its profile says. */
async function emailVerified(account: Account): Promise<boolean> {
  const profile = await app.rest('GET', '/api/users/profile/me', undefined, { token: account.token });
  expect(profile.status).toBe(200);
  return profile.body.user.emailVerified;
}

/** The invitation mails sent to `email`, oldest first, decoded. */
async function invitationMails(email: string): Promise<string[]> {
  return (await app.mailsTo(email)).map(decodeQuotedPrintable).filter((mail) => mail.includes('/invitations/'));
}

/** The token of the newest invitation mail to `email`; checks that its link is built on APP_URL. */
async function newestToken(email: string): Promise<string> {
  const mails = await invitationMails(email);
  expect(mails.length).toBeGreaterThan(0);
  const match = mails[mails.length - 1].match(/(https?:\/\/[^\s"<>]+)\/invitations\/([A-Za-z0-9_-]{43})/);
  expect(match).not.toBeNull();
  expect(match![1]).toBe(app.config.appUrl);
  return match![2];
}

const accept = (account: Account, token: string) => app.rest('POST', `/api/invitations/${token}/accept`, undefined, { token: account.token });
const roleIn = async (workspaceId: string, userId: string) =>
  (await app.sql<{ role: string }>('SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [workspaceId, userId]))[0]?.role;

describe('inviting and accepting over REST', () => {
  it('mails a link naming the workspace, the inviter and the role, which an existing account with the address accepts', async () => {
    const invitee = await signUpUser(app, { firstName: 'Ivy' });
    const answer = await invite(owner, invitee.email, 'EDITOR');
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ invitation: { id: expect.any(String), email: invitee.email, role: 'EDITOR', expiresAt: expect.any(String) } });
    const week = new Date(answer.body.invitation.expiresAt).getTime() - Date.now();
    expect(week).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(week).toBeLessThanOrEqual(7 * 86_400_000);

    const [mail] = await invitationMails(invitee.email);
    expect(mail).toContain('Corner shop');
    expect(mail).toContain('Olive Owner');
    expect(mail).toContain('EDITOR');
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(mail).toMatch(/Content-Type: text\/plain/);
    const token = await newestToken(invitee.email);
    const [stored] = await app.sql<{ token_hash: string }>('SELECT token_hash FROM workspace_invitations WHERE id = $1', [answer.body.invitation.id]);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(token);

    const preview = await app.rest('GET', `/api/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      invitation: { email: invitee.email, role: 'EDITOR', expiresAt: answer.body.invitation.expiresAt, workspaceName: 'Corner shop', invitedBy: 'Olive Owner', accountExists: true },
    });

    const accepted = await accept(invitee, token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ workspace: { id: shop, name: 'Corner shop', role: 'EDITOR', personal: false, requireSecondFactor: false, needsSecondFactor: false }, role: 'EDITOR' });
    expect(await roleIn(shop, invitee.user.id)).toBe('EDITOR');
    const listed = await app.rest('GET', '/api/products', undefined, { token: invitee.token, headers: { [HEADER]: shop } });
    expect(listed.status).toBe(200);

    expectRestError(await accept(invitee, token), 410, 'GONE', GONE);
    expectRestError(await app.rest('GET', `/api/invitations/${token}`), 410, 'GONE', GONE);
  });

  it('works for an address with no account yet: the page says to sign up, and the new account accepts', async () => {
    const email = uniqueEmail('newcomer');
    expect((await invite(owner, email.toUpperCase(), 'COUNTER')).body.invitation.email).toBe(email);
    const token = await newestToken(email);
    expect((await app.rest('GET', `/api/invitations/${token}`)).body.invitation).toMatchObject({ email, accountExists: false, role: 'COUNTER' });

    const newcomer = await signUpUser(app, { email });
    expect((await app.rest('GET', `/api/invitations/${token}`)).body.invitation.accountExists).toBe(true);
    expect(await emailVerified(newcomer)).toBe(false);
    const accepted = await accept(newcomer, token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.role).toBe('COUNTER');
    expect(await roleIn(shop, newcomer.user.id)).toBe('COUNTER');
    // The link came to that address: following it verifies it.
    expect(await emailVerified(newcomer)).toBe(true);
  });

  it('refuses another account with 403 and leaves the invitation for the right one', async () => {
    const invitee = await signUpUser(app);
    await invite(owner, invitee.email, 'VIEWER');
    const token = await newestToken(invitee.email);
    expectRestError(await accept(outsider, token), 403, 'FORBIDDEN', OTHER_EMAIL);
    expect(await roleIn(shop, outsider.user.id)).toBeUndefined();
    expect(await emailVerified(outsider)).toBe(false);
    expect((await accept(invitee, token)).status).toBe(200);
  });

  it('answers 410 for a revoked, an expired and an unknown link, and 401 to accept without signing in', async () => {
    const revokedFor = await signUpUser(app);
    const revoked = await invite(owner, revokedFor.email, 'VIEWER');
    const revokedToken = await newestToken(revokedFor.email);
    const revoking = await app.rest('DELETE', `/api/workspaces/${shop}/invitations/${revoked.body.invitation.id}`, undefined, { token: owner.token });
    expect(revoking.body).toEqual({ id: revoked.body.invitation.id });
    expectRestError(await accept(revokedFor, revokedToken), 410, 'GONE', GONE);
    expectRestError(await app.rest('DELETE', `/api/workspaces/${shop}/invitations/${revoked.body.invitation.id}`, undefined, { token: owner.token }), 404, 'NOT_FOUND', 'Invitation not found');

    const expiredFor = await signUpUser(app);
    const expired = await invite(owner, expiredFor.email, 'VIEWER');
    const expiredToken = await newestToken(expiredFor.email);
    await app.sql(`UPDATE workspace_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.body.invitation.id]);
    expectRestError(await accept(expiredFor, expiredToken), 410, 'GONE', GONE);
    expectRestError(await app.rest('GET', `/api/invitations/${expiredToken}`), 410, 'GONE', GONE);
    const pending = await app.rest('GET', `/api/workspaces/${shop}/invitations`, undefined, { token: owner.token });
    expect(pending.body.invitations.map((i: { id: string }) => i.id)).not.toContain(expired.body.invitation.id);
    expect(pending.body.invitations.map((i: { id: string }) => i.id)).not.toContain(revoked.body.invitation.id);

    expectRestError(await accept(outsider, 'A'.repeat(43)), 410, 'GONE', GONE);
    const anonymous = await app.rest('POST', `/api/invitations/${'A'.repeat(43)}/accept`);
    expect({ status: anonymous.status, code: anonymous.body.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('a resend mails a new link and the old one stops working; inviting the address again renews the same invitation', async () => {
    const invitee = await signUpUser(app);
    const first = await invite(owner, invitee.email, 'VIEWER');
    const firstToken = await newestToken(invitee.email);
    const resent = await app.rest('POST', `/api/workspaces/${shop}/invitations/${first.body.invitation.id}/resend`, undefined, { token: owner.token });
    expect(resent.status).toBe(200);
    expect(resent.body.invitation).toMatchObject({ id: first.body.invitation.id, role: 'VIEWER' });
    const secondToken = await newestToken(invitee.email);
    expect(secondToken).not.toBe(firstToken);
    expectRestError(await accept(invitee, firstToken), 410, 'GONE', GONE);

    const again = await invite(members.ADMIN, invitee.email, 'EDITOR');
    expect(again.status).toBe(201);
    expect(again.body.invitation).toMatchObject({ id: first.body.invitation.id, role: 'EDITOR' });
    const thirdToken = await newestToken(invitee.email);
    expect(await invitationMails(invitee.email)).toHaveLength(3);
    expectRestError(await accept(invitee, secondToken), 410, 'GONE', GONE);
    const listed = await app.rest('GET', `/api/workspaces/${shop}/invitations`, undefined, { token: owner.token });
    expect(listed.body.invitations.filter((i: { email: string }) => i.email === invitee.email)).toEqual([again.body.invitation]);
    expect((await accept(invitee, thirdToken)).body.role).toBe('EDITOR');
  });

  it("refuses a member's address with 409", async () => {
    expectRestError(await invite(owner, members.VIEWER.email.toUpperCase(), 'EDITOR'), 409, 'CONFLICT', ALREADY_MEMBER, { email: ALREADY_MEMBER });
    expect(await invitationMails(members.VIEWER.email)).toHaveLength(0);
  });
});

describe('who may manage invitations', () => {
  it.each(['VIEWER', 'COUNTER', 'EDITOR'] as const)('%s may not invite, list, resend or revoke (403)', async (role) => {
    const pending = await invite(owner, uniqueEmail('pending'), 'VIEWER');
    const as = { token: members[role].token };
    expectRestError(await invite(members[role], uniqueEmail(), 'VIEWER'), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('GET', `/api/workspaces/${shop}/invitations`, undefined, as), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('POST', `/api/workspaces/${shop}/invitations/${pending.body.invitation.id}/resend`, undefined, as), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('DELETE', `/api/workspaces/${shop}/invitations/${pending.body.invitation.id}`, undefined, as), 403, 'FORBIDDEN', DENIED);
  });

  it('an admin manages invitations for every role but owner; an owner for every role', async () => {
    expect((await invite(members.ADMIN, uniqueEmail(), 'ADMIN')).status).toBe(201);
    expectRestError(await invite(members.ADMIN, uniqueEmail(), 'OWNER'), 403, 'FORBIDDEN', DENIED);
    const ownerInvite = await invite(owner, uniqueEmail('co-owner'), 'OWNER');
    expect(ownerInvite.status).toBe(201);
    const id = ownerInvite.body.invitation.id;
    const asAdmin = { token: members.ADMIN.token };
    expectRestError(await app.rest('POST', `/api/workspaces/${shop}/invitations/${id}/resend`, undefined, asAdmin), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('DELETE', `/api/workspaces/${shop}/invitations/${id}`, undefined, asAdmin), 403, 'FORBIDDEN', DENIED);
    expectRestError(await invite(members.ADMIN, ownerInvite.body.invitation.email, 'VIEWER'), 403, 'FORBIDDEN', DENIED);
    expect((await app.rest('GET', `/api/workspaces/${shop}/invitations`, undefined, asAdmin)).status).toBe(200);
    expect((await app.rest('DELETE', `/api/workspaces/${shop}/invitations/${id}`, undefined, { token: owner.token })).status).toBe(200);
  });

  it('a workspace the caller is not in is 404, and so is an invitation of another workspace', async () => {
    const pending = await invite(owner, uniqueEmail(), 'VIEWER');
    const as = { token: outsider.token };
    expectRestError(await invite(outsider, uniqueEmail(), 'VIEWER'), 404, 'NOT_FOUND', NOT_FOUND);
    expectRestError(await app.rest('GET', `/api/workspaces/${shop}/invitations`, undefined, as), 404, 'NOT_FOUND', NOT_FOUND);
    expectRestError(await app.rest('DELETE', `/api/workspaces/${shop}/invitations/${pending.body.invitation.id}`, undefined, as), 404, 'NOT_FOUND', NOT_FOUND);
    const ownShop = await newWorkspace(outsider, 'Other shop');
    expectRestError(await app.rest('DELETE', `/api/workspaces/${ownShop}/invitations/${pending.body.invitation.id}`, undefined, as), 404, 'NOT_FOUND', 'Invitation not found');
    expectRestError(await app.rest('POST', `/api/workspaces/${ownShop}/invitations/${pending.body.invitation.id}/resend`, undefined, as), 404, 'NOT_FOUND', 'Invitation not found');
  });
});

describe('hostile input', () => {
  it.each([
    ['SQL in the email', { email: "x'; DROP TABLE users; --", role: 'VIEWER' }, 'email'],
    ['HTML in the email', { email: '<script>alert(1)</script>', role: 'VIEWER' }, 'email'],
    ['a huge email', { email: `${'a'.repeat(100_000)}@example.com`, role: 'VIEWER' }, 'email'],
    ['no email', { role: 'VIEWER' }, 'email'],
    ['an email that is a number', { email: 42, role: 'VIEWER' }, 'email'],
    ['an unknown role', { email: 'someone@example.com', role: 'SUPERUSER' }, 'role'],
    ['a lower-case role', { email: 'someone@example.com', role: 'admin' }, 'role'],
    ['no role', { email: 'someone@example.com' }, 'role'],
  ])('refuses %s with 400', async (_, body, field) => {
    const answer = await app.rest('POST', `/api/workspaces/${shop}/invitations`, body, { token: owner.token });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('BAD_USER_INPUT');
    expect(answer.body.fields[field]).toEqual(expect.any(String));
  });

  it('accepts a unicode address and keeps it lower-cased', async () => {
    const answer = await invite(owner, `Zoë.${Date.now()}@Exämple.com`, 'VIEWER');
    expect(answer.status).toBe(201);
    expect(answer.body.invitation.email).toBe(answer.body.invitation.email.toLowerCase());
  });

  it('answers forged tokens with 410, an oversized one with 400, and malformed ids with 400 or 404, never 500', async () => {
    for (const token of ["' OR 1=1 --", '<img src=x>', '%00', 'ünïcødé', '..%2F..%2Fetc']) {
      expect((await app.rest('GET', `/api/invitations/${encodeURIComponent(token)}`)).status).toBe(410);
      expect((await accept(outsider, encodeURIComponent(token))).status).toBe(410);
    }
    expect((await app.rest('GET', `/api/invitations/${'a'.repeat(5000)}`)).status).toBe(400);
    expect((await accept(outsider, 'a'.repeat(5000))).status).toBe(400);
    expectRestError(await app.rest('DELETE', `/api/workspaces/${shop}/invitations/not-a-uuid`, undefined, { token: owner.token }), 400, 'BAD_USER_INPUT', 'Invalid ID format', { id: 'Invalid ID format' });
    expectRestError(await app.rest('POST', `/api/workspaces/not-a-uuid/invitations`, { email: 'a@example.com', role: 'VIEWER' }, { token: owner.token }), 404, 'NOT_FOUND', NOT_FOUND);
  });
});

describe('the limit on invitation mails', () => {
  it('lets a workspace invite a team of twenty at once, far past the account mail limit, then answers 429 past 50 an hour (a resend counts)', async () => {
    const team = await newWorkspace(owner, 'Big team');
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => invite(owner, uniqueEmail(`team${i}`), 'VIEWER', team)));
    expect(first.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    for (let i = 0; i < 29; i++) expect((await invite(owner, uniqueEmail(`more${i}`), 'VIEWER', team)).status).toBe(201);
    const resent = await app.rest('POST', `/api/workspaces/${team}/invitations/${first[0].body.invitation.id}/resend`, undefined, { token: owner.token });
    expect(resent.status).toBe(200);

    const over = await invite(owner, uniqueEmail('over'), 'VIEWER', team);
    expectRestError(over, 429, 'TOO_MANY_REQUESTS', TOO_MANY);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const overResend = await app.rest('POST', `/api/workspaces/${team}/invitations/${first[1].body.invitation.id}/resend`, undefined, { token: owner.token });
    expect(overResend.status).toBe(429);
    const gql = await app.gql(INVITE, { workspaceId: team, email: uniqueEmail('over'), role: 'VIEWER' }, { token: owner.token });
    expect(gql.errors?.[0].extensions?.code).toBe('TOO_MANY_REQUESTS');

    // The limit is the workspace's: the shop still invites.
    expect((await invite(owner, uniqueEmail(), 'VIEWER')).status).toBe(201);
    const listed = await app.rest('GET', `/api/workspaces/${team}/invitations`, undefined, { token: owner.token });
    expect(listed.body.invitations).toHaveLength(49);
  });
});

const INVITATION_FIELDS = 'id email role expiresAt';
const INVITE = `mutation Invite($workspaceId: ID!, $email: String!, $role: WorkspaceRole!) { inviteMember(workspaceId: $workspaceId, email: $email, role: $role) { ${INVITATION_FIELDS} } }`;
const LIST = `query Invitations($workspaceId: ID!) { invitations(workspaceId: $workspaceId) { ${INVITATION_FIELDS} } }`;
const PREVIEW = `query Invitation($token: String!) { invitation(token: $token) { email role expiresAt workspaceName invitedBy accountExists } }`;
const RESEND = `mutation Resend($workspaceId: ID!, $invitationId: ID!) { resendInvitation(workspaceId: $workspaceId, invitationId: $invitationId) { ${INVITATION_FIELDS} } }`;
const REVOKE = `mutation Revoke($workspaceId: ID!, $invitationId: ID!) { revokeInvitation(workspaceId: $workspaceId, invitationId: $invitationId) }`;
const ACCEPT = `mutation Accept($token: String!) { acceptInvitation(token: $token) { workspace { id name role personal } role } }`;

describe('GraphQL', () => {
  it('invites, lists, previews, resends, accepts and revokes with the same answers as REST', async () => {
    const invitee = await signUpUser(app);
    const invited = await app.gql(INVITE, { workspaceId: shop, email: invitee.email, role: 'ADMIN' }, { token: owner.token });
    expect(invited.errors).toBeUndefined();
    const invitation = invited.data.inviteMember;
    expect(invitation).toMatchObject({ email: invitee.email, role: 'ADMIN' });
    const rest = await app.rest('GET', `/api/workspaces/${shop}/invitations`, undefined, { token: owner.token });
    expect((await app.gql(LIST, { workspaceId: shop }, { token: owner.token })).data.invitations).toEqual(rest.body.invitations);

    const oldToken = await newestToken(invitee.email);
    const resent = await app.gql(RESEND, { workspaceId: shop, invitationId: invitation.id }, { token: owner.token });
    expect(resent.data.resendInvitation.id).toBe(invitation.id);
    const token = await newestToken(invitee.email);
    expectGqlError(await app.gql(ACCEPT, { token: oldToken }, { token: invitee.token }), 'GONE', GONE);
    expectGqlError(await app.gql(PREVIEW, { token: oldToken }), 'GONE', GONE);

    const preview = await app.gql(PREVIEW, { token });
    expect(preview.data.invitation).toEqual({ ...(await app.rest('GET', `/api/invitations/${token}`)).body.invitation });
    expectGqlError(await app.gql(ACCEPT, { token }, { token: outsider.token }), 'FORBIDDEN', OTHER_EMAIL);
    const accepted = await app.gql(ACCEPT, { token }, { token: invitee.token });
    expect(accepted.data.acceptInvitation).toEqual({ workspace: { id: shop, name: 'Corner shop', role: 'ADMIN', personal: false }, role: 'ADMIN' });
    expectGqlError(await app.gql(ACCEPT, { token }, { token: invitee.token }), 'GONE', GONE);

    const other = await app.gql(INVITE, { workspaceId: shop, email: uniqueEmail(), role: 'VIEWER' }, { token: owner.token });
    const revoked = await app.gql(REVOKE, { workspaceId: shop, invitationId: other.data.inviteMember.id }, { token: owner.token });
    expect(revoked.data.revokeInvitation).toBe(other.data.inviteMember.id);
  });

  it('refuses roles, members and outsiders as REST does', async () => {
    expectGqlError(await app.gql(INVITE, { workspaceId: shop, email: uniqueEmail(), role: 'VIEWER' }, { token: members.EDITOR.token }), 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(INVITE, { workspaceId: shop, email: uniqueEmail(), role: 'OWNER' }, { token: members.ADMIN.token }), 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(INVITE, { workspaceId: shop, email: members.COUNTER.email, role: 'VIEWER' }, { token: owner.token }), 'CONFLICT', ALREADY_MEMBER, { email: ALREADY_MEMBER });
    expectGqlError(await app.gql(LIST, { workspaceId: shop }, { token: outsider.token }), 'NOT_FOUND', NOT_FOUND);
    expectGqlError(await app.gql(INVITE, { workspaceId: shop, email: 'not-an-email', role: 'VIEWER' }, { token: owner.token }), 'BAD_USER_INPUT', 'Please provide a valid email address', {
      email: 'Please provide a valid email address',
    });
    expectGqlError(await app.gql(PREVIEW, { token: 'x'.repeat(43) }), 'GONE', GONE);
  });
});
