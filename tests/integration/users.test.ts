import { Client } from 'pg';
import { setRole } from '../../backend/scripts/promote-user';
import { UserRole } from '../../backend/src/account/user.entity';
import { expectGqlError, expectGqlTypeError, expectRestError } from '../support/answers';
import { ageSessions, GOOD_PASSWORD, linkIn, signUpAdmin, signUpUser, startTestApp, uniqueEmail, type TestApp } from '../support/test-app';

/**
 * Accounts (issue 4): a user reads and changes their own
 * account, an admin anyone's; role and status are never their owner's to
 * write; deactivation revokes every session; a public profile shows nothing
 * private. Each rule is checked through REST and GraphQL.
 */

let app: TestApp;

const DENIED = 'Access denied. Insufficient permissions';
const LAST_ADMIN = 'The last active administrator cannot be deactivated';
const LAST_ADMIN_DEMOTED = 'The last active administrator cannot be made a Member';
const INVALID_ID = { id: 'Invalid ID format' };
const USER_FIELDS = 'id email firstName lastName fullName avatar status role emailVerified createdAt updatedAt';
const USER = `query User($id: ID!) { user(id: $id) { ${USER_FIELDS} } }`;
const UPDATE_PROFILE = `mutation UpdateProfile($input: UpdateProfileInput!) { updateProfile(input: $input) { ${USER_FIELDS} } }`;
const UPDATE_USER = `mutation UpdateUser($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { ${USER_FIELDS} } }`;
const DEACTIVATE = `mutation Deactivate($id: ID!) { deactivateUser(id: $id) { message } }`;
const PUBLIC_PROFILE = `query PublicProfile($id: ID!) { publicProfile(id: $id) { id firstName lastName fullName avatar memberSince } }`;
const USERS = `query Users($query: UserListInput) { users(query: $query) { users { id email fullName role status } pagination { page limit total totalPages hasNextPage hasPrevPage totalIsEstimate } } }`;
const ADMIN_STATS = `query AdminStats { adminStats { totalUsers activeUsers inactiveUsers adminUsers verifiedUsers newUsersLast7Days signedInUsers totalProducts inventoryValue } }`;


const storedUser = async (id: string) =>
  (await app.sql('SELECT email, first_name, last_name, role, status, email_verified FROM users WHERE id = $1', [id]))[0];

const openSessions = async (id: string) =>
  (await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [id]))[0].n;

const activityKinds = async (id: string) =>
  (await app.sql<{ kind: string; details: Record<string, unknown> }>('SELECT kind, details FROM activity_log WHERE user_id = $1 ORDER BY id', [id]));

