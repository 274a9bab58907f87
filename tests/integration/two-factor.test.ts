import { generateSync } from 'otplib';
import { expectGqlError, expectRestError } from '../support/answers';
import { ageSessions, decodeQuotedPrintable, GOOD_PASSWORD, SIGN_IN, signUpUser, startTestApp, uniqueIp, type TestApp } from '../support/test-app';

/**
 * Two-factor authentication with an authenticator app (issue 40): set-up
 * from the profile, the two-step sign-in on both transports, recovery codes,
 * turning it off, and what each change tells the account. Codes are computed
 * here from the secret the server handed out, as an app would.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const INVALID_CODE = 'Invalid verification code';
const STEP_UP = 'Confirm it is you: enter your password or a code again, or use a passkey';
const TOKEN_INVALID = 'This sign-in has expired. Please sign in again';
const LOCKED = 'Account temporarily locked due to multiple failed login attempts';

type Account = Awaited<ReturnType<typeof signUpUser>>;

/** The code an authenticator app shows now. */
const codeOf = (secret: string) => generateSync({ secret });
/** A right code that is not the current one (an app whose clock is off by more than a step): refused. */
const codeFarFrom = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) - 300 });
/**
 * As if the next 30-second step had come: a code is accepted once, so a test
 * that needs another right code within one step lets the server forget the
 * last step used (the time travel the other expiry tests do with SQL).
 */
const nextStep = (account: Account) => app.sql('UPDATE totp_factors SET last_time_step = last_time_step - 2 WHERE user_id = $1', [account.user.id]);

const signIn = (email: string, password: string, ip?: string) => app.rest('POST', '/api/auth/signin', { email, password }, { ip });
const signInWithCode = (mfaToken: string, code: string, ip?: string) => app.rest('POST', '/api/auth/signin/mfa', { mfaToken, code }, { ip });
const me = (token: string) => app.rest('GET', '/api/users/profile/me', undefined, { token });

