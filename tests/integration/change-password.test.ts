import { expectGqlError, expectRestError } from '../support/answers';
import { ageSessions, GOOD_PASSWORD, linkIn, signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Changing a password (issue 4, profile): the current password is checked,
 * the new one meets the policy, and every OTHER session of the account is
 * signed out while the one that made the change stays.
 */

let app: TestApp;
const CHANGE_PASSWORD = `mutation ChangePassword($input: ChangePasswordInput!) { changePassword(input: $input) { message } }`;
const NEW_PASSWORD = 'N3w!Passw0rd-2026';
const STEP_UP = 'Confirm it is you: enter your password or a code again, or use a passkey';

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const signIn = (email: string, password: string) => app.rest('POST', '/api/auth/signin', { email, password });
const me = (token: string) => app.rest('GET', '/api/users/profile/me', undefined, { token });

describe('change password', () => {
  it('changes it, keeps this session, signs out every other one, and logs it', async () => {
    const alice = await signUpUser(app);
    const laptop = (await signIn(alice.email, GOOD_PASSWORD)).body.accessToken;
    const phone = (await signIn(alice.email, GOOD_PASSWORD)).body.accessToken;

    const answer = await app.rest('POST', '/api/users/profile/password', { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD }, { token: laptop });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Password changed. Your other sessions were signed out.' } });

    expect((await me(laptop)).status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(alice.token)).status).toBe(401);
    expect((await signIn(alice.email, GOOD_PASSWORD)).status).toBe(401);
    expect((await signIn(alice.email, NEW_PASSWORD)).status).toBe(200);
    const [logged] = await app.sql(`SELECT count(*)::int AS n FROM activity_log WHERE user_id = $1 AND kind = 'password_changed'`, [alice.user.id]);
    expect(logged.n).toBe(1);
    // The account is told, in case it was not its holder.
    const notices = (await app.mailsTo(alice.email)).filter((mail) => mail.includes('Subject: Your Stockroom password was changed'));
    expect(notices).toHaveLength(1);
  });

  it('works the same over GraphQL', async () => {
    const alice = await signUpUser(app);
    const other = (await signIn(alice.email, GOOD_PASSWORD)).body.accessToken;
    const answer = await app.gql(CHANGE_PASSWORD, { input: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD } }, { token: alice.token });
    expect(answer.data.changePassword.message).toBe('Password changed. Your other sessions were signed out.');
    expect((await me(other)).status).toBe(401);
    expect((await me(alice.token)).status).toBe(200);
  });

  it('refuses a wrong current password, a weak or unchanged new one, and changes nothing', async () => {
    const alice = await signUpUser(app);
    const other = (await signIn(alice.email, GOOD_PASSWORD)).body.accessToken;
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ currentPassword: 'Wr0ng!Password', newPassword: NEW_PASSWORD }, 'currentPassword', 'Current password is incorrect'],
      [{ currentPassword: GOOD_PASSWORD, newPassword: 'password' }, 'newPassword', 'Password does not meet security requirements: it needs an upper-case letter, a number and a special character'],
      [{ currentPassword: GOOD_PASSWORD, newPassword: '' }, 'newPassword', 'New password is required'],
      [{ currentPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD }, 'newPassword', 'New password must be different from the current password'],
    ];
    for (const [input, field, message] of cases) {
      expectRestError(await app.rest('POST', '/api/users/profile/password', input, { token: alice.token }), 400, 'BAD_USER_INPUT', message, { [field]: message });
      expectGqlError(await app.gql(CHANGE_PASSWORD, { input }, { token: alice.token }), 'BAD_USER_INPUT', message, { [field]: message });
    }
    expect((await me(other)).status).toBe(200);
    expect((await signIn(alice.email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('without the current password, takes a sign-in or step-up in the last 10 minutes, and refuses an older session', async () => {
    const alice = await signUpUser(app);
    await ageSessions(app, alice.user.id);
    for (const input of [{ newPassword: NEW_PASSWORD }, { currentPassword: '', newPassword: NEW_PASSWORD }, { currentPassword: null, newPassword: NEW_PASSWORD }]) {
      expectRestError(await app.rest('POST', '/api/users/profile/password', input, { token: alice.token }), 403, 'STEP_UP_REQUIRED', STEP_UP);
      expectGqlError(await app.gql(CHANGE_PASSWORD, { input }, { token: alice.token }), 'STEP_UP_REQUIRED', STEP_UP);
    }
    expect((await signIn(alice.email, GOOD_PASSWORD)).status).toBe(200);

    expect((await app.rest('POST', '/api/users/profile/step-up', { password: GOOD_PASSWORD }, { token: alice.token })).status).toBe(200);
    // No password was sent to compare with, and the same one is still refused.
    const same = 'New password must be different from the current password';
    expectRestError(await app.rest('POST', '/api/users/profile/password', { newPassword: GOOD_PASSWORD }, { token: alice.token }), 400, 'BAD_USER_INPUT', same, { newPassword: same });
    expectGqlError(await app.gql(CHANGE_PASSWORD, { input: { newPassword: GOOD_PASSWORD } }, { token: alice.token }), 'BAD_USER_INPUT', same, { newPassword: same });
    const answer = await app.gql(CHANGE_PASSWORD, { input: { newPassword: NEW_PASSWORD } }, { token: alice.token });
    expect(answer.data.changePassword.message).toBe('Password changed. Your other sessions were signed out.');
    expect((await signIn(alice.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('needs a signed-in caller and refuses unknown fields', async () => {
    expect((await app.rest('POST', '/api/users/profile/password', { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(401);
    const alice = await signUpUser(app);
    const extra = await app.rest('POST', '/api/users/profile/password', { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD, userId: 'x' }, { token: alice.token });
    expect(extra.status).toBe(400);
    expect((await signIn(alice.email, GOOD_PASSWORD)).status).toBe(200);
  });
});

describe('emailed links after a password change', () => {
  const FORGOT = `mutation Forgot($input: ForgotPasswordInput!) { forgotPassword(input: $input) { message } }`;
  const RESET_INVALID = 'This password reset link is invalid or has expired';

  /** Asks for a reset link and returns its token. */
  async function resetTokenFor(email: string): Promise<string> {
    await app.gql(FORGOT, { input: { email } });
    const resetMail = (await app.mailsTo(email)).filter((mail) => mail.includes('/auth/reset-password')).at(-1)!;
    return linkIn(resetMail, '/auth/reset-password').searchParams.get('token')!;
  }

  it('a reset link mailed before a change over REST no longer works after it', async () => {
    const alice = await signUpUser(app);
    const resetToken = await resetTokenFor(alice.email);
    expect((await app.rest('POST', '/api/users/profile/password', { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD }, { token: alice.token })).status).toBe(200);
    const reset = await app.rest('POST', '/api/auth/reset-password', { email: alice.email, resetToken, newPassword: 'Attacker!Passw0rd' });
    expectRestError(reset, 400, 'BAD_USER_INPUT', RESET_INVALID, { resetToken: RESET_INVALID });
    expect((await signIn(alice.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('a reset link mailed before a change over GraphQL no longer works after it, on either transport', async () => {
    const alice = await signUpUser(app);
    const resetToken = await resetTokenFor(alice.email);
    expect((await app.gql(CHANGE_PASSWORD, { input: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD } }, { token: alice.token })).errors).toBeUndefined();
    const input = { email: alice.email, resetToken, newPassword: 'Attacker!Passw0rd' };
    expectGqlError(await app.gql(`mutation Reset($input: ResetPasswordInput!) { resetPassword(input: $input) { message } }`, { input }), 'BAD_USER_INPUT', RESET_INVALID, { resetToken: RESET_INVALID });
    expectRestError(await app.rest('POST', '/api/auth/reset-password', input), 400, 'BAD_USER_INPUT', RESET_INVALID, { resetToken: RESET_INVALID });
    expect((await signIn(alice.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('a refused change (wrong current password) leaves the links working', async () => {
    const alice = await signUpUser(app);
    const resetToken = await resetTokenFor(alice.email);
    expect((await app.rest('POST', '/api/users/profile/password', { currentPassword: 'Wr0ng!Password', newPassword: NEW_PASSWORD }, { token: alice.token })).status).toBe(400);
    expect((await app.rest('POST', '/api/auth/reset-password', { email: alice.email, resetToken, newPassword: NEW_PASSWORD })).status).toBe(200);
  });
});
