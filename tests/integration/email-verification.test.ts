import { GOOD_PASSWORD, linkIn, newestLinkIn, ME, SIGN_UP, signUpUser, startTestApp, uniqueEmail, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const VERIFIED = 'Email address verified';
const INVALID_LINK = 'This verification link is invalid or has expired';
const VERIFY = `mutation Verify($input: VerifyEmailInput!) { verifyEmail(input: $input) { message } }`;
const RESEND = `mutation { resendVerification { message } }`;

/** Every verification link mailed to `email`, oldest first. */
async function verificationLinks(email: string): Promise<URL[]> {
  return (await app.mailsTo(email)).filter((mail) => mail.includes('/auth/verify-email')).map((mail) => linkIn(mail, '/auth/verify-email'));
}

async function emailVerified(token: string): Promise<boolean> {
  const rest = await app.rest('GET', '/api/users/profile/me', undefined, { token });
  const gql = await app.gql(ME, {}, { token });
  expect(gql.data.me.emailVerified).toBe(rest.body.user.emailVerified);
  return rest.body.user.emailVerified;
}

describe('verification link', () => {
  it('sign-up mails one link APP_URL/auth/verify-email?token=&email=, and the account starts unverified', async () => {
    const { email, token } = await signUpUser(app);
    const links = await verificationLinks(email);
    expect(links).toHaveLength(1);
    expect(links[0].origin).toBe('http://stockroom.test');
    expect(links[0].pathname).toBe('/auth/verify-email');
    expect([...links[0].searchParams.keys()].sort()).toEqual(['email', 'token']);
    expect(links[0].searchParams.get('email')).toBe(email);
    expect(links[0].searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(await emailVerified(token)).toBe(false);
  });

  it('ignores a forged Host on sign-up and over GraphQL', async () => {
    const email = uniqueEmail();
    const answer = await app.gql(SIGN_UP, { input: { firstName: 'Ada', lastName: 'L', email, password: GOOD_PASSWORD } }, {
      headers: { 'x-forwarded-host': 'evil.example', host: 'evil.example' },
    });
    expect(answer.errors).toBeUndefined();
    const [link] = await verificationLinks(email);
    expect(link.origin).toBe('http://stockroom.test');
  });

  it('stores only a hash of the verification token', async () => {
    const { email } = await signUpUser(app);
    const [link] = await verificationLinks(email);
    const everything = JSON.stringify(await app.sql('SELECT * FROM one_time_tokens'));
    expect(everything).not.toContain(link.searchParams.get('token'));
  });
});

describe('verify email', () => {
  it('over REST: marks the address verified (visible in me), and works only once', async () => {
    const { email, token } = await signUpUser(app);
    const [link] = await verificationLinks(email);
    const verifyToken = link.searchParams.get('token');
    const answer = await app.rest('POST', '/api/users/verify-email', { email, token: verifyToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: VERIFIED });
    expect(await emailVerified(token)).toBe(true);

    const again = await app.rest('POST', '/api/users/verify-email', { email, token: verifyToken });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: INVALID_LINK, code: 'BAD_USER_INPUT', fields: { token: INVALID_LINK } });
  });

  it('over GraphQL: the same, with the same answers', async () => {
    const { email, token } = await signUpUser(app);
    const [link] = await verificationLinks(email);
    const input = { email, token: link.searchParams.get('token') };
    const answer = await app.gql(VERIFY, { input });
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({ verifyEmail: { message: VERIFIED } });
    expect(await emailVerified(token)).toBe(true);

    const again = await app.gql(VERIFY, { input });
    expect(again.errors?.[0]).toMatchObject({ message: INVALID_LINK, extensions: { code: 'BAD_USER_INPUT', fields: { token: INVALID_LINK } } });
  });

  it('accepts the email in any case, as in the link the user may retype', async () => {
    const { email, token } = await signUpUser(app);
    const [link] = await verificationLinks(email);
    const answer = await app.rest('POST', '/api/users/verify-email', { email: email.toUpperCase(), token: link.searchParams.get('token') });
    expect(answer.status).toBe(200);
    expect(await emailVerified(token)).toBe(true);
  });

  it('refuses a wrong token, a token of another account and an unknown email alike, on both transports', async () => {
    const { email, token } = await signUpUser(app);
    const other = await signUpUser(app);
    const [otherLink] = await verificationLinks(other.email);
    const attempts = [
      { email, token: 'A'.repeat(43) },
      { email, token: otherLink.searchParams.get('token') },
      { email: uniqueEmail('nobody'), token: otherLink.searchParams.get('token') },
    ];
    for (const input of attempts) {
      const rest = await app.rest('POST', '/api/users/verify-email', input);
      expect(rest.status).toBe(400);
      expect(rest.body).toEqual({ message: INVALID_LINK, code: 'BAD_USER_INPUT', fields: { token: INVALID_LINK } });
      const gql = await app.gql(VERIFY, { input });
      expect(gql.errors?.[0]).toMatchObject({ message: INVALID_LINK, extensions: { code: 'BAD_USER_INPUT' } });
    }
    expect(await emailVerified(token)).toBe(false);
    expect(await emailVerified(other.token)).toBe(false);
  });

  it('refuses an expired verification link', async () => {
    const { email, token, user } = await signUpUser(app);
    const [link] = await verificationLinks(email);
    await app.sql(`UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'email_verification'`, [user.id]);
    const answer = await app.rest('POST', '/api/users/verify-email', { email, token: link.searchParams.get('token') });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(INVALID_LINK);
    expect(await emailVerified(token)).toBe(false);
  });

  it('refuses a missing token or a bad email with the field messages, the same on both transports', async () => {
    const rest = await app.rest('POST', '/api/users/verify-email', { email: 'nope', token: '' });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({
      message: expect.any(String),
      code: 'BAD_USER_INPUT',
      fields: { email: 'Please provide a valid email address', token: 'Token is required' },
    });
    const gql = await app.gql(VERIFY, { input: { email: 'nope', token: '' } });
    expect(gql.errors?.[0]).toMatchObject({ message: rest.body.message, extensions: { code: 'BAD_USER_INPUT', fields: rest.body.fields } });
  });

  it('a password reset link also proves the address', async () => {
    const { email } = await signUpUser(app);
    await app.rest('POST', '/api/auth/forgot-password', { email });
    const mails = await app.mailsTo(email);
    const resetToken = newestLinkIn(mails, '/auth/reset-password').searchParams.get('token');
    const newPassword = 'Verified!Passw0rd';
    expect((await app.rest('POST', '/api/auth/reset-password', { email, resetToken, newPassword })).status).toBe(200);
    const signIn = await app.rest('POST', '/api/auth/signin', { email, password: newPassword });
    expect(signIn.body.user.emailVerified).toBe(true);
  });
});

