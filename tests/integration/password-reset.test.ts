import { createHash } from 'node:crypto';
import { expectGqlError, expectRestError } from '../support/answers';
import { CREATE_PRODUCT, PRODUCT_STATS, productInput } from '../support/products';
import { decodeQuotedPrintable, GOOD_PASSWORD, linkIn, newestLinkIn, signUpUser, startTestApp, uniqueEmail, uniqueIp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const SENT = 'If an account exists, a reset link has been sent.';
const INVALID_LINK = 'This password reset link is invalid or has expired';
const NEW_PASSWORD = 'Fresh!Passw0rd9';

const FORGOT = `mutation Forgot($input: ForgotPasswordInput!) { forgotPassword(input: $input) { message } }`;
const RESET = `mutation Reset($input: ResetPasswordInput!) { resetPassword(input: $input) { message } }`;

/** Asks for a reset over REST and returns the token from the newest mail. */
async function requestResetToken(email: string): Promise<{ token: string; link: URL }> {
  const answer = await app.rest('POST', '/api/auth/forgot-password', { email }, { ip: uniqueIp() });
  expect(answer.status).toBe(200);
  const mails = await app.mailsTo(email);
  const link = newestLinkIn(mails, '/auth/reset-password');
  return { token: link.searchParams.get('token')!, link };
}

const signIn = (email: string, password: string) => app.rest('POST', '/api/auth/signin', { email, password }, { ip: uniqueIp() });

describe('forgot password', () => {
  it('answers the identical 200 { message } for an existing and an unknown email over REST, and mails only the existing one', async () => {
    const { email } = await signUpUser(app);
    const unknown = uniqueEmail('nobody');
    const known = await app.rest('POST', '/api/auth/forgot-password', { email }, { ip: uniqueIp() });
    const missing = await app.rest('POST', '/api/auth/forgot-password', { email: unknown }, { ip: uniqueIp() });
    expect(known.status).toBe(200);
    expect(missing.status).toBe(200);
    expect(known.body).toEqual({ message: SENT });
    expect(missing.body).toEqual(known.body);

    const mails = await app.mailsTo(email);
    expect(mails.filter((mail) => mail.includes('/auth/reset-password'))).toHaveLength(1);
    expect(await app.mailsTo(unknown)).toHaveLength(0);
  });

  it('answers the identical message over GraphQL for an existing and an unknown email', async () => {
    const { email } = await signUpUser(app);
    const unknown = uniqueEmail('nobody');
    const known = await app.gql(FORGOT, { input: { email } }, { ip: uniqueIp() });
    const missing = await app.gql(FORGOT, { input: { email: unknown } }, { ip: uniqueIp() });
    expect(known.errors).toBeUndefined();
    expect(missing.errors).toBeUndefined();
    expect(known.data).toEqual({ forgotPassword: { message: SENT } });
    expect(missing.data).toEqual(known.data);
    expect((await app.mailsTo(email)).filter((mail) => mail.includes('/auth/reset-password'))).toHaveLength(1);
    expect(await app.mailsTo(unknown)).toHaveLength(0);
  });

  it('refuses an invalid email with the validation message on both transports', async () => {
    const rest = await app.rest('POST', '/api/auth/forgot-password', { email: 'not-an-email' }, { ip: uniqueIp() });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ message: 'Please provide a valid email address', code: 'BAD_USER_INPUT', fields: { email: 'Please provide a valid email address' } });
    const gql = await app.gql(FORGOT, { input: { email: 'not-an-email' } }, { ip: uniqueIp() });
    expect(gql.errors?.[0]).toMatchObject({ message: rest.body.message, extensions: { code: 'BAD_USER_INPUT', fields: rest.body.fields } });
  });

  it('builds the link from APP_URL, even when the request carries a forged Host or X-Forwarded-Host', async () => {
    const { email } = await signUpUser(app);
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', origin: 'https://evil.example' };
    const rest = await app.rest('POST', '/api/auth/forgot-password', { email }, { ip: uniqueIp(), headers: forged });
    expect(rest.status).toBe(200);
    const gql = await app.gql(FORGOT, { input: { email } }, { ip: uniqueIp(), headers: forged });
    expect(gql.errors).toBeUndefined();

    const mails = await app.mailsTo(email);
    const resetMails = mails.filter((mail) => mail.includes('reset-password'));
    expect(resetMails).toHaveLength(2);
    for (const mail of resetMails) {
      expect(mail).not.toContain('evil.example');
      const link = linkIn(mail, '/auth/reset-password');
      expect(link.origin).toBe('http://stockroom.test');
      expect(link.pathname).toBe('/auth/reset-password');
      expect([...link.searchParams.keys()].sort()).toEqual(['email', 'token']);
      expect(link.searchParams.get('email')).toBe(email);
      // 32 random bytes, base64url: 43 characters.
      expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    }
  });

  it('stores the token only hashed: the raw token from the link appears nowhere in one_time_tokens', async () => {
    const { email, user } = await signUpUser(app);
    const { token } = await requestResetToken(email);
    const rows = await app.sql(`SELECT * FROM one_time_tokens WHERE user_id = $1 AND purpose = 'password_reset'`, [user.id]);
    expect(rows).toHaveLength(1);
    const everything = JSON.stringify(await app.sql(`SELECT * FROM one_time_tokens`));
    expect(everything).not.toContain(token);
    // Not even in another encoding of the same bytes.
    expect(everything).not.toContain(Buffer.from(token, 'base64url').toString('hex'));
    expect(everything).not.toContain(Buffer.from(token, 'base64url').toString('base64'));
    expect(Object.values(rows[0])).toContain(createHash('sha256').update(token).digest('hex'));
  });
});