/** Makes every UPDATE of users fail inside PostgreSQL, as a broken disk or a bug would, for the duration of `run`. */
async function withFailingUserUpdates(run: () => Promise<void>) {
  await app.sql(`CREATE FUNCTION fail_user_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$`);
  await app.sql('CREATE TRIGGER fail_user_update BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION fail_user_update()');
  try {
    await run();
  } finally {
    await app.sql('DROP TRIGGER fail_user_update ON users');
    await app.sql('DROP FUNCTION fail_user_update()');
  }
}

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('reading an account', () => {
  it('gives users their own account and admins anyone’s; another member gets 403 whether or not it exists', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const admin = await signUpAdmin(app);

    const own = await app.rest('GET', `/api/users/${alice.user.id}`, undefined, { token: alice.token });
    expect(own.status).toBe(200);
    expect(own.body.user).toMatchObject({ id: alice.user.id, email: alice.email, role: 'Member', status: 'Active' });
    expect(own.body.user).not.toHaveProperty('passwordHash');

    expectRestError(await app.rest('GET', `/api/users/${bob.user.id}`, undefined, { token: alice.token }), 403, 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(USER, { id: bob.user.id }, { token: alice.token }), 'FORBIDDEN', DENIED);
    // An id that exists nowhere answers the same to a member: no probing for accounts.
    expectRestError(await app.rest('GET', '/api/users/00000000-0000-4000-8000-000000000000', undefined, { token: alice.token }), 403, 'FORBIDDEN', DENIED);

    const byAdmin = await app.gql(USER, { id: bob.user.id }, { token: admin.token });
    expect(byAdmin.data.user).toMatchObject({ id: bob.user.id, email: bob.email });
    expectRestError(await app.rest('GET', '/api/users/00000000-0000-4000-8000-000000000000', undefined, { token: admin.token }), 404, 'NOT_FOUND', 'User not found');
    expectGqlError(await app.gql(USER, { id: '00000000-0000-4000-8000-000000000000' }, { token: admin.token }), 'NOT_FOUND', 'User not found');
  });

  it('refuses malformed ids and missing tokens', async () => {
    const alice = await signUpUser(app);
    expectRestError(await app.rest('GET', "/api/users/1' OR '1'='1", undefined, { token: alice.token }), 400, 'BAD_USER_INPUT', 'Invalid ID format', INVALID_ID);
    expectGqlError(await app.gql(USER, { id: 'not-a-uuid' }, { token: alice.token }), 'BAD_USER_INPUT', 'Invalid ID format', INVALID_ID);
    expect((await app.rest('GET', `/api/users/${alice.user.id}`)).status).toBe(401);
    expect((await app.gql(USER, { id: alice.user.id })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('changing a profile', () => {
  it('changes the name (trimmed) over REST and GraphQL and logs what changed', async () => {
    const alice = await signUpUser(app, { firstName: 'Alice', lastName: 'Liddell' });
    const rest = await app.rest('PUT', `/api/users/${alice.user.id}`, { firstName: '  Alicia ' }, { token: alice.token });
    expect(rest.status).toBe(200);
    expect(rest.body.user).toMatchObject({ firstName: 'Alicia', lastName: 'Liddell', fullName: 'Alicia Liddell' });

    const gql = await app.gql(UPDATE_PROFILE, { input: { lastName: 'Pleasance' } }, { token: alice.token });
    expect(gql.data.updateProfile).toMatchObject({ firstName: 'Alicia', lastName: 'Pleasance', fullName: 'Alicia Pleasance' });
    expect((await app.rest('GET', '/api/users/profile/me', undefined, { token: alice.token })).body.user.fullName).toBe('Alicia Pleasance');

    const logged = (await activityKinds(alice.user.id)).filter((row) => row.kind === 'profile_updated');
    expect(logged.map((row) => row.details.fields)).toEqual([['firstName'], ['lastName']]);
  });

  it('keeps HTML and SQL in a name as text, and counts an emoji as one character', async () => {
    const alice = await signUpUser(app);
    const name = `<img src=x onerror=alert(1)>'); DROP TABLE users;--`.slice(0, 50);
    const answer = await app.rest('PUT', '/api/users/profile/me', { firstName: name, lastName: '🦊'.repeat(50) }, { token: alice.token });
    expect(answer.status).toBe(200);
    expect(await storedUser(alice.user.id)).toMatchObject({ first_name: name, last_name: '🦊'.repeat(50) });
  });

  it('refuses bad values with the rule’s message on both transports, and changes nothing', async () => {
    const alice = await signUpUser(app, { firstName: 'Alice' });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ firstName: 'x'.repeat(51) }, 'firstName', 'First name cannot exceed 50 characters'],
      [{ lastName: '   ' }, 'lastName', 'Last name is required'],
      [{ email: 'not-an-email' }, 'email', 'Please provide a valid email address'],
      [{ email: `${'x'.repeat(250)}@example.com` }, 'email', 'Email cannot exceed 254 characters'],
      [{ firstName: 'A\u0000B' }, 'firstName', 'First name format is invalid'],
    ];
    for (const [input, field, message] of cases) {
      expectRestError(await app.rest('PUT', `/api/users/${alice.user.id}`, input, { token: alice.token }), 400, 'BAD_USER_INPUT', message, { [field]: message });
      expectGqlError(await app.gql(UPDATE_PROFILE, { input }, { token: alice.token }), 'BAD_USER_INPUT', message, { [field]: message });
    }
    expectRestError(await app.rest('PUT', `/api/users/${alice.user.id}`, { firstName: 7 }, { token: alice.token }), 400, 'BAD_USER_INPUT', 'First name format is invalid', {
      firstName: 'First name format is invalid',
    });
    const unknown = await app.rest('PUT', `/api/users/${alice.user.id}`, { passwordHash: 'x' }, { token: alice.token });
    expect(unknown.status).toBe(400);
    expect(await storedUser(alice.user.id)).toMatchObject({ first_name: 'Alice', email: alice.email });
  });

  it('never lets owners write their own role or status, on either transport', async () => {
    const alice = await signUpUser(app);
    expectRestError(await app.rest('PUT', `/api/users/${alice.user.id}`, { role: 'Admin' }, { token: alice.token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('PUT', `/api/users/${alice.user.id}`, { firstName: 'Mallory', status: 'Active' }, { token: alice.token }), 403, 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(UPDATE_USER, { id: alice.user.id, input: { role: 'Admin' } }, { token: alice.token }), 'FORBIDDEN', DENIED);
    // The profile input has no role at all.
    const viaProfile = await app.gql(`mutation { updateProfile(input: { role: Admin }) { role } }`, undefined, { token: alice.token });
    expect(viaProfile.status).toBe(400);
    expect(await storedUser(alice.user.id)).toMatchObject({ role: 'Member', status: 'Active', first_name: 'Grace' });

    // Not even an admin may change their own role (no accidental lock-out).
    const admin = await signUpAdmin(app);
    expectRestError(await app.rest('PUT', `/api/users/${admin.user.id}`, { role: 'Member' }, { token: admin.token }), 403, 'FORBIDDEN', DENIED);
    expect((await storedUser(admin.user.id)).role).toBe('Admin');
  });

  it('lets an admin change someone else’s name, role and status; a status of Inactive signs them out everywhere', async () => {
    const admin = await signUpAdmin(app);
    const bob = await signUpUser(app, { firstName: 'Bob' });
    const promoted = await app.rest('PUT', `/api/users/${bob.user.id}`, { role: 'Admin', firstName: 'Robert' }, { token: admin.token });
    expect(promoted.status).toBe(200);
    expect(promoted.body.user).toMatchObject({ role: 'Admin', firstName: 'Robert' });
    expect((await activityKinds(bob.user.id)).at(-1)).toEqual({ kind: 'profile_updated', details: { fields: ['firstName'], byAdmin: true } });

    const bad = await app.rest('PUT', `/api/users/${bob.user.id}`, { role: 'Owner' }, { token: admin.token });
    expectRestError(bad, 400, 'BAD_USER_INPUT', 'Role format is invalid', { role: 'Role format is invalid' });

    const inactive = await app.gql(UPDATE_USER, { id: bob.user.id, input: { status: 'Inactive' } }, { token: admin.token });
    expect(inactive.data.updateUser.status).toBe('Inactive');
    expect(await openSessions(bob.user.id)).toBe(0);
    expect((await app.rest('GET', '/api/users/profile/me', undefined, { token: bob.token })).status).toBe(401);
  });

  it('answers a failed write with the catalogue’s message, and keeps the old values', async () => {
    const alice = await signUpUser(app, { firstName: 'Alice' });
    await withFailingUserUpdates(async () => {
      expectRestError(await app.rest('PUT', `/api/users/${alice.user.id}`, { firstName: 'Alicia' }, { token: alice.token }), 500, 'INTERNAL_SERVER_ERROR', 'Failed to update user profile');
      expectGqlError(await app.gql(UPDATE_PROFILE, { input: { firstName: 'Alicia' } }, { token: alice.token }), 'INTERNAL_SERVER_ERROR', 'Failed to update user profile');
    });
    expect((await storedUser(alice.user.id)).first_name).toBe('Alice');
    expect((await activityKinds(alice.user.id)).some((row) => row.kind === 'profile_updated')).toBe(false);
  });
});

describe('changing the email address', () => {
  it('refuses an address another account has, in any case, on both transports', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const taken = 'An account with this email already exists';
    // The message names its field too (`fields.email`), so a form shows it on the email field without matching the text.
    const onEmail = { email: taken };
    expectRestError(await app.rest('PUT', '/api/users/profile/me', { email: bob.email.toUpperCase(), currentPassword: GOOD_PASSWORD }, { token: alice.token }), 409, 'CONFLICT', taken, onEmail);
    expectGqlError(await app.gql(UPDATE_PROFILE, { input: { email: ` ${bob.email} `, currentPassword: GOOD_PASSWORD } }, { token: alice.token }), 'CONFLICT', taken, onEmail);
    expectRestError(await app.rest('PUT', `/api/users/${alice.user.id}`, { email: bob.email, currentPassword: GOOD_PASSWORD }, { token: alice.token }), 409, 'CONFLICT', taken, onEmail);
    expectGqlError(await app.gql(UPDATE_USER, { id: alice.user.id, input: { email: bob.email, currentPassword: GOOD_PASSWORD } }, { token: alice.token }), 'CONFLICT', taken, onEmail);
    expect((await storedUser(alice.user.id)).email).toBe(alice.email);
  });

  it('marks a new address unverified, sends it a verification link that works, and tells the old address', async () => {
    const alice = await signUpUser(app);
    await app.rest('POST', '/api/users/verify-email', { email: alice.email, token: linkIn((await app.mailsTo(alice.email))[0], '/auth/verify-email').searchParams.get('token') });
    expect((await storedUser(alice.user.id)).email_verified).toBe(true);

    const newEmail = uniqueEmail('moved');
    const answer = await app.rest('PUT', `/api/users/${alice.user.id}`, { email: newEmail.toUpperCase(), currentPassword: GOOD_PASSWORD }, { token: alice.token });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email: newEmail, emailVerified: false });

    const [verification] = await app.mailsTo(newEmail);
    const link = linkIn(verification, '/auth/verify-email');
    expect(link.searchParams.get('email')).toBe(newEmail);
    const notice = (await app.mailsTo(alice.email)).at(-1)!;
    expect(notice).toMatch(/Subject: Your Stockroom email address was changed/);
    expect(notice).toContain(newEmail);

    const verified = await app.rest('POST', '/api/users/verify-email', { email: newEmail, token: link.searchParams.get('token') });
    expect(verified.status).toBe(200);
    expect((await storedUser(alice.user.id)).email_verified).toBe(true);
    // The old address no longer signs in; the new one does.
    expect((await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD })).status).toBe(401);
    expect((await app.rest('POST', '/api/auth/signin', { email: newEmail, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('keeps a verified address verified when the same address is sent again', async () => {
    const alice = await signUpUser(app);
    await app.sql('UPDATE users SET email_verified = true WHERE id = $1', [alice.user.id]);
    const mailsBefore = (await app.mailsTo(alice.email)).length;
    const answer = await app.gql(UPDATE_PROFILE, { input: { email: alice.email.toUpperCase(), firstName: 'Grace' } }, { token: alice.token });
    expect(answer.data.updateProfile.emailVerified).toBe(true);
    expect((await app.mailsTo(alice.email)).length).toBe(mailsBefore);
  });
});

const STEP_UP = 'Confirm it is you: enter your password or a code again, or use a passkey';
const PASSWORD_WRONG = { currentPassword: 'Current password is incorrect' };
const THROTTLED = 'Too many requests. Please wait a moment and try again';
const EMAIL_CHANGED_SUBJECT = /Subject: Your Stockroom email address was changed/;

/** Every verification link mailed to `email`, oldest first. */
const verificationMails = async (email: string) => (await app.mailsTo(email)).filter((mail) => mail.includes('/auth/verify-email'));
const changeNotices = async (email: string) => (await app.mailsTo(email)).filter((mail) => EMAIL_CHANGED_SUBJECT.test(mail));

describe('changing the email address needs the current password or a recent step-up', () => {
  it('refuses a wrong password, and no password 10 minutes after the sign-in, on every way to change one’s own email; changes and mails nothing', async () => {
    const alice = await signUpUser(app);
    await ageSessions(app, alice.user.id);
    const target = uniqueEmail('takeover');
    const wrong = { email: target, currentPassword: 'Wr0ng!Password' };
    expectRestError(await app.rest('PUT', '/api/users/profile/me', wrong, { token: alice.token }), 400, 'BAD_USER_INPUT', PASSWORD_WRONG.currentPassword, PASSWORD_WRONG);
    expectRestError(await app.rest('PUT', `/api/users/${alice.user.id}`, wrong, { token: alice.token }), 400, 'BAD_USER_INPUT', PASSWORD_WRONG.currentPassword, PASSWORD_WRONG);
    expectGqlError(await app.gql(UPDATE_PROFILE, { input: wrong }, { token: alice.token }), 'BAD_USER_INPUT', PASSWORD_WRONG.currentPassword, PASSWORD_WRONG);
    for (const input of [{ email: target }, { email: target, currentPassword: '' }, { email: target, currentPassword: '  ' }, { email: target, currentPassword: null }]) {
      expectRestError(await app.rest('PUT', '/api/users/profile/me', input, { token: alice.token }), 403, 'STEP_UP_REQUIRED', STEP_UP);
      expectRestError(await app.rest('PUT', `/api/users/${alice.user.id}`, input, { token: alice.token }), 403, 'STEP_UP_REQUIRED', STEP_UP);
      expectGqlError(await app.gql(UPDATE_PROFILE, { input }, { token: alice.token }), 'STEP_UP_REQUIRED', STEP_UP);
    }
    expect((await storedUser(alice.user.id)).email).toBe(alice.email);
    expect(await app.mailsTo(target)).toHaveLength(0);
    expect(await changeNotices(alice.email)).toHaveLength(0);
  });

  it('takes a sign-in or a step-up in the last 10 minutes instead of the password', async () => {
    const alice = await signUpUser(app);
    const fresh = uniqueEmail('fresh');
    const rest = await app.rest('PUT', '/api/users/profile/me', { email: fresh }, { token: alice.token });
    expect(rest).toMatchObject({ status: 200, body: { user: { email: fresh, emailVerified: false } } });
    expect(await changeNotices(alice.email)).toHaveLength(1);

    await ageSessions(app, alice.user.id);
    const later = uniqueEmail('later');
    expectGqlError(await app.gql(UPDATE_PROFILE, { input: { email: later } }, { token: alice.token }), 'STEP_UP_REQUIRED', STEP_UP);
    expect((await app.rest('POST', '/api/users/profile/step-up', { password: GOOD_PASSWORD }, { token: alice.token })).status).toBe(200);
    const gql = await app.gql(UPDATE_PROFILE, { input: { email: later } }, { token: alice.token });
    expect(gql.data.updateProfile).toMatchObject({ email: later, emailVerified: false });
    expect(await verificationMails(later)).toHaveLength(1);
  });

  it('refuses hostile password values with the rule’s message, never a 500', async () => {
    const alice = await signUpUser(app);
    const email = uniqueEmail('hostile');
    const cases: Array<[unknown, string]> = [
      [7, 'Current password format is invalid'],
      [{ $ne: '' }, 'Current password format is invalid'],
      ['x'.repeat(10_000), 'Current password cannot exceed 128 characters'],
      ['A\u0000B', 'Current password format is invalid'],
    ];
    for (const [currentPassword, message] of cases) {
      expectRestError(await app.rest('PUT', '/api/users/profile/me', { email, currentPassword }, { token: alice.token }), 400, 'BAD_USER_INPUT', message, { currentPassword: message });
    }
    expect((await storedUser(alice.user.id)).email).toBe(alice.email);
  });

  it('changes the email with the right password on REST and GraphQL; the old address still gets its notice', async () => {
    const alice = await signUpUser(app);
    const viaRest = uniqueEmail('rest');
    const rest = await app.rest('PUT', '/api/users/profile/me', { email: viaRest, currentPassword: GOOD_PASSWORD }, { token: alice.token });
    expect(rest.status).toBe(200);
    expect(rest.body.user).toMatchObject({ email: viaRest, emailVerified: false });
    expect(await changeNotices(alice.email)).toHaveLength(1);
    expect(await verificationMails(viaRest)).toHaveLength(1);

    const viaGql = uniqueEmail('gql');
    const gql = await app.gql(UPDATE_PROFILE, { input: { email: viaGql, currentPassword: GOOD_PASSWORD } }, { token: alice.token });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.updateProfile).toMatchObject({ email: viaGql, emailVerified: false });
    expect(await changeNotices(viaRest)).toHaveLength(1);
    expect(await verificationMails(viaGql)).toHaveLength(1);
  });

  it('needs no password for a name-only change or the same address in another case, and ignores one sent along', async () => {
    const alice = await signUpUser(app, { firstName: 'Alice' });
    const rest = await app.rest('PUT', '/api/users/profile/me', { firstName: 'Alicia', email: alice.email.toUpperCase() }, { token: alice.token });
    expect(rest.status).toBe(200);
    const gql = await app.gql(UPDATE_PROFILE, { input: { lastName: 'Liddell', currentPassword: 'not-checked' } }, { token: alice.token });
    expect(gql.data.updateProfile).toMatchObject({ firstName: 'Alicia', lastName: 'Liddell', email: alice.email });
  });

  it('refuses a password sent along with a name-only change that no password could be, on every route; nothing changes', async () => {
    const alice = await signUpUser(app, { lastName: 'Liddell' });
    const cases: Array<[unknown, string]> = [
      ['A\u0000B', 'Current password format is invalid'],
      ['x'.repeat(129), 'Current password cannot exceed 128 characters'],
      [12, 'Current password format is invalid'],
    ];
    for (const [currentPassword, message] of cases) {
      const input = { lastName: 'Hargreaves', currentPassword };
      const fields = { currentPassword: message };
      expectRestError(await app.rest('PUT', '/api/users/profile/me', input, { token: alice.token }), 400, 'BAD_USER_INPUT', message, fields);
      expectRestError(await app.rest('PUT', `/api/users/${alice.user.id}`, input, { token: alice.token }), 400, 'BAD_USER_INPUT', message, fields);
      if (typeof currentPassword === 'number') expectGqlTypeError(await app.gql(UPDATE_PROFILE, { input }, { token: alice.token }), /String cannot represent a non string value: 12/);
      else expectGqlError(await app.gql(UPDATE_PROFILE, { input }, { token: alice.token }), 'BAD_USER_INPUT', message, fields);
    }
    expect((await storedUser(alice.user.id)).last_name).toBe('Liddell');
  });

  it('asks an admin changing someone else’s email for the admin’s own password, not the owner’s', async () => {
    const admin = await signUpAdmin(app, { password: 'Adm1n!Passw0rd' });
    const bob = await signUpUser(app);
    await ageSessions(app, admin.user.id);
    const target = uniqueEmail('bob-moved');
    expectRestError(await app.rest('PUT', `/api/users/${bob.user.id}`, { email: target }, { token: admin.token }), 403, 'STEP_UP_REQUIRED', STEP_UP);
    expectRestError(await app.rest('PUT', `/api/users/${bob.user.id}`, { email: target, currentPassword: GOOD_PASSWORD }, { token: admin.token }), 400, 'BAD_USER_INPUT', PASSWORD_WRONG.currentPassword, PASSWORD_WRONG);
    expectGqlError(await app.gql(UPDATE_USER, { id: bob.user.id, input: { email: target } }, { token: admin.token }), 'STEP_UP_REQUIRED', STEP_UP);
    expectGqlError(await app.gql(UPDATE_USER, { id: bob.user.id, input: { email: target, currentPassword: GOOD_PASSWORD } }, { token: admin.token }), 'BAD_USER_INPUT', PASSWORD_WRONG.currentPassword, PASSWORD_WRONG);
    expect((await storedUser(bob.user.id)).email).toBe(bob.email);
    // A role change alone still needs no password.
    expect((await app.gql(UPDATE_USER, { id: bob.user.id, input: { role: 'Admin' } }, { token: admin.token })).data.updateUser.role).toBe('Admin');

    const moved = await app.gql(UPDATE_USER, { id: bob.user.id, input: { email: target, currentPassword: 'Adm1n!Passw0rd' } }, { token: admin.token });
    expect(moved.data.updateUser).toMatchObject({ email: target, emailVerified: false });
    expect(await changeNotices(bob.email)).toHaveLength(1);
    expect(await verificationMails(target)).toHaveLength(1);
  });

  it('invalidates every link mailed before the change: an older reset link and verification link fail afterwards', async () => {
    const alice = await signUpUser(app);
    const [oldVerification] = await verificationMails(alice.email);
    await app.rest('POST', '/api/auth/forgot-password', { email: alice.email });
    const resetMail = (await app.mailsTo(alice.email)).find((mail) => mail.includes('/auth/reset-password'))!;
    const resetToken = linkIn(resetMail, '/auth/reset-password').searchParams.get('token');
    const verifyToken = linkIn(oldVerification, '/auth/verify-email').searchParams.get('token');

    const newEmail = uniqueEmail('moved');
    expect((await app.rest('PUT', '/api/users/profile/me', { email: newEmail, currentPassword: GOOD_PASSWORD }, { token: alice.token })).status).toBe(200);
    for (const email of [newEmail, alice.email]) {
      const reset = await app.rest('POST', '/api/auth/reset-password', { email, resetToken, newPassword: 'Hijack!Passw0rd' });
      expectRestError(reset, 400, 'BAD_USER_INPUT', 'This password reset link is invalid or has expired', { resetToken: 'This password reset link is invalid or has expired' });
      const verify = await app.rest('POST', '/api/users/verify-email', { email, token: verifyToken });
      expectRestError(verify, 400, 'BAD_USER_INPUT', 'This verification link is invalid or has expired', { token: 'This verification link is invalid or has expired' });
    }
    // Only the fresh link, mailed to the new address, verifies it.
    const [fresh] = await verificationMails(newEmail);
    expect((await app.rest('POST', '/api/users/verify-email', { email: newEmail, token: linkIn(fresh, '/auth/verify-email').searchParams.get('token') })).status).toBe(200);
    expect((await app.rest('POST', '/api/auth/signin', { email: newEmail, password: GOOD_PASSWORD })).status).toBe(200);
  });
});

describe('mail limits on email changes', () => {
  it('answers the 6th email change within an hour with 429 and Retry-After, counting REST and GraphQL together', async () => {
    const alice = await signUpUser(app);
    for (let i = 0; i < 5; i++) {
      const email = uniqueEmail(`hop${i}`);
      const answer =
        i % 2
          ? (await app.gql(UPDATE_PROFILE, { input: { email, currentPassword: GOOD_PASSWORD } }, { token: alice.token })).errors
          : (await app.rest('PUT', `/api/users/${alice.user.id}`, { email, currentPassword: GOOD_PASSWORD }, { token: alice.token })).status;
      expect(answer).toEqual(i % 2 ? undefined : 200);
    }
    const stuck = (await storedUser(alice.user.id)).email;
    const rest = await app.rest('PUT', '/api/users/profile/me', { email: uniqueEmail('sixth'), currentPassword: GOOD_PASSWORD }, { token: alice.token });
    expectRestError(rest, 429, 'TOO_MANY_REQUESTS', THROTTLED);
    const retryAfter = Number(rest.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const gql = await app.gql(UPDATE_PROFILE, { input: { email: uniqueEmail('seventh'), currentPassword: GOOD_PASSWORD } }, { token: alice.token });
    expectGqlError(gql, 'TOO_MANY_REQUESTS', THROTTLED);
    expect(gql.errors?.[0].extensions?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((await storedUser(alice.user.id)).email).toBe(stuck);
    // Name changes send no mail and stay open.
    expect((await app.rest('PUT', '/api/users/profile/me', { firstName: 'Still' }, { token: alice.token })).status).toBe(200);
  });

  it('counts wrong passwords too, so the form cannot be used to guess the password', async () => {
    const alice = await signUpUser(app);
    for (let i = 0; i < 5; i++) {
      expect((await app.rest('PUT', '/api/users/profile/me', { email: uniqueEmail('guess'), currentPassword: `Guess!${i}Passw0rd` }, { token: alice.token })).status).toBe(400);
    }
    const right = await app.rest('PUT', '/api/users/profile/me', { email: uniqueEmail('guess'), currentPassword: GOOD_PASSWORD }, { token: alice.token });
    expect(right.status).toBe(429);
    expect((await storedUser(alice.user.id)).email).toBe(alice.email);
  });

  it('never sends one address more than 5 verification mails or 5 change notices an hour, however many accounts flip to it', async () => {
    const victim = uniqueEmail('victim');
    const accounts = await Promise.all([1, 2, 3].map(() => signUpUser(app)));
    for (const account of accounts) {
      // Each account moves to the victim's address and back twice: 2 verifications and 2 notices each.
      for (let round = 0; round < 2; round++) {
        const to = await app.rest('PUT', '/api/users/profile/me', { email: victim, currentPassword: GOOD_PASSWORD }, { token: account.token });
        expect(to.status).toBe(200);
        const back = await app.gql(UPDATE_PROFILE, { input: { email: uniqueEmail('back'), currentPassword: GOOD_PASSWORD } }, { token: account.token });
        expect(back.errors).toBeUndefined();
      }
    }
    expect(await verificationMails(victim)).toHaveLength(5);
    expect(await changeNotices(victim)).toHaveLength(5);
    expect(await app.mailsTo(victim)).toHaveLength(10);

    // The changes themselves all happened; the victim's address is free again and can sign up, without a 6th verification mail.
    const owner = await app.rest('POST', '/api/auth/signup', { firstName: 'Vic', lastName: 'Tim', email: victim, password: GOOD_PASSWORD });
    expect(owner.status).toBe(201);
    expect(await verificationMails(victim)).toHaveLength(5);
  });
});

describe('deactivating an account', () => {
  it('lets users deactivate themselves: Inactive, every session revoked, sign-in refused', async () => {
    const alice = await signUpUser(app);
    const second = await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD });
    const answer = await app.rest('DELETE', `/api/users/${alice.user.id}`, undefined, { token: alice.token });
    expect(answer).toMatchObject({ status: 200, body: { message: 'User account deactivated' } });
    expect((await storedUser(alice.user.id)).status).toBe('Inactive');
    expect(await openSessions(alice.user.id)).toBe(0);
    for (const token of [alice.token, second.body.accessToken]) {
      expect((await app.rest('GET', '/api/users/profile/me', undefined, { token })).status).toBe(401);
    }
    expectRestError(await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD }), 403, 'ACCOUNT_INACTIVE', 'Account is inactive. Please contact support');
    // Nothing is deleted: the account and its data stay.
    expect(await storedUser(alice.user.id)).toBeDefined();
  });

  it('refuses a member deactivating someone else, and lets an admin do it over GraphQL', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    expectRestError(await app.rest('DELETE', `/api/users/${bob.user.id}`, undefined, { token: alice.token }), 403, 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(DEACTIVATE, { id: bob.user.id }, { token: alice.token }), 'FORBIDDEN', DENIED);
    expect((await storedUser(bob.user.id)).status).toBe('Active');

    const admin = await signUpAdmin(app);
    expect((await app.gql(DEACTIVATE, { id: bob.user.id }, { token: admin.token })).data.deactivateUser.message).toBe('User account deactivated');
    expect((await storedUser(bob.user.id)).status).toBe('Inactive');
    expect(await openSessions(bob.user.id)).toBe(0);
    expectRestError(await app.rest('DELETE', '/api/users/00000000-0000-4000-8000-000000000000', undefined, { token: admin.token }), 404, 'NOT_FOUND', 'User not found');
    expectRestError(await app.rest('DELETE', '/api/users/42', undefined, { token: admin.token }), 400, 'BAD_USER_INPUT', 'Invalid ID format', INVALID_ID);

    // Reactivation is an admin's status change.
    const back = await app.rest('PUT', `/api/users/${bob.user.id}`, { status: 'Active' }, { token: admin.token });
    expect(back.body.user.status).toBe('Active');
    expect((await app.rest('POST', '/api/auth/signin', { email: bob.email, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('never deactivates the last active admin', async () => {
    // A database of its own: other tests' admins would count.
    const solo = await startTestApp();
    try {
      const admin = await signUpAdmin(solo);
      expectRestError(await solo.rest('DELETE', `/api/users/${admin.user.id}`, undefined, { token: admin.token }), 409, 'CONFLICT', 'The last active administrator cannot be deactivated');
      await signUpAdmin(solo);
      expect((await solo.rest('DELETE', `/api/users/${admin.user.id}`, undefined, { token: admin.token })).status).toBe(200);
    } finally {
      await solo.close();
    }
  });

  it('answers a failed deactivation with the catalogue’s message and keeps the account active', async () => {
    const alice = await signUpUser(app);
    await withFailingUserUpdates(async () => {
      expectRestError(await app.rest('DELETE', `/api/users/${alice.user.id}`, undefined, { token: alice.token }), 500, 'INTERNAL_SERVER_ERROR', 'Failed to deactivate user account');
    });
    expect((await storedUser(alice.user.id)).status).toBe('Active');
    expect(await openSessions(alice.user.id)).toBe(1);
  });
});

/**
 * Runs `race` while the test holds the rows of `userIds` (as another
 * transaction would), lets go only once two requests are waiting inside
 * PostgreSQL, then returns the race's answers: both requests are past sign-in
 * and in the database together, whatever the machine's speed.
 */
async function heldAtTheDatabase<T>(target: TestApp, userIds: string[], race: () => Promise<T>): Promise<T> {
  const holder = new Client({ connectionString: target.databaseUrl });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM users WHERE id = ANY($1::uuid[]) FOR UPDATE', [userIds]);
    const answers = race();
    const deadline = Date.now() + 30_000;
    const waiting = async () =>
      (await target.sql<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n;
    while ((await waiting()) < 2) {
      if (Date.now() > deadline) throw new Error('the two requests never both reached the database');
    }
    await holder.query('COMMIT');
    return await answers;
  } finally {
    await holder.end();
  }
}

/** `id` with every other letter in upper case: the same UUID, spelled as no database returns it. */
const mixedCase = (id: string) => [...id].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');

describe('ids in any case, and the last active admin', () => {
  it('treats an upper-case spelling of one’s own id as one’s own: an admin still cannot change their own role or status', async () => {
    const admin = await signUpAdmin(app);
    const ID = admin.user.id.toUpperCase();
    for (const changes of [{ role: 'Member' }, { status: 'Inactive' }, { role: 'Member', status: 'Inactive' }]) {
      for (const id of [admin.user.id, ID, mixedCase(admin.user.id)]) {
        expectRestError(await app.rest('PUT', `/api/users/${id}`, changes, { token: admin.token }), 403, 'FORBIDDEN', DENIED);
        expectGqlError(await app.gql(UPDATE_USER, { id, input: changes }, { token: admin.token }), 'FORBIDDEN', DENIED);
      }
    }
    expect(await storedUser(admin.user.id)).toMatchObject({ role: 'Admin', status: 'Active' });
    expect(await openSessions(admin.user.id)).toBe(1);

    // The owner's own rights hold in any spelling too: a member reads and renames themself through an upper-case id.
    const alice = await signUpUser(app, { firstName: 'Alice' });
    const own = await app.rest('GET', `/api/users/${alice.user.id.toUpperCase()}`, undefined, { token: alice.token });
    expect(own.status).toBe(200);
    expect(own.body.user.id).toBe(alice.user.id);
    const renamed = await app.gql(UPDATE_USER, { id: alice.user.id.toUpperCase(), input: { firstName: 'Alicia' } }, { token: alice.token });
    expect(renamed.data.updateUser).toMatchObject({ id: alice.user.id, firstName: 'Alicia' });
    // ... and a rename of oneself is not logged as an admin's doing.
    expect((await activityKinds(alice.user.id)).at(-1)).toEqual({ kind: 'profile_updated', details: { fields: ['firstName'] } });
    expectRestError(await app.rest('PUT', `/api/users/${alice.user.id.toUpperCase()}`, { role: 'Admin' }, { token: alice.token }), 403, 'FORBIDDEN', DENIED);
  });

  it('lets an admin reach someone else by a mixed-case id on every route, answering with the canonical id', async () => {
    const admin = await signUpAdmin(app);
    const bob = await signUpUser(app, { firstName: 'Bob' });
    const id = mixedCase(bob.user.id);
    expect(id).not.toBe(bob.user.id);

    const read = await app.rest('GET', `/api/users/${id}`, undefined, { token: admin.token });
    expect(read.body.user).toMatchObject({ id: bob.user.id, email: bob.email });
    expect((await app.gql(USER, { id }, { token: admin.token })).data.user.id).toBe(bob.user.id);

    const promoted = await app.rest('PUT', `/api/users/${id}`, { role: 'Admin', firstName: 'Robert' }, { token: admin.token });
    expect(promoted.status).toBe(200);
    expect(promoted.body.user).toMatchObject({ id: bob.user.id, role: 'Admin', firstName: 'Robert' });
    const demoted = await app.gql(UPDATE_USER, { id: id.toUpperCase(), input: { role: 'Member' } }, { token: admin.token });
    expect(demoted.data.updateUser).toMatchObject({ id: bob.user.id, role: 'Member' });
    expect((await activityKinds(bob.user.id)).at(-1)).toEqual({ kind: 'profile_updated', details: { fields: ['firstName'], byAdmin: true } });

    const profile = await app.rest('GET', `/api/users/${id}/profile`);
    expect(profile.body.profile.id).toBe(bob.user.id);
    expect((await app.gql(PUBLIC_PROFILE, { id: id.toUpperCase() })).data.publicProfile.id).toBe(bob.user.id);

    expect((await app.rest('DELETE', `/api/users/${id}`, undefined, { token: admin.token })).status).toBe(200);
    expect(await storedUser(bob.user.id)).toMatchObject({ role: 'Member', status: 'Inactive' });
  });

  it('never leaves no active admin: the only admin cannot demote or deactivate themself by any spelling of their id', async () => {
    // A database of its own: other tests' admins would count.
    const solo = await startTestApp();
    try {
      const admin = await signUpAdmin(solo);
      const stored = async () => (await solo.sql('SELECT role, status FROM users WHERE id = $1', [admin.user.id]))[0];
      for (const id of [admin.user.id.toUpperCase(), mixedCase(admin.user.id)]) {
        expectRestError(await solo.rest('PUT', `/api/users/${id}`, { role: 'Member' }, { token: admin.token }), 403, 'FORBIDDEN', DENIED);
        expectRestError(await solo.rest('PUT', `/api/users/${id}`, { status: 'Inactive' }, { token: admin.token }), 403, 'FORBIDDEN', DENIED);
        expectGqlError(await solo.gql(UPDATE_USER, { id, input: { role: 'Member' } }, { token: admin.token }), 'FORBIDDEN', DENIED);
        expectGqlError(await solo.gql(UPDATE_USER, { id, input: { status: 'Inactive' } }, { token: admin.token }), 'FORBIDDEN', DENIED);
        // Deactivating oneself is allowed, but not as the last active admin.
        expectRestError(await solo.rest('DELETE', `/api/users/${id}`, undefined, { token: admin.token }), 409, 'CONFLICT', LAST_ADMIN);
        expectGqlError(await solo.gql(DEACTIVATE, { id }, { token: admin.token }), 'CONFLICT', LAST_ADMIN);
      }
      expect(await stored()).toEqual({ role: 'Admin', status: 'Active' });
    } finally {
      await solo.close();
    }
  });

  /**
   * Two admins demote or deactivate each other at the same moment; whatever
   * order PostgreSQL runs the two writes in, one wins and the other is
   * refused with the last admin's message, never both written.
   */
  it('holds under a race: two admins demoting or deactivating each other at once always leave exactly one active admin', async () => {
    const solo = await startTestApp();
    try {
      for (let round = 0; round < 10; round++) {
        await solo.sql(`UPDATE users SET role = 'Member' WHERE role = 'Admin'`);
        const [a, b] = [await signUpAdmin(solo), await signUpAdmin(solo)];
        // Each round mixes the transports and the two ways of taking an admin away.
        const changeA = round % 2 ? { role: 'Member' } : { status: 'Inactive' };
        const changeB = round % 3 ? { status: 'Inactive' } : { role: 'Member' };
        const [restAnswer, gqlAnswer] = await heldAtTheDatabase(solo, [a.user.id, b.user.id], () =>
          Promise.all([
            solo.rest('PUT', `/api/users/${b.user.id.toUpperCase()}`, changeA, { token: a.token }),
            solo.gql(UPDATE_USER, { id: a.user.id, input: changeB }, { token: b.token }),
          ]),
        );
        const admins = (await solo.sql(`SELECT id FROM users WHERE role = 'Admin' AND status = 'Active'`)).map((row) => row.id as string);
        expect(admins).toHaveLength(1);
        if (admins[0] === a.user.id) {
          expect(restAnswer.status).toBe(200);
          expectGqlError(gqlAnswer, 'CONFLICT', changeB.role ? LAST_ADMIN_DEMOTED : LAST_ADMIN);
        } else {
          expect(admins[0]).toBe(b.user.id);
          expect(gqlAnswer.errors).toBeUndefined();
          expectRestError(restAnswer, 409, 'CONFLICT', changeA.role ? LAST_ADMIN_DEMOTED : LAST_ADMIN);
        }
      }
    } finally {
      await solo.close();
    }
  });

  it('holds under a race of deactivations too: two admins deactivating themselves at once leave one', async () => {
    const solo = await startTestApp();
    try {
      for (let round = 0; round < 3; round++) {
        await solo.sql(`UPDATE users SET role = 'Member' WHERE role = 'Admin'`);
        const [a, b] = [await signUpAdmin(solo), await signUpAdmin(solo)];
        const [restAnswer, gqlAnswer] = await heldAtTheDatabase(solo, [a.user.id, b.user.id], () =>
          Promise.all([
            solo.rest('DELETE', `/api/users/${a.user.id.toUpperCase()}`, undefined, { token: a.token }),
            solo.gql(DEACTIVATE, { id: b.user.id }, { token: b.token }),
          ]),
        );
        const admins = (await solo.sql(`SELECT id FROM users WHERE role = 'Admin' AND status = 'Active'`)).map((row) => row.id as string);
        expect(admins).toHaveLength(1);
        // The one left active is the one whose own deactivation was refused.
        if (admins[0] === a.user.id) {
          expectRestError(restAnswer, 409, 'CONFLICT', LAST_ADMIN);
          expect(gqlAnswer.data.deactivateUser.message).toBe('User account deactivated');
        } else {
          expect(admins[0]).toBe(b.user.id);
          expect(restAnswer).toMatchObject({ status: 200, body: { message: 'User account deactivated' } });
          expectGqlError(gqlAnswer, 'CONFLICT', LAST_ADMIN);
        }
      }
    } finally {
      await solo.close();
    }
  });
});

describe('null is not "no change"', () => {
  it('refuses a null role or status from an admin with 400 and the field named, on both transports; nothing changes', async () => {
    const admin = await signUpAdmin(app);
    const bob = await signUpUser(app, { firstName: 'Bob' });
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ status: null }, { status: 'Status cannot be null' }],
      [{ role: null }, { role: 'Role cannot be null' }],
      [{ role: null, status: null, firstName: 'Robert' }, { role: 'Role cannot be null', status: 'Status cannot be null' }],
      [{ firstName: null }, { firstName: 'First name is required' }],
      [{ email: null }, { email: 'Email is required' }],
    ];
    for (const [input, fields] of cases) {
      const message = Object.values(fields)[0];
      expectRestError(await app.rest('PUT', `/api/users/${bob.user.id}`, input, { token: admin.token }), 400, 'BAD_USER_INPUT', message, fields);
      expectGqlError(await app.gql(UPDATE_USER, { id: bob.user.id, input }, { token: admin.token }), 'BAD_USER_INPUT', message, fields);
    }
    expect(await storedUser(bob.user.id)).toMatchObject({ role: 'Member', status: 'Active', first_name: 'Bob', email: bob.email });
    // A member sending a null role is still writing a role: refused as such.
    expectRestError(await app.rest('PUT', `/api/users/${bob.user.id}`, { role: null }, { token: bob.token }), 403, 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(UPDATE_PROFILE, { input: { lastName: null } }, { token: bob.token }), 'BAD_USER_INPUT', 'Last name is required', { lastName: 'Last name is required' });
  });

  it('refuses an empty role or status from an admin with 400, never a 500 (GraphQL’s enums cannot carry one); nothing changes', async () => {
    const admin = await signUpAdmin(app);
    const bob = await signUpUser(app, { firstName: 'Bob' });
    for (const [input, fields] of [
      [{ role: '' }, { role: 'Role format is invalid' }],
      [{ status: '' }, { status: 'Status format is invalid' }],
      [{ status: '  ', firstName: 'Robert' }, { status: 'Status format is invalid' }],
    ] as const) {
      expectRestError(await app.rest('PUT', `/api/users/${bob.user.id}`, input, { token: admin.token }), 400, 'BAD_USER_INPUT', Object.values(fields)[0], fields);
    }
    expectGqlTypeError(await app.gql(UPDATE_USER, { id: bob.user.id, input: { role: '' } }, { token: admin.token }), /Value "" does not exist in "UserRole" enum/);
    expectGqlTypeError(await app.gql(UPDATE_USER, { id: bob.user.id, input: { status: '' } }, { token: admin.token }), /Value "" does not exist in "UserStatus" enum/);
    expect(await storedUser(bob.user.id)).toMatchObject({ role: 'Member', status: 'Active', first_name: 'Bob' });
  });

  it('refuses null list parameters over GraphQL (the query string cannot carry one)', async () => {
    const admin = await signUpAdmin(app);
    for (const [query, fields] of [
      [{ search: null }, { search: 'Search cannot be null' }],
      [{ page: null }, { page: 'Page cannot be null' }],
      [{ limit: null }, { limit: 'Limit cannot be null' }],
    ] as const) {
      expectGqlError(await app.gql(USERS, { query }, { token: admin.token }), 'BAD_USER_INPUT', Object.values(fields)[0], fields);
    }
    expect((await app.gql(USERS, { query: null }, { token: admin.token })).data.users.pagination).toMatchObject({ page: 1, limit: 10 });
  });
});

describe('whole numbers beyond a 32-bit integer', () => {
  it('REST answers the page rule’s 400 for a page or limit past 2147483647; GraphQL’s Int refuses it; the largest page is an empty page', async () => {
    const admin = await signUpAdmin(app);
    for (const [queryString, fields] of [
      ['page=2147483648', { page: 'Page cannot exceed 10000000' }],
      ['page=99999999999999999999', { page: 'Page cannot exceed 10000000' }],
      ['limit=2147483648', { limit: 'Limit cannot exceed 100' }],
      ['page=-2147483649', { page: 'Page must be at least 1' }],
    ] as const) {
      expectRestError(await app.rest('GET', `/api/users?${queryString}`, undefined, { token: admin.token }), 400, 'BAD_USER_INPUT', Object.values(fields)[0], fields);
    }
    for (const query of [{ page: 2 ** 31 }, { limit: 2 ** 31 }, { page: -(2 ** 31) - 1 }]) {
      expectGqlTypeError(await app.gql(USERS, { query }, { token: admin.token }), /Int cannot represent non 32-bit signed integer value/);
    }
    const last = await app.rest('GET', '/api/users?page=10000000&limit=100', undefined, { token: admin.token });
    expect(last.status).toBe(200);
    expect(last.body.users).toEqual([]);
  });
});

describe('public profile', () => {
  it('shows name, avatar and member since to anyone, and nothing private', async () => {
    const alice = await signUpUser(app, { firstName: 'Alice', lastName: 'Liddell' });
    const rest = await app.rest('GET', `/api/users/${alice.user.id}/profile`);
    expect(rest.status).toBe(200);
    expect(Object.keys(rest.body.profile).sort()).toEqual(['avatar', 'firstName', 'fullName', 'id', 'lastName', 'memberSince']);
    expect(rest.body.profile).toMatchObject({ id: alice.user.id, fullName: 'Alice Liddell', avatar: null, memberSince: alice.user.createdAt });
    const gql = await app.gql(PUBLIC_PROFILE, { id: alice.user.id });
    expect(gql.data.publicProfile).toEqual(rest.body.profile);
    expect(JSON.stringify(rest.body)).not.toContain(alice.email);
  });

  it('is not found for an inactive or unknown account, and refuses a malformed id', async () => {
    const alice = await signUpUser(app);
    await app.sql(`UPDATE users SET status = 'Inactive' WHERE id = $1`, [alice.user.id]);
    expectRestError(await app.rest('GET', `/api/users/${alice.user.id}/profile`), 404, 'NOT_FOUND', 'User not found');
    expectGqlError(await app.gql(PUBLIC_PROFILE, { id: '00000000-0000-4000-8000-000000000000' }), 'NOT_FOUND', 'User not found');
    expectRestError(await app.rest('GET', '/api/users/%3Cscript%3E/profile'), 400, 'BAD_USER_INPUT', 'Invalid ID format', INVALID_ID);
  });
});

describe('admin: user list and statistics', () => {
  it('refuses members on both transports with the catalogue’s message', async () => {
    const alice = await signUpUser(app);
    expectRestError(await app.rest('GET', '/api/users/admin/stats', undefined, { token: alice.token }), 403, 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(ADMIN_STATS, undefined, { token: alice.token }), 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('GET', '/api/users', undefined, { token: alice.token }), 403, 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(USERS, undefined, { token: alice.token }), 'FORBIDDEN', DENIED);
    expect((await app.rest('GET', '/api/users/admin/stats')).status).toBe(401);
  });

  it('gives admins statistics that match the tables', async () => {
    const admin = await signUpAdmin(app);
    await app.rest('POST', '/api/products', { name: 'Crate', price: 12.5, quantity: 4 }, { token: admin.token });
    const rest = await app.rest('GET', '/api/users/admin/stats', undefined, { token: admin.token });
    expect(rest.status).toBe(200);
    const [truth] = await app.sql(`SELECT count(*)::int AS "totalUsers",
        count(*) FILTER (WHERE status = 'Active')::int AS "activeUsers", count(*) FILTER (WHERE status = 'Inactive')::int AS "inactiveUsers",
        count(*) FILTER (WHERE role = 'Admin')::int AS "adminUsers", count(*) FILTER (WHERE email_verified)::int AS "verifiedUsers",
        (SELECT count(*)::int FROM products) AS "totalProducts", (SELECT coalesce(sum(price * quantity), 0)::float8 FROM products) AS "inventoryValue"
      FROM users`);
    expect(rest.body.stats).toMatchObject(truth);
    expect(rest.body.stats.totalProducts).toBeGreaterThanOrEqual(1);
    expect(rest.body.stats.newUsersLast7Days).toBe(truth.totalUsers);
    expect(rest.body.stats.signedInUsers).toBeGreaterThanOrEqual(1);
    expect((await app.gql(ADMIN_STATS, undefined, { token: admin.token })).data.adminStats).toEqual(rest.body.stats);
  });

  it('lists every account to admins, paged and searchable by name or email', async () => {
    const admin = await signUpAdmin(app);
    const tag = `zq${Date.now()}`;
    for (const n of [1, 2, 3]) await signUpUser(app, { lastName: `${tag}${n}` });
    const page = await app.rest('GET', `/api/users?search=${tag}&limit=2`, undefined, { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body.users.map((u: { fullName: string }) => u.fullName)).toEqual([`Grace ${tag}3`, `Grace ${tag}2`]);
    expect(page.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasNextPage: true, hasPrevPage: false, totalIsEstimate: false });
    expect(page.body.users[0]).not.toHaveProperty('passwordHash');

    const gql = await app.gql(USERS, { query: { search: tag, page: 2, limit: 2 } }, { token: admin.token });
    expect(gql.data.users.users).toHaveLength(1);
    expect(gql.data.users.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2, hasNextPage: false, hasPrevPage: true, totalIsEstimate: false });

    const byEmail = await app.rest('GET', `/api/users?search=${encodeURIComponent(admin.email.toUpperCase())}`, undefined, { token: admin.token });
    expect(byEmail.body.users.map((u: { id: string }) => u.id)).toEqual([admin.user.id]);
    // Wildcards are text, not patterns.
    expect((await app.rest('GET', '/api/users?search=%25', undefined, { token: admin.token })).body.pagination.total).toBe(0);
    expectRestError(await app.rest('GET', '/api/users?limit=101', undefined, { token: admin.token }), 400, 'BAD_USER_INPUT', 'Limit cannot exceed 100', { limit: 'Limit cannot exceed 100' });
  });
});

describe('npm run user:promote', () => {
  it('makes an account an admin by its email in any case, and reports an unknown email', async () => {
    const alice = await signUpUser(app);
    const promoted = await setRole(app.databaseUrl, alice.email.toUpperCase(), UserRole.Admin);
    expect(promoted.role).toBe('Admin');
    expect((await app.rest('GET', '/api/users/admin/stats', undefined, { token: alice.token })).status).toBe(200);
    await expect(setRole(app.databaseUrl, 'nobody@example.com', UserRole.Admin)).rejects.toThrow('No account has the email nobody@example.com');
  });

  it('demotes an admin with --demote, but never the last active one', async () => {
    // A database of its own: other tests' admins would count.
    const solo = await startTestApp();
    try {
      const first = await signUpUser(solo);
      const second = await signUpUser(solo);
      await setRole(solo.databaseUrl, first.email, UserRole.Admin);
      await setRole(solo.databaseUrl, second.email, UserRole.Admin);
      expect((await setRole(solo.databaseUrl, second.email, UserRole.Member)).role).toBe('Member');
      await expect(setRole(solo.databaseUrl, first.email, UserRole.Member)).rejects.toThrow(`${first.email} is the last active admin`);
      expect(await solo.sql('SELECT role FROM users WHERE id = $1', [first.user.id])).toEqual([{ role: 'Admin' }]);
    } finally {
      await solo.close();
    }
  });
});
