import jwt from 'jsonwebtoken';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { GOOD_PASSWORD, newestLinkIn, ME, signUpUser, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const INVALID = 'Invalid authentication token';
const EXPIRED = 'Your session has expired. Please log in again';
const INACTIVE = 'Account is inactive. Please contact support';

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const decodePart = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** The claims of a real token, so forged tokens carry a real user and session id. */
function claimsOf(token: string): { sub: string; sid: string; iat: number; exp: number } {
  return decodePart(token.split('.')[1]);
}

/** REST GET /api/users/profile/me and GraphQL `me` both refuse the token with 401 / UNAUTHENTICATED and `message`. */
async function expectRefused(token: string | undefined, message: string, headers?: Record<string, string>) {
  const rest = await app.rest('GET', '/api/users/profile/me', undefined, { token, headers });
  expect(rest.status).toBe(401);
  expect(rest.body).toEqual({ message, code: 'UNAUTHENTICATED' });

  const gql = await app.gql(ME, {}, { token, headers });
  expect(gql.data?.me ?? null).toBeNull();
  expect(gql.errors).toHaveLength(1);
  expect(gql.errors?.[0]).toMatchObject({ message, extensions: { code: 'UNAUTHENTICATED' } });
}

async function expectAccepted(token: string, email: string) {
  const rest = await app.rest('GET', '/api/users/profile/me', undefined, { token });
  expect(rest.status).toBe(200);
  expect(rest.body.user.email).toBe(email);
  const gql = await app.gql(ME, {}, { token });
  expect(gql.errors).toBeUndefined();
  expect(gql.data.me.email).toBe(email);
}

const SIGN_OUT = `mutation { signOut { message } }`;

describe('bearer tokens that are not genuine get 401 on REST and GraphQL', () => {
  it('accepts the genuine token (control)', async () => {
    const { token, email } = await signUpUser(app);
    await expectAccepted(token, email);
  });

  it('refuses a request with no token', async () => {
    await expectRefused(undefined, INVALID);
  });

  it('refuses garbage in the Authorization header', async () => {
    await expectRefused(undefined, INVALID, { authorization: 'Bearer not.a.jwt' });
    await expectRefused(undefined, INVALID, { authorization: 'Bearer ' + 'x'.repeat(500) });
    await expectRefused(undefined, INVALID, { authorization: 'Basic dXNlcjpwYXNz' });
    await expectRefused(undefined, INVALID, { authorization: 'Bearer' });
  });

  it('refuses an alg:none token carrying a real user and session', async () => {
    const { token } = await signUpUser(app);
    const { sub, sid, iat, exp } = claimsOf(token);
    const payload = b64url({ sid, sub, iat, exp });
    await expectRefused(`${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`, INVALID);
    await expectRefused(`${b64url({ alg: 'none', typ: 'JWT' })}.${payload}`, INVALID);
    await expectRefused(`${b64url({ alg: 'None', typ: 'JWT' })}.${payload}.`, INVALID);
  });

  it('refuses a tampered payload (another user id under the original signature)', async () => {
    const victim = await signUpUser(app);
    const attacker = await signUpUser(app);
    const [header, payload, signature] = attacker.token.split('.');
    const claims = decodePart(payload);
    const tampered = `${header}.${b64url({ ...claims, sub: victim.user.id })}.${signature}`;
    await expectRefused(tampered, INVALID);
    // Lengthening the lifetime is tampering too.
    const longer = `${header}.${b64url({ ...claims, exp: claims.exp + 86_400 })}.${signature}`;
    await expectRefused(longer, INVALID);
  });

  it('refuses a token signed with another secret', async () => {
    const { token } = await signUpUser(app);
    const { sub, sid } = claimsOf(token);
    const forged = jwt.sign({ sid }, 'another-secret-that-is-at-least-32-characters', { algorithm: 'HS256', subject: sub, expiresIn: 3600 });
    await expectRefused(forged, INVALID);
  });

  it('refuses a token signed with the right secret but HS512', async () => {
    const { token } = await signUpUser(app);
    const { sub, sid } = claimsOf(token);
    const hs512 = jwt.sign({ sid }, app.config.jwtSecret, { algorithm: 'HS512', subject: sub, expiresIn: 3600 });
    await expectRefused(hs512, INVALID);
  });

  it('refuses an RS256 token (algorithm confusion)', async () => {
    const { token } = await signUpUser(app);
    const { sub, sid } = claimsOf(token);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rs256 = jwt.sign({ sid }, privateKey, { algorithm: 'RS256', subject: sub, expiresIn: 3600 });
    await expectRefused(rs256, INVALID);
  });

  it('refuses a correctly signed token whose session does not exist', async () => {
    const { user } = await signUpUser(app);
    const unknownSession = jwt.sign({ sid: randomUUID() }, app.config.jwtSecret, { algorithm: 'HS256', subject: user.id, expiresIn: 3600 });
    await expectRefused(unknownSession, INVALID);
  });

  it("refuses a correctly signed token naming another user's session", async () => {
    const victim = await signUpUser(app);
    const attacker = await signUpUser(app);
    const { sid } = claimsOf(victim.token);
    const crossed = jwt.sign({ sid }, app.config.jwtSecret, { algorithm: 'HS256', subject: attacker.user.id, expiresIn: 3600 });
    await expectRefused(crossed, INVALID);
  });

  it('refuses correctly signed tokens with malformed claims', async () => {
    const { user } = await signUpUser(app);
    const sign = (payload: object, options: jwt.SignOptions = {}) =>
      jwt.sign(payload, app.config.jwtSecret, { algorithm: 'HS256', expiresIn: 3600, ...options });
    await expectRefused(sign({}, { subject: user.id }), INVALID);
    await expectRefused(sign({ sid: "' OR 1=1 --" }, { subject: user.id }), INVALID);
    await expectRefused(sign({ sid: 42 }, { subject: user.id }), INVALID);
    await expectRefused(sign({ sid: randomUUID() }), INVALID);
  });
});

describe('expired, revoked and deactivated sessions get 401', () => {
  it('refuses a genuinely signed token whose exp has passed, with the session-expired message', async () => {
    const { token } = await signUpUser(app);
    const { sub, sid } = claimsOf(token);
    const now = Math.floor(Date.now() / 1000);
    const expired = jwt.sign({ sid, sub, iat: now - 9 * 3600, exp: now - 10 }, app.config.jwtSecret, { algorithm: 'HS256' });
    await expectRefused(expired, EXPIRED);
  });

  it('refuses a token whose session row has expired even though the JWT has not', async () => {
    const { token, user } = await signUpUser(app);
    await app.sql(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    await expectRefused(token, EXPIRED);
  });

  it('refuses the token of a revoked session', async () => {
    const { token, user } = await signUpUser(app);
    await app.sql(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [user.id]);
    await expectRefused(token, EXPIRED);
  });

  it('refuses the token of a user who has been deactivated', async () => {
    const { token, user, email } = await signUpUser(app);
    await expectAccepted(token, email);
    await app.sql(`UPDATE users SET status = 'Inactive' WHERE id = $1`, [user.id]);
    await expectRefused(token, INACTIVE);
  });
});

describe('sign-out revokes only that session', () => {
  it('over REST: the signed-out token stops working, a second session of the same user keeps working', async () => {
    const { token: first, email } = await signUpUser(app);
    const signIn = await app.rest('POST', '/api/auth/signin', { email, password: GOOD_PASSWORD });
    expect(signIn.status).toBe(200);
    const second = signIn.body.accessToken as string;

    const out = await app.rest('POST', '/api/auth/signout', undefined, { token: first });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: expect.any(String) });

    await expectRefused(first, EXPIRED);
    await expectAccepted(second, email);
  });

  it('over GraphQL: the same, and the answer matches REST', async () => {
    const { token: first, email } = await signUpUser(app);
    const signIn = await app.rest('POST', '/api/auth/signin', { email, password: GOOD_PASSWORD });
    const second = signIn.body.accessToken as string;
    const third = (await app.rest('POST', '/api/auth/signin', { email, password: GOOD_PASSWORD })).body.accessToken as string;

    const gqlOut = await app.gql(SIGN_OUT, {}, { token: first });
    expect(gqlOut.errors).toBeUndefined();
    const restOut = await app.rest('POST', '/api/auth/signout', undefined, { token: third });
    expect(gqlOut.data.signOut.message).toBe(restOut.body.message);

    await expectRefused(first, EXPIRED);
    await expectRefused(third, EXPIRED);
    await expectAccepted(second, email);
  });

  it('signing out without a token, or twice, is a 401 on both transports', async () => {
    const rest = await app.rest('POST', '/api/auth/signout');
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ message: INVALID, code: 'UNAUTHENTICATED' });
    const gql = await app.gql(SIGN_OUT);
    expect(gql.errors?.[0]).toMatchObject({ message: INVALID, extensions: { code: 'UNAUTHENTICATED' } });

    const { token } = await signUpUser(app);
    expect((await app.rest('POST', '/api/auth/signout', undefined, { token })).status).toBe(200);
    const again = await app.rest('POST', '/api/auth/signout', undefined, { token });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('UNAUTHENTICATED');
    const againGql = await app.gql(SIGN_OUT, {}, { token });
    expect(againGql.errors?.[0]).toMatchObject({ message: again.body.message, extensions: { code: 'UNAUTHENTICATED' } });
  });
});

describe('a password reset revokes every session', () => {
  it('all tokens issued before the reset stop working; a sign-in with the new password works', async () => {
    const { token: first, email } = await signUpUser(app);
    const second = (await app.rest('POST', '/api/auth/signin', { email, password: GOOD_PASSWORD })).body.accessToken as string;
    await expectAccepted(first, email);
    await expectAccepted(second, email);

    expect((await app.rest('POST', '/api/auth/forgot-password', { email })).status).toBe(200);
    const mails = await app.mailsTo(email);
    const link = newestLinkIn(mails, '/auth/reset-password');
    const newPassword = 'N3w!Passw0rd-reset';
    const reset = await app.rest('POST', '/api/auth/reset-password', { email, resetToken: link.searchParams.get('token'), newPassword });
    expect(reset.status).toBe(200);

    await expectRefused(first, EXPIRED);
    await expectRefused(second, EXPIRED);
    const fresh = await app.rest('POST', '/api/auth/signin', { email, password: newPassword });
    expect(fresh.status).toBe(200);
    await expectAccepted(fresh.body.accessToken, email);
  });
});