describe('reset password', () => {
  it('answers a missing or oversized token with the shared rule\'s message, the same on both transports', async () => {
    const email = uniqueEmail();
    for (const resetToken of ['', 'x'.repeat(201)]) {
      const message = resetToken ? 'Token cannot exceed 200 characters' : 'Token is required';
      const rest = await app.rest('POST', '/api/auth/reset-password', { email, resetToken, newPassword: NEW_PASSWORD }, { ip: uniqueIp() });
      expect(rest.status).toBe(400);
      expect(rest.body).toEqual({ message, code: 'BAD_USER_INPUT', fields: { resetToken: message } });
      const gql = await app.gql(RESET, { input: { email, resetToken, newPassword: NEW_PASSWORD } }, { ip: uniqueIp() });
      expect(gql.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', fields: { resetToken: message } } });
    }
  });

  it('works once over REST: the old password fails and the new one works; a second use is refused', async () => {
    const { email } = await signUpUser(app);
    const { token } = await requestResetToken(email);
    const first = await app.rest('POST', '/api/auth/reset-password', { email, resetToken: token, newPassword: NEW_PASSWORD }, { ip: uniqueIp() });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'Password reset successful' });

    const old = await signIn(email, GOOD_PASSWORD);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    // The account is told, as for a change from the profile, in case the link was not used by its holder.
    const notices = (await app.mailsTo(email)).filter((mail) => mail.includes('Subject: Your Stockroom password was reset'));
    expect(notices).toHaveLength(1);
    expect(decodeQuotedPrintable(notices[0])).toContain('Every session was signed out.');

    const second = await app.rest('POST', '/api/auth/reset-password', { email, resetToken: token, newPassword: 'Other!Passw0rd1' }, { ip: uniqueIp() });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ message: INVALID_LINK, code: 'BAD_USER_INPUT' });
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('works once over GraphQL with the same answers as REST', async () => {
    const { email } = await signUpUser(app);
    const { token } = await requestResetToken(email);
    const input = { email, resetToken: token, newPassword: NEW_PASSWORD };
    const first = await app.gql(RESET, { input }, { ip: uniqueIp() });
    expect(first.errors).toBeUndefined();
    expect(first.data).toEqual({ resetPassword: { message: 'Password reset successful' } });
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);

    const second = await app.gql(RESET, { input }, { ip: uniqueIp() });
    expect(second.errors?.[0]).toMatchObject({ message: INVALID_LINK, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('lets only one of several simultaneous uses of one token through', async () => {
    const { email } = await signUpUser(app);
    const { token } = await requestResetToken(email);
    const answers = await Promise.all(
      ['Race!Passw0rd1', 'Race!Passw0rd2', 'Race!Passw0rd3', 'Race!Passw0rd4'].map((newPassword) =>
        app.rest('POST', '/api/auth/reset-password', { email, resetToken: token, newPassword }, { ip: uniqueIp() }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    const winner = ['Race!Passw0rd1', 'Race!Passw0rd2', 'Race!Passw0rd3', 'Race!Passw0rd4'][answers.findIndex((a) => a.status === 200)];
    expect((await signIn(email, winner)).status).toBe(200);
  });

  it('supersedes an older token with a newer one', async () => {
    const { email } = await signUpUser(app);
    const older = await requestResetToken(email);
    const newer = await requestResetToken(email);
    expect(newer.token).not.toBe(older.token);

    const withOld = await app.rest('POST', '/api/auth/reset-password', { email, resetToken: older.token, newPassword: NEW_PASSWORD }, { ip: uniqueIp() });
    expect(withOld.status).toBe(400);
    expect(withOld.body).toMatchObject({ message: INVALID_LINK, code: 'BAD_USER_INPUT' });
    const oldGql = await app.gql(RESET, { input: { email, resetToken: older.token, newPassword: NEW_PASSWORD } }, { ip: uniqueIp() });
    expect(oldGql.errors?.[0]).toMatchObject({ message: INVALID_LINK, extensions: { code: 'BAD_USER_INPUT' } });
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(200);

    const withNew = await app.rest('POST', '/api/auth/reset-password', { email, resetToken: newer.token, newPassword: NEW_PASSWORD }, { ip: uniqueIp() });
    expect(withNew.status).toBe(200);
  });

  it('refuses a token older than one hour', async () => {
    const { email, user } = await signUpUser(app);
    const { token } = await requestResetToken(email);
    const [{ ttl }] = await app.sql(
      `SELECT extract(epoch FROM expires_at - created_at) AS ttl FROM one_time_tokens WHERE user_id = $1 AND purpose = 'password_reset'`,
      [user.id],
    );
    expect(Number(ttl)).toBeGreaterThan(3590);
    expect(Number(ttl)).toBeLessThanOrEqual(3600);

    await app.sql(
      `UPDATE one_time_tokens SET created_at = now() - interval '61 minutes', expires_at = now() - interval '1 minute' WHERE user_id = $1 AND purpose = 'password_reset'`,
      [user.id],
    );
    const rest = await app.rest('POST', '/api/auth/reset-password', { email, resetToken: token, newPassword: NEW_PASSWORD }, { ip: uniqueIp() });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ message: INVALID_LINK, code: 'BAD_USER_INPUT' });
    const gql = await app.gql(RESET, { input: { email, resetToken: token, newPassword: NEW_PASSWORD } }, { ip: uniqueIp() });
    expect(gql.errors?.[0]).toMatchObject({ message: INVALID_LINK, extensions: { code: 'BAD_USER_INPUT' } });
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('refuses a weak new password with the policy message in fields.newPassword, and keeps the token usable', async () => {
    const { email } = await signUpUser(app);
    const { token } = await requestResetToken(email);
    const weak = { email, resetToken: token, newPassword: 'password' };
    const rest = await app.rest('POST', '/api/auth/reset-password', weak, { ip: uniqueIp() });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({
      message: 'Password does not meet security requirements: it needs an upper-case letter, a number and a special character',
      code: 'BAD_USER_INPUT',
      fields: { newPassword: 'Password does not meet security requirements: it needs an upper-case letter, a number and a special character' },
    });
    const gql = await app.gql(RESET, { input: weak }, { ip: uniqueIp() });
    expect(gql.errors?.[0]).toMatchObject({ message: rest.body.message, extensions: { code: 'BAD_USER_INPUT', fields: rest.body.fields } });

    const strong = await app.rest('POST', '/api/auth/reset-password', { ...weak, newPassword: NEW_PASSWORD }, { ip: uniqueIp() });
    expect(strong.status).toBe(200);
  });

  it('gives an unknown email with any token the same invalid-link answer as a wrong token', async () => {
    const { email } = await signUpUser(app);
    await requestResetToken(email);
    const wrongToken = await app.rest('POST', '/api/auth/reset-password', { email, resetToken: 'A'.repeat(43), newPassword: NEW_PASSWORD }, { ip: uniqueIp() });
    const unknownEmail = await app.rest(
      'POST',
      '/api/auth/reset-password',
      { email: uniqueEmail('nobody'), resetToken: 'A'.repeat(43), newPassword: NEW_PASSWORD },
      { ip: uniqueIp() },
    );
    expect(wrongToken.status).toBe(400);
    expect(unknownEmail.status).toBe(400);
    expect(wrongToken.body).toMatchObject({ message: INVALID_LINK, code: 'BAD_USER_INPUT' });
    expect(unknownEmail.body).toEqual(wrongToken.body);

    const gqlUnknown = await app.gql(RESET, { input: { email: uniqueEmail('nobody'), resetToken: 'A'.repeat(43), newPassword: NEW_PASSWORD } }, { ip: uniqueIp() });
    expect(gqlUnknown.errors?.[0]).toMatchObject({ message: INVALID_LINK, extensions: { code: 'BAD_USER_INPUT' } });
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it("refuses one user's token used with another user's email", async () => {
    const owner = await signUpUser(app);
    const other = await signUpUser(app);
    const { token } = await requestResetToken(owner.email);
    const answer = await app.rest('POST', '/api/auth/reset-password', { email: other.email, resetToken: token, newPassword: NEW_PASSWORD }, { ip: uniqueIp() });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(INVALID_LINK);
    expect((await signIn(other.email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('refuses a missing reset token with the required message on both transports', async () => {
    const { email } = await signUpUser(app);
    const rest = await app.rest('POST', '/api/auth/reset-password', { email, resetToken: '', newPassword: NEW_PASSWORD }, { ip: uniqueIp() });
    expect(rest.status).toBe(400);
    expect(rest.body.code).toBe('BAD_USER_INPUT');
    expect(rest.body.fields).toHaveProperty('resetToken');
    const gql = await app.gql(RESET, { input: { email, resetToken: '', newPassword: NEW_PASSWORD } }, { ip: uniqueIp() });
    expect(gql.errors?.[0]).toMatchObject({ message: rest.body.message, extensions: { code: 'BAD_USER_INPUT', fields: rest.body.fields } });
  });
});

describe('reset mails per recipient', () => {
  const THROTTLED = 'Too many requests. Please wait a moment and try again';

  /** Asks for a reset link over REST (even i) or GraphQL (odd i), and returns how the asker was answered. */
  async function ask(email: string, i: number): Promise<{ message?: string; code?: string }> {
    if (i % 2 === 0) {
      const answer = await app.rest('POST', '/api/auth/forgot-password', { email }, { ip: uniqueIp() });
      return { message: answer.body.message, code: answer.body.code };
    }
    const answer = await app.gql(FORGOT, { input: { email } }, { ip: uniqueIp() });
    return answer.errors ? { message: answer.errors[0].message, code: answer.errors[0].extensions?.code } : { message: answer.data.forgotPassword.message };
  }

  it('mails one address at most 5 reset links an hour over REST and GraphQL together; an unknown address is answered exactly alike', async () => {
    const { email } = await signUpUser(app);
    const unknown = uniqueEmail('nobody');
    const known: unknown[] = [];
    const missing: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await ask(email, i));
      missing.push(await ask(unknown, i));
    }
    expect(known.slice(0, 5)).toEqual(Array(5).fill({ message: SENT }));
    expect(known.slice(5)).toEqual([{ message: THROTTLED, code: 'TOO_MANY_REQUESTS' }, { message: THROTTLED, code: 'TOO_MANY_REQUESTS' }]);
    expect(missing).toEqual(known);
    expect((await app.mailsTo(email)).filter((mail) => mail.includes('/auth/reset-password'))).toHaveLength(5);
    expect(await app.mailsTo(unknown)).toHaveLength(0);
  });
});

describe('reset links after an email change', () => {
  it('a reset link mailed before the account’s email changed no longer works, whichever address it is used with', async () => {
    const alice = await signUpUser(app);
    const { token } = await requestResetToken(alice.email);
    const moved = uniqueEmail('moved');
    const change = await app.gql(`mutation Move($input: UpdateProfileInput!) { updateProfile(input: $input) { email } }`, { input: { email: moved, currentPassword: GOOD_PASSWORD } }, { token: alice.token });
    expect(change.errors).toBeUndefined();
    for (const email of [moved, alice.email]) {
      const answer = await app.gql(RESET, { input: { email, resetToken: token, newPassword: NEW_PASSWORD } }, { ip: uniqueIp() });
      expect(answer.errors?.[0]).toMatchObject({ message: INVALID_LINK, extensions: { code: 'BAD_USER_INPUT', fields: { resetToken: INVALID_LINK } } });
    }
    expect((await signIn(moved, GOOD_PASSWORD)).status).toBe(200);
  });
});

describe('API tokens and a reset', () => {
  const INVALID_TOKEN = 'Invalid authentication token';
  const API_TOKENS = `query ApiTokens { apiTokens { name revokedAt revokedReason } }`;

  /** A read and write token made with `session`, over REST. */
  async function createToken(session: string, name: string): Promise<string> {
    const answer = await app.rest('POST', '/api/users/profile/tokens', { name, scopes: ['read', 'write'] }, { token: session });
    expect(answer.status).toBe(201);
    return answer.body.token;
  }

  /** How a token fares reading and writing on each transport: the REST statuses and the GraphQL error codes (undefined: it worked). */
  async function useToken(token: string) {
    const restRead = await app.rest('GET', '/api/products', undefined, { token });
    const restWrite = await app.rest('POST', '/api/products', productInput(), { token });
    const gqlRead = await app.gql(PRODUCT_STATS, {}, { token });
    const gqlWrite = await app.gql(CREATE_PRODUCT, { input: productInput() }, { token });
    return { restRead, restWrite, gqlRead, gqlWrite };
  }

  const resetOver = {
    REST: (input: Record<string, string>) => app.rest('POST', '/api/auth/reset-password', input, { ip: uniqueIp() }).then((answer) => expect(answer.status).toBe(200)),
    GraphQL: (input: Record<string, string>) => app.gql(RESET, { input }, { ip: uniqueIp() }).then((answer) => expect(answer.errors).toBeUndefined()),
  };

  it.each(Object.keys(resetOver) as Array<keyof typeof resetOver>)(
    'a reset over %s revokes every token made before it (401 to reads and writes on both transports); a token made after it works',
    async (transport) => {
      const alice = await signUpUser(app);
      const before = [await createToken(alice.token, 'Shop sync'), await createToken(alice.token, 'Backup')];
      expect((await app.rest('GET', '/api/products', undefined, { token: before[0] })).status).toBe(200);

      const { token: resetToken } = await requestResetToken(alice.email);
      await resetOver[transport]({ email: alice.email, resetToken, newPassword: NEW_PASSWORD });

      for (const token of before) {
        const used = await useToken(token);
        expectRestError(used.restRead, 401, 'UNAUTHENTICATED', INVALID_TOKEN);
        expectRestError(used.restWrite, 401, 'UNAUTHENTICATED', INVALID_TOKEN);
        expectGqlError(used.gqlRead, 'UNAUTHENTICATED', INVALID_TOKEN);
        expectGqlError(used.gqlWrite, 'UNAUTHENTICATED', INVALID_TOKEN);
      }
      expect(await app.sql('SELECT id FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)', [alice.user.id])).toEqual([]);

      const session = (await signIn(alice.email, NEW_PASSWORD)).body.accessToken;
      const listed = (await app.gql(API_TOKENS, {}, { token: session })).data.apiTokens.sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name));
      expect(listed).toEqual(['Backup', 'Shop sync'].map((name) => ({ name, revokedAt: expect.any(String), revokedReason: 'password_reset' })));

      const after = await useToken(await createToken(session, 'New sync'));
      expect([after.restRead.status, after.restWrite.status]).toEqual([200, 201]);
      expect([after.gqlRead.errors, after.gqlWrite.errors]).toEqual([undefined, undefined]);
      expect(await app.sql('SELECT id FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)', [alice.user.id])).toHaveLength(2);
    },
  );
});