describe('resend verification', () => {
  it('requires sign-in (401) on both transports', async () => {
    const rest = await app.rest('POST', '/api/users/resend-verification');
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ message: 'Invalid authentication token', code: 'UNAUTHENTICATED' });
    const gql = await app.gql(RESEND);
    expect(gql.errors?.[0]).toMatchObject({ message: 'Invalid authentication token', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('over REST: mails a new link that supersedes the old one', async () => {
    const { email, token } = await signUpUser(app);
    const answer = await app.rest('POST', '/api/users/resend-verification', undefined, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: expect.any(String) });
    const links = await verificationLinks(email);
    expect(links).toHaveLength(2);
    const [older, newer] = links.map((link) => link.searchParams.get('token'));
    expect(newer).not.toBe(older);

    const withOld = await app.rest('POST', '/api/users/verify-email', { email, token: older });
    expect(withOld.status).toBe(400);
    expect(withOld.body.message).toBe(INVALID_LINK);
    const withNew = await app.rest('POST', '/api/users/verify-email', { email, token: newer });
    expect(withNew.status).toBe(200);
    expect(await emailVerified(token)).toBe(true);
  });

  it('over GraphQL: the same answer as REST, and the new link supersedes the old one', async () => {
    const { email, token } = await signUpUser(app);
    const gql = await app.gql(RESEND, {}, { token });
    expect(gql.errors).toBeUndefined();
    const rest = await app.rest('POST', '/api/users/resend-verification', undefined, { token });
    expect(gql.data.resendVerification.message).toBe(rest.body.message);
    const links = await verificationLinks(email);
    expect(links).toHaveLength(3);
    const tokens = links.map((link) => link.searchParams.get('token'));
    for (const stale of tokens.slice(0, 2)) {
      const answer = await app.gql(VERIFY, { input: { email, token: stale } });
      expect(answer.errors?.[0].message).toBe(INVALID_LINK);
    }
    expect((await app.gql(VERIFY, { input: { email, token: tokens[2] } })).errors).toBeUndefined();
    expect(await emailVerified(token)).toBe(true);
  });

  it('sends nothing once the address is verified, with the same answer', async () => {
    const { email, token } = await signUpUser(app);
    const [link] = await verificationLinks(email);
    await app.rest('POST', '/api/users/verify-email', { email, token: link.searchParams.get('token') });
    const answer = await app.rest('POST', '/api/users/resend-verification', undefined, { token });
    expect(answer.status).toBe(200);
    expect(await verificationLinks(email)).toHaveLength(1);
  });

  it('does not disturb a pending password reset link', async () => {
    const { email, token } = await signUpUser(app);
    await app.rest('POST', '/api/auth/forgot-password', { email });
    await app.rest('POST', '/api/users/resend-verification', undefined, { token });
    const mails = await app.mailsTo(email);
    const resetMail = mails.find((mail) => mail.includes('/auth/reset-password'))!;
    const resetToken = linkIn(resetMail, '/auth/reset-password').searchParams.get('token');
    const reset = await app.rest('POST', '/api/auth/reset-password', { email, resetToken, newPassword: 'Still!Valid0' });
    expect(reset.status).toBe(200);
  });
});

describe('mail limits on resend verification', () => {
  const THROTTLED = 'Too many requests. Please wait a moment and try again';

  it('answers the 6th resend within an hour with 429 and Retry-After, counting REST and GraphQL together, even once verified', async () => {
    const { email, token } = await signUpUser(app);
    const [link] = await verificationLinks(email);
    // Verified, so no mail goes out: the account's own limit still counts every call.
    await app.rest('POST', '/api/users/verify-email', { email, token: link.searchParams.get('token') });
    for (let i = 0; i < 5; i++) {
      if (i % 2) expect((await app.gql(RESEND, {}, { token })).errors).toBeUndefined();
      else expect((await app.rest('POST', '/api/users/resend-verification', undefined, { token })).status).toBe(200);
    }
    const rest = await app.rest('POST', '/api/users/resend-verification', undefined, { token });
    expect(rest.status).toBe(429);
    expect(rest.body).toEqual({ message: THROTTLED, code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(rest.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const gql = await app.gql(RESEND, {}, { token });
    expect(gql.errors?.[0]).toMatchObject({ message: THROTTLED, extensions: { code: 'TOO_MANY_REQUESTS' } });
    expect(gql.errors?.[0].extensions?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it('never mails one address more than 5 verification links an hour: sign-up and resends count together', async () => {
    const { email, token } = await signUpUser(app);
    // Sign-up sent the 1st; four resends bring it to 5.
    for (let i = 0; i < 4; i++) {
      if (i % 2) expect((await app.gql(RESEND, {}, { token })).errors).toBeUndefined();
      else expect((await app.rest('POST', '/api/users/resend-verification', undefined, { token })).status).toBe(200);
    }
    expect(await verificationLinks(email)).toHaveLength(5);
    // The account has used 4 of its 5 actions: the 5th resend is refused for the address's cap, and sends nothing.
    const rest = await app.rest('POST', '/api/users/resend-verification', undefined, { token });
    expect(rest.status).toBe(429);
    expect(rest.body).toEqual({ message: THROTTLED, code: 'TOO_MANY_REQUESTS' });
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await verificationLinks(email)).toHaveLength(5);
    // The newest link mailed still works.
    const newest = (await verificationLinks(email))[4].searchParams.get('token');
    expect((await app.gql(VERIFY, { input: { email, token: newest } })).errors).toBeUndefined();
    expect(await emailVerified(token)).toBe(true);
  });
});

describe('verification links after a password change', () => {
  const NEW_PASSWORD = 'Changed!Passw0rd';

  it('a link mailed before a password change (REST) no longer works after it', async () => {
    const { email, token } = await signUpUser(app);
    const [link] = await verificationLinks(email);
    expect((await app.rest('POST', '/api/users/profile/password', { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD }, { token })).status).toBe(200);
    const answer = await app.rest('POST', '/api/users/verify-email', { email, token: link.searchParams.get('token') });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: INVALID_LINK, code: 'BAD_USER_INPUT', fields: { token: INVALID_LINK } });
    expect(await emailVerified(token)).toBe(false);
    // A link asked for afterwards works.
    await app.rest('POST', '/api/users/resend-verification', undefined, { token });
    const fresh = (await verificationLinks(email)).at(-1)!;
    expect((await app.rest('POST', '/api/users/verify-email', { email, token: fresh.searchParams.get('token') })).status).toBe(200);
  });

  it('a link mailed before a password change (GraphQL) no longer works after it', async () => {
    const { email, token } = await signUpUser(app);
    const [link] = await verificationLinks(email);
    const changed = await app.gql(`mutation Change($input: ChangePasswordInput!) { changePassword(input: $input) { message } }`, { input: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD } }, { token });
    expect(changed.errors).toBeUndefined();
    const answer = await app.gql(VERIFY, { input: { email, token: link.searchParams.get('token') } });
    expect(answer.errors?.[0]).toMatchObject({ message: INVALID_LINK, extensions: { code: 'BAD_USER_INPUT', fields: { token: INVALID_LINK } } });
    expect(await emailVerified(token)).toBe(false);
  });

  it('a link mailed before a completed password reset no longer works after it', async () => {
    const { email } = await signUpUser(app);
    const [link] = await verificationLinks(email);
    await app.rest('POST', '/api/auth/forgot-password', { email });
    const resetMail = (await app.mailsTo(email)).find((mail) => mail.includes('/auth/reset-password'))!;
    const resetToken = linkIn(resetMail, '/auth/reset-password').searchParams.get('token');
    expect((await app.rest('POST', '/api/auth/reset-password', { email, resetToken, newPassword: NEW_PASSWORD })).status).toBe(200);
    const answer = await app.rest('POST', '/api/users/verify-email', { email, token: link.searchParams.get('token') });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(INVALID_LINK);
  });
});