/** Turns the authenticator on for the account over REST: its secret and its recovery codes. */
async function withAuthenticator(account: Account) {
  const setup = await app.rest('POST', '/api/users/profile/mfa/totp', undefined, { token: account.token });
  expect(setup.status).toBe(200);
  const { secret } = setup.body;
  const confirmed = await app.rest('POST', '/api/users/profile/mfa/totp/confirm', { code: codeOf(secret) }, { token: account.token });
  expect(confirmed.status).toBe(200);
  await nextStep(account);
  return { secret: secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

const mailsSince = async (email: string, before: number) => (await app.mailsTo(email)).slice(before).map(decodeQuotedPrintable);
const activityTitles = async (account: Account, token = account.token) =>
  (await app.rest('GET', '/api/dashboard', undefined, { token })).body.recentActivity.map((item: { title: string }) => item.title);

describe('an account without a second factor', () => {
  it('signs in exactly as before on both transports: the session at once, no mfa fields over REST', async () => {
    const alice = await signUpUser(app);
    const rest = await signIn(alice.email, GOOD_PASSWORD);
    expect(rest.status).toBe(200);
    expect(Object.keys(rest.body).sort()).toEqual(['accessToken', 'expiresAt', 'user']);
    expect((await me(rest.body.accessToken)).status).toBe(200);

    const gql = await app.gql(SIGN_IN, { input: { email: alice.email, password: GOOD_PASSWORD } });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.signIn).toMatchObject({ accessToken: expect.any(String), user: { email: alice.email } });
    expect((await app.rest('GET', '/api/users/profile/mfa', undefined, { token: alice.token })).body).toEqual({ totp: false, recoveryCodesLeft: 0, passwordSet: true });
  });
});

describe('setting up an authenticator', () => {
  it('hands out the secret and an otpauth URL once, asks nothing at sign-in until a first code confirms it, then returns ten recovery codes', async () => {
    const alice = await signUpUser(app);
    const setup = await app.rest('POST', '/api/users/profile/mfa/totp', undefined, { token: alice.token });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl } = setup.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Stockroom:${alice.email}`);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Stockroom');

    // Not stored as it is: a copy of the database alone does not make codes.
    const stored = JSON.stringify(await app.sql('SELECT * FROM totp_factors WHERE user_id = $1', [alice.user.id]));
    expect(stored).not.toContain(secret);

    // Unconfirmed: sign-in is unchanged.
    expect((await signIn(alice.email, GOOD_PASSWORD)).body.accessToken).toEqual(expect.any(String));

    const wrong = await app.rest('POST', '/api/users/profile/mfa/totp/confirm', { code: codeFarFrom(secret) }, { token: alice.token });
    expectRestError(wrong, 400, 'BAD_USER_INPUT', INVALID_CODE, { code: INVALID_CODE });

    const confirmed = await app.rest('POST', '/api/users/profile/mfa/totp/confirm', { code: codeOf(secret) }, { token: alice.token });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored hashed only.
    const hashes = JSON.stringify(await app.sql('SELECT * FROM recovery_codes WHERE user_id = $1', [alice.user.id]));
    for (const code of codes) expect(hashes).not.toContain(code.replace('-', ''));

    expect((await app.rest('GET', '/api/users/profile/mfa', undefined, { token: alice.token })).body).toEqual({ totp: true, recoveryCodesLeft: 10, passwordSet: true });
    // The secret is not handed out again: a new set-up is refused while one is on.
    expectRestError(await app.rest('POST', '/api/users/profile/mfa/totp', undefined, { token: alice.token }), 409, 'CONFLICT', 'Two-factor authentication is already on');
    expect((await signIn(alice.email, GOOD_PASSWORD)).body).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['totp', 'recovery'] });
  });

  it('emails the account and lists the change in its activity', async () => {
    const alice = await signUpUser(app);
    const before = (await app.mailsTo(alice.email)).length;
    await withAuthenticator(alice);
    const mails = await mailsSince(alice.email, before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Two-factor authentication is on for your Stockroom account');
    expect(mails[0]).toContain('now asks for a code from your authenticator app');
    expect(await activityTitles(alice)).toContain('Two-factor authentication on');
  });

  it('works the same over GraphQL', async () => {
    const alice = await signUpUser(app);
    const setup = await app.gql('mutation { setUpTotp { secret otpauthUrl } }', {}, { token: alice.token });
    const { secret } = setup.data.setUpTotp;
    const wrong = await app.gql('mutation($input: VerificationCodeInput!) { confirmTotp(input: $input) { recoveryCodes } }', { input: { code: codeFarFrom(secret) } }, { token: alice.token });
    expectGqlError(wrong, 'BAD_USER_INPUT', INVALID_CODE, { code: INVALID_CODE });
    const confirmed = await app.gql('mutation($input: VerificationCodeInput!) { confirmTotp(input: $input) { recoveryCodes } }', { input: { code: codeOf(secret) } }, { token: alice.token });
    expect(confirmed.data.confirmTotp.recoveryCodes).toHaveLength(10);
    const status = await app.gql('{ secondFactors { totp recoveryCodesLeft } }', {}, { token: alice.token });
    expect(status.data.secondFactors).toEqual({ totp: true, recoveryCodesLeft: 10 });
  });

  it('needs a session', async () => {
    expectRestError(await app.rest('POST', '/api/users/profile/mfa/totp'), 401, 'UNAUTHENTICATED', 'Invalid authentication token');
    expect((await app.rest('GET', '/api/users/profile/mfa')).status).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  it('REST: the password answers mfaRequired and no session; the code completes the sign-in once', async () => {
    const alice = await signUpUser(app);
    const { secret } = await withAuthenticator(alice);
    const sessionsBefore = (await app.sql('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [alice.user.id]))[0].n;

    const first = await signIn(alice.email, GOOD_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['totp', 'recovery'] });
    expect((await app.sql('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [alice.user.id]))[0].n).toBe(sessionsBefore);
    // The token is not a bearer token.
    expect((await me(first.body.mfaToken)).status).toBe(401);

    const code = codeOf(secret);
    const second = await signInWithCode(first.body.mfaToken, code);
    expect(second.status).toBe(200);
    expect(Object.keys(second.body).sort()).toEqual(['accessToken', 'expiresAt', 'user']);
    expect(second.body.user.email).toBe(alice.email);
    expect((await me(second.body.accessToken)).status).toBe(200);

    // The token worked once.
    expectRestError(await signInWithCode(first.body.mfaToken, code), 401, 'UNAUTHENTICATED', TOKEN_INVALID);
    // The code worked once: replayed within its window with a fresh token, it is refused.
    const again = await signIn(alice.email, GOOD_PASSWORD);
    expectRestError(await signInWithCode(again.body.mfaToken, code), 401, 'UNAUTHENTICATED', INVALID_CODE);
  });

  it('GraphQL: signIn says mfaRequired with the token, signInWithCode completes it, a wrong code is UNAUTHENTICATED', async () => {
    const alice = await signUpUser(app);
    const { secret } = await withAuthenticator(alice);
    const SIGN_IN_MFA = `mutation($input: SignInInput!) { signIn(input: $input) { accessToken user { email } mfaRequired mfaToken methods } }`;
    const WITH_CODE = `mutation($input: SignInWithCodeInput!) { signInWithCode(input: $input) { accessToken mfaRequired user { email } } }`;
    const first = await app.gql(SIGN_IN_MFA, { input: { email: alice.email, password: GOOD_PASSWORD } });
    expect(first.data.signIn).toEqual({ accessToken: null, user: null, mfaRequired: true, mfaToken: expect.any(String), methods: ['totp', 'recovery'] });
    const { mfaToken } = first.data.signIn;

    expectGqlError(await app.gql(WITH_CODE, { input: { mfaToken, code: codeFarFrom(secret) } }), 'UNAUTHENTICATED', INVALID_CODE);
    const second = await app.gql(WITH_CODE, { input: { mfaToken, code: codeOf(secret) } });
    expect(second.data.signInWithCode).toEqual({ accessToken: expect.any(String), mfaRequired: false, user: { email: alice.email } });
    expect((await me(second.data.signInWithCode.accessToken)).status).toBe(200);
    expectGqlError(await app.gql(WITH_CODE, { input: { mfaToken, code: codeOf(secret) } }), 'UNAUTHENTICATED', TOKEN_INVALID);
  });

  it('refuses a forged, an expired and a malformed token', async () => {
    const alice = await signUpUser(app);
    const { secret } = await withAuthenticator(alice);
    expectRestError(await signInWithCode('forged-token-forged-token-forged-token-1234', codeOf(secret)), 401, 'UNAUTHENTICATED', TOKEN_INVALID);

    const first = await signIn(alice.email, GOOD_PASSWORD);
    // Five minutes later.
    await app.sql(`UPDATE mfa_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [alice.user.id]);
    expectRestError(await signInWithCode(first.body.mfaToken, codeOf(secret)), 401, 'UNAUTHENTICATED', TOKEN_INVALID);
    const [challenge] = await app.sql(`SELECT created_at, expires_at FROM mfa_challenges WHERE user_id = $1`, [alice.user.id]);
    expect(challenge).toBeDefined();

    const fresh = await signIn(alice.email, GOOD_PASSWORD);
    const [row] = await app.sql(`SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM mfa_challenges WHERE user_id = $1 AND expires_at > now()`, [alice.user.id]);
    expect(row.ttl).toBe(300);
    expect((await app.rest('POST', '/api/auth/signin/mfa', { mfaToken: fresh.body.mfaToken })).status).toBe(400);
    expect((await app.rest('POST', '/api/auth/signin/mfa', { mfaToken: fresh.body.mfaToken, code: 123456 })).status).toBe(400);
    expect((await app.rest('POST', '/api/auth/signin/mfa', { mfaToken: fresh.body.mfaToken, code: 'x'.repeat(10_000) })).status).toBe(400);
    // None of those spent it.
    expect((await signInWithCode(fresh.body.mfaToken, codeOf(secret))).status).toBe(200);
  });

  it('counts wrong codes against the sign-in lockout: warned near the lock, locked after five, a right password then gets 423 too', async () => {
    const alice = await signUpUser(app);
    const { secret } = await withAuthenticator(alice);
    const ip = uniqueIp();
    const { body } = await signIn(alice.email, GOOD_PASSWORD, ip);
    const wrong = codeFarFrom(secret);
    for (let i = 1; i <= 5; i++) {
      const answer = await signInWithCode(body.mfaToken, wrong, ip);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(INVALID_CODE);
      if (i >= 3) expect(answer.body.attemptsLeft).toBe(5 - i);
    }
    const locked = await signInWithCode(body.mfaToken, codeOf(secret), ip);
    expect(locked.status).toBe(423);
    expect(locked.body).toMatchObject({ message: LOCKED, code: 'ACCOUNT_LOCKED' });
    expect((await signIn(alice.email, GOOD_PASSWORD, ip)).status).toBe(423);
    // Another client is not locked out.
    expect((await signIn(alice.email, GOOD_PASSWORD, uniqueIp())).status).toBe(200);
  });

  it('a right password does not clear the count of wrong codes: three wrong codes, the password again, two more lock', async () => {
    const alice = await signUpUser(app);
    const { secret } = await withAuthenticator(alice);
    const ip = uniqueIp();
    for (let round = 0; round < 2; round++) {
      const { body } = await signIn(alice.email, GOOD_PASSWORD, ip);
      for (let i = 0; i < (round === 0 ? 3 : 2); i++) expect((await signInWithCode(body.mfaToken, codeFarFrom(secret), ip)).status).toBe(401);
    }
    expect((await signIn(alice.email, GOOD_PASSWORD, ip)).status).toBe(423);
  });
});

describe('recovery codes', () => {
  it('each signs in once, is emailed about and listed in the activity with the codes left', async () => {
    const alice = await signUpUser(app);
    const { recoveryCodes } = await withAuthenticator(alice);
    const before = (await app.mailsTo(alice.email)).length;

    const first = await signIn(alice.email, GOOD_PASSWORD);
    // Typed in upper case and with spaces, as people do.
    const typed = ` ${recoveryCodes[3].toUpperCase().replace('-', ' ')} `;
    const signedIn = await signInWithCode(first.body.mfaToken, typed);
    expect(signedIn.status).toBe(200);
    expect((await me(signedIn.body.accessToken)).status).toBe(200);

    const again = await signIn(alice.email, GOOD_PASSWORD);
    expectRestError(await signInWithCode(again.body.mfaToken, recoveryCodes[3]), 401, 'UNAUTHENTICATED', INVALID_CODE);
    expect((await signInWithCode(again.body.mfaToken, recoveryCodes[4])).status).toBe(200);

    const mails = await mailsSince(alice.email, before);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toContain('Subject: A recovery code was used to sign in to your Stockroom account');
    expect(mails[0]).toContain('9 of your recovery codes are left');
    expect(mails[1]).toContain('8 of your recovery codes are left');
    const titles = await activityTitles(alice, signedIn.body.accessToken);
    expect(titles).toContain('Recovery code used');
    expect((await app.rest('GET', '/api/users/profile/mfa', undefined, { token: alice.token })).body).toEqual({ totp: true, recoveryCodesLeft: 8, passwordSet: true });
  });

  it('new codes for a current code replace the old ones, and say so', async () => {
    const alice = await signUpUser(app);
    const { secret, recoveryCodes } = await withAuthenticator(alice);
    const before = (await app.mailsTo(alice.email)).length;
    expectRestError(
      await app.rest('POST', '/api/users/profile/mfa/recovery-codes', { code: recoveryCodes[0] }, { token: alice.token }),
      400,
      'BAD_USER_INPUT',
      INVALID_CODE,
      { code: INVALID_CODE },
    );
    const fresh = await app.rest('POST', '/api/users/profile/mfa/recovery-codes', { code: codeOf(secret) }, { token: alice.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);

    const first = await signIn(alice.email, GOOD_PASSWORD);
    expect((await signInWithCode(first.body.mfaToken, recoveryCodes[1])).status).toBe(401);
    expect((await signInWithCode(first.body.mfaToken, fresh.body.recoveryCodes[0])).status).toBe(200);
    const mails = await mailsSince(alice.email, before);
    expect(mails[0]).toContain('Subject: New recovery codes for your Stockroom account');
    expect(await activityTitles(alice)).toContain('New recovery codes');
  });
});

describe('turning it off', () => {
  it('needs both the password and a code; then sign-in asks for the password only, and the account is told', async () => {
    const alice = await signUpUser(app);
    const { secret } = await withAuthenticator(alice);
    const before = (await app.mailsTo(alice.email)).length;
    const off = (body: unknown) => app.rest('DELETE', '/api/users/profile/mfa/totp', body, { token: alice.token });
    await ageSessions(app, alice.user.id);

    expectRestError(await off({ password: GOOD_PASSWORD }), 400, 'BAD_USER_INPUT', 'Code is required', { code: 'Code is required' });
    // No password, and none given in the last 10 minutes: the code alone is not enough.
    expectRestError(await off({ code: codeOf(secret) }), 403, 'STEP_UP_REQUIRED', STEP_UP);
    expectRestError(await off({ password: null, code: codeOf(secret) }), 403, 'STEP_UP_REQUIRED', STEP_UP);
    expectRestError(await off({ password: 'Wrong!Passw0rd', code: codeOf(secret) }), 400, 'BAD_USER_INPUT', 'Current password is incorrect', {
      password: 'Current password is incorrect',
    });
    expectRestError(await off({ password: GOOD_PASSWORD, code: codeFarFrom(secret) }), 400, 'BAD_USER_INPUT', INVALID_CODE, { code: INVALID_CODE });
    expect((await signIn(alice.email, GOOD_PASSWORD)).body.mfaRequired).toBe(true);

    const done = await off({ password: GOOD_PASSWORD, code: codeOf(secret) });
    expect(done).toMatchObject({ status: 200, body: { message: 'Two-factor authentication turned off' } });
    expect(Object.keys((await signIn(alice.email, GOOD_PASSWORD)).body).sort()).toEqual(['accessToken', 'expiresAt', 'user']);
    expect(await app.sql('SELECT * FROM recovery_codes WHERE user_id = $1', [alice.user.id])).toEqual([]);
    expectRestError(await off({ password: GOOD_PASSWORD, code: codeOf(secret) }), 409, 'CONFLICT', 'Set up two-factor authentication first');

    const mails = await mailsSince(alice.email, before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Two-factor authentication is off for your Stockroom account');
    expect(await activityTitles(alice)).toContain('Two-factor authentication off');
  });

  it('without the password, takes a step-up in the last 10 minutes instead, with a code that is not the step-up’s', async () => {
    const alice = await signUpUser(app);
    const { recoveryCodes } = await withAuthenticator(alice);
    await ageSessions(app, alice.user.id);
    const DISABLE = 'mutation($input: DisableTotpInput!) { disableTotp(input: $input) { message } }';
    expectGqlError(await app.gql(DISABLE, { input: { code: recoveryCodes[0] } }, { token: alice.token }), 'STEP_UP_REQUIRED', STEP_UP);
    expect((await app.rest('POST', '/api/users/profile/step-up', { code: recoveryCodes[0] }, { token: alice.token })).status).toBe(200);
    // The step-up spent its code: it does not turn the factor off as well.
    expectGqlError(await app.gql(DISABLE, { input: { code: recoveryCodes[0] } }, { token: alice.token }), 'BAD_USER_INPUT', INVALID_CODE, { code: INVALID_CODE });
    const answer = await app.gql(DISABLE, { input: { code: recoveryCodes[1] } }, { token: alice.token });
    expect(answer.data.disableTotp.message).toBe('Two-factor authentication turned off');
    expect((await app.gql('{ secondFactors { totp passwordSet } }', {}, { token: alice.token })).data.secondFactors).toEqual({ totp: false, passwordSet: true });
  });

  it('takes a recovery code for a lost phone, over GraphQL too', async () => {
    const alice = await signUpUser(app);
    const { recoveryCodes } = await withAuthenticator(alice);
    const answer = await app.gql('mutation($input: DisableTotpInput!) { disableTotp(input: $input) { message } }', { input: { password: GOOD_PASSWORD, code: recoveryCodes[0] } }, { token: alice.token });
    expect(answer.data.disableTotp.message).toBe('Two-factor authentication turned off');
    expect((await app.gql('{ secondFactors { totp recoveryCodesLeft } }', {}, { token: alice.token })).data.secondFactors).toEqual({ totp: false, recoveryCodesLeft: 0 });
  });

  it('counts wrong passwords and codes there against the lockout too', async () => {
    const alice = await signUpUser(app);
    const { secret } = await withAuthenticator(alice);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      expect((await app.rest('DELETE', '/api/users/profile/mfa/totp', { password: GOOD_PASSWORD, code: codeFarFrom(secret) }, { token: alice.token, ip })).status).toBe(400);
    }
    expect((await app.rest('DELETE', '/api/users/profile/mfa/totp', { password: GOOD_PASSWORD, code: codeOf(secret) }, { token: alice.token, ip })).status).toBe(423);
  });
});

describe('step-up before a sensitive action', () => {
  const newToken = (token: string) => app.rest('POST', '/api/users/profile/tokens', { name: 'Shop sync', scopes: ['read'] }, { token });
  const newWebhook = (token: string) => app.rest('POST', '/api/users/profile/webhooks', { url: 'https://hooks.example.com/stock', events: ['stock.low'] }, { token });
  /** Eleven minutes after the session signed in. */
  const age = (account: Account) => ageSessions(app, account.user.id);

  it('a session signed in within 10 minutes makes API tokens at once; later it must give the password again', async () => {
    const alice = await signUpUser(app);
    expect((await newToken(alice.token)).status).toBe(201);
    await age(alice);
    expectRestError(await newToken(alice.token), 403, 'STEP_UP_REQUIRED', STEP_UP);
    const gql = await app.gql('mutation { createApiToken(input: { name: "Shop", scopes: [read] }) { token } }', {}, { token: alice.token });
    expectGqlError(gql, 'STEP_UP_REQUIRED', STEP_UP);

    const stepUp = (body: unknown) => app.rest('POST', '/api/users/profile/step-up', body, { token: alice.token });
    expectRestError(await stepUp({}), 400, 'BAD_USER_INPUT', 'Enter your password or a code, or use a passkey', { password: 'Enter your password or a code, or use a passkey' });
    expectRestError(await stepUp({ password: 'Wrong!Passw0rd' }), 400, 'BAD_USER_INPUT', 'Current password is incorrect', { password: 'Current password is incorrect' });
    expectRestError(await newToken(alice.token), 403, 'STEP_UP_REQUIRED', STEP_UP);

    const confirmed = await stepUp({ password: GOOD_PASSWORD });
    expect(confirmed.status).toBe(200);
    expect(Date.parse(confirmed.body.verifiedUntil) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await newToken(alice.token)).status).toBe(201);
    // Only this session: another, as old, still has to confirm.
    expect(await app.sql(`SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND verified_at IS NOT NULL`, [alice.user.id])).toEqual([{ n: 1 }]);
  });

  it('a webhook too; a code from the authenticator confirms it as well as the password, over GraphQL too', async () => {
    const alice = await signUpUser(app);
    const { secret } = await withAuthenticator(alice);
    await age(alice);
    expectRestError(await newWebhook(alice.token), 403, 'STEP_UP_REQUIRED', STEP_UP);
    const STEP_UP_GQL = 'mutation($input: StepUpInput!) { stepUp(input: $input) { verifiedUntil } }';
    expectGqlError(await app.gql(STEP_UP_GQL, { input: { code: codeFarFrom(secret) } }, { token: alice.token }), 'BAD_USER_INPUT', INVALID_CODE, { code: INVALID_CODE });
    const answer = await app.gql(STEP_UP_GQL, { input: { code: codeOf(secret) } }, { token: alice.token });
    expect(answer.data.stepUp.verifiedUntil).toEqual(expect.any(String));
    // Past the step-up, on to the check that the address resolves (this test runs no receiver: webhooks.test.ts does).
    const after = await newWebhook(alice.token);
    expect(after.status).toBe(400);
    expect(after.body.fields).toHaveProperty('url');
  });
});
