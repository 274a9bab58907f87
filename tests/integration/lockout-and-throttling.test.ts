import { MikroORM } from '@mikro-orm/postgresql';
import { generateSync } from 'otplib';
import { authService } from '../../backend/src/auth/auth.service';
import { emailKeyOf } from '../../backend/src/auth/sign-in-attempts.entity';
import type { RequestContext } from '../../backend/src/account/context';
import { ormConfig } from '../../backend/src/app/orm-config';
import { logStatements, type StatementLog } from '../support/statement-log';
import { GOOD_PASSWORD, linkIn, newestLinkIn, SIGN_IN, signUpUser, startTestApp, uniqueEmail, uniqueIp, type HttpAnswer, type TestApp } from '../support/test-app';

const INVALID_CREDENTIALS = 'Invalid email or password';
const LOCKED = 'Account temporarily locked due to multiple failed login attempts';
const THROTTLED = 'Too many requests. Please wait a moment and try again';
const WRONG = 'Wrong!Passw0rd';
/** A 423's body: the message, and how long the lock still lasts. */
const LOCKED_BODY = { message: LOCKED, code: 'ACCOUNT_LOCKED', retryAfterSeconds: expect.any(Number) };

let networks = 0;
/** An IPv6 /64 no earlier call in this test file used, as its first four groups (`2001:db8:5e:<n>`). */
const uniqueNetwork = () => `2001:db8:5e:${(++networks).toString(16)}`;

/** What a REST answer shows a caller: status, the headers that vary with the outcome, and the body. */
const visible = (answer: HttpAnswer) => ({
  status: answer.status,
  contentType: answer.headers.get('content-type'),
  retryAfter: answer.headers.get('retry-after'),
  body: answer.body,
});

/** `count` aliased signIn mutations in one GraphQL document. */
/** Turns the account's authenticator on over REST (from an address of its own) and returns its secret; the confirming step counts as unused again. */
async function withAuthenticator(target: TestApp, account: { token: string; user: { id: string } }): Promise<string> {
  const ip = uniqueIp();
  const { secret } = (await target.rest('POST', '/api/users/profile/mfa/totp', undefined, { token: account.token, ip })).body;
  expect((await target.rest('POST', '/api/users/profile/mfa/totp/confirm', { code: generateSync({ secret }) }, { token: account.token, ip })).status).toBe(200);
  await target.sql('UPDATE totp_factors SET last_time_step = last_time_step - 2 WHERE user_id = $1', [account.user.id]);
  return secret as string;
}

/** A wrong code for `secret`: the current one with its last digit changed. */
const wrongCodeOf = (secret: string) => generateSync({ secret }).replace(/.$/, (digit) => String((Number(digit) + 1) % 10));

const aliasedSignIns = (count: number, email: string, password: string) =>
  `mutation {\n${Array.from(
    { length: count },
    (_, i) => `  a${i}: signIn(input: { email: ${JSON.stringify(email)}, password: ${JSON.stringify(password)} }) { accessToken }`,
  ).join('\n')}\n}`;

describe('lockout after 5 failed sign-ins', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const signIn = (email: string, password: string, ip: string) => app.rest('POST', '/api/auth/signin', { email, password }, { ip });
  const gqlSignIn = (email: string, password: string, ip: string) => app.gql(SIGN_IN, { input: { email, password } }, { ip });
  /** Five password checks "in flight" that never finished, as a crashed server (or a burst of requests) leaves them. */
  const holdAllSlots = (email: string, ip: string) =>
    app.sql(`INSERT INTO sign_in_attempts (email_key, client_key, failures, pending, pending_until) VALUES ($1, $2, 0, 5, now() + interval '1 minute')`, [
      emailKeyOf(email),
      ip,
    ]);
  const failures = async (email: string) =>
    (await app.sql<{ failures: number }>('SELECT failures FROM sign_in_attempts WHERE email_key = $1', [emailKeyOf(email)])).map((row) => row.failures);

  it('5 wrong passwords from one address lock the account for that address: the 6th attempt, even correct, gets 423', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const answer = await signIn(email, WRONG, ip);
      expect(answer.status).toBe(401);
      // The last two failures before the lock warn of it (see the next test).
      expect(answer.body).toMatchObject({ message: INVALID_CREDENTIALS, code: 'UNAUTHENTICATED' });
    }
    const locked = await signIn(email, GOOD_PASSWORD, ip);
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual({ message: LOCKED, code: 'ACCOUNT_LOCKED', retryAfterSeconds: expect.any(Number) });

    const gql = await app.gql(SIGN_IN, { input: { email, password: GOOD_PASSWORD } }, { ip });
    expect(gql.data?.signIn ?? null).toBeNull();
    expect(gql.errors?.[0]).toMatchObject({ message: LOCKED, extensions: { code: 'ACCOUNT_LOCKED' } });
  });

  it('warns over REST when 2 or fewer attempts are left, then says how long the lock lasts (body and Retry-After)', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(visible(await signIn(email, WRONG, ip)));
    const plain = { status: 401, contentType: expect.stringContaining('application/json'), retryAfter: null, body: { message: INVALID_CREDENTIALS, code: 'UNAUTHENTICATED' } };
    expect(answers).toEqual([
      plain,
      plain,
      { ...plain, body: { ...plain.body, attemptsLeft: 2, lockoutSeconds: 900 } },
      { ...plain, body: { ...plain.body, attemptsLeft: 1, lockoutSeconds: 900 } },
      { ...plain, body: { ...plain.body, attemptsLeft: 0, lockoutSeconds: 900 } },
    ]);

    const locked = visible(await signIn(email, GOOD_PASSWORD, ip));
    expect(locked).toEqual({
      status: 423,
      contentType: expect.stringContaining('application/json'),
      retryAfter: expect.stringMatching(/^\d+$/),
      body: { message: LOCKED, code: 'ACCOUNT_LOCKED', retryAfterSeconds: Number(locked.retryAfter) },
    });
    expect(locked.body.retryAfterSeconds).toBeGreaterThan(890);
    expect(locked.body.retryAfterSeconds).toBeLessThanOrEqual(900);

    // What is left of the lock, not its full length.
    await app.sql(`UPDATE sign_in_attempts SET locked_until = now() + interval '90 seconds' WHERE email_key = $1`, [emailKeyOf(email)]);
    const later = await signIn(email, GOOD_PASSWORD, ip);
    expect(Number(later.headers.get('retry-after'))).toBeGreaterThan(85);
    expect(later.body.retryAfterSeconds).toBeLessThanOrEqual(90);
  });

  it('warns over GraphQL the same way, in extensions, and an unknown email gets the same warnings', async () => {
    const { email } = await signUpUser(app);
    const unknown = uniqueEmail('nobody');
    for (const address of [email, unknown]) {
      const ip = uniqueIp();
      const extensions = [];
      for (let i = 0; i < 5; i++) {
        const gql = await gqlSignIn(address, WRONG, ip);
        expect(gql.errors?.[0].message).toBe(INVALID_CREDENTIALS);
        extensions.push(gql.errors?.[0].extensions);
      }
      expect(extensions).toEqual([
        { code: 'UNAUTHENTICATED' },
        { code: 'UNAUTHENTICATED' },
        { code: 'UNAUTHENTICATED', attemptsLeft: 2, lockoutSeconds: 900 },
        { code: 'UNAUTHENTICATED', attemptsLeft: 1, lockoutSeconds: 900 },
        { code: 'UNAUTHENTICATED', attemptsLeft: 0, lockoutSeconds: 900 },
      ]);
      const locked = await gqlSignIn(address, GOOD_PASSWORD, ip);
      expect(locked.errors?.[0]).toMatchObject({ message: LOCKED, extensions: { code: 'ACCOUNT_LOCKED' } });
      expect(locked.errors?.[0].extensions?.retryAfterSeconds).toBeGreaterThan(890);
      expect(locked.errors?.[0].extensions?.retryAfterSeconds).toBeLessThanOrEqual(900);
    }
  });

  it('a right password clears the warning: the next wrong one starts the count again', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) await signIn(email, WRONG, ip);
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(200);
    expect((await signIn(email, WRONG, ip)).body).toEqual({ message: INVALID_CREDENTIALS, code: 'UNAUTHENTICATED' });
  });

  it('counts failures over GraphQL and REST together', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) {
      const gql = await app.gql(SIGN_IN, { input: { email, password: WRONG } }, { ip });
      expect(gql.errors?.[0]).toMatchObject({ message: INVALID_CREDENTIALS, extensions: { code: 'UNAUTHENTICATED' } });
    }
    for (let i = 0; i < 2; i++) expect((await signIn(email, WRONG, ip)).status).toBe(401);
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(423);
  });

  it('does not let an attacker lock the owner out: the same account signs in from another address', async () => {
    const { email } = await signUpUser(app);
    const attacker = uniqueIp();
    const owner = uniqueIp();
    for (let i = 0; i < 5; i++) await signIn(email, WRONG, attacker);
    expect((await signIn(email, GOOD_PASSWORD, attacker)).status).toBe(423);

    const fromOwner = await signIn(email, GOOD_PASSWORD, owner);
    expect(fromOwner.status).toBe(200);
    expect(fromOwner.body.user.email).toBe(email);
    const ownerGql = await app.gql(SIGN_IN, { input: { email, password: GOOD_PASSWORD } }, { ip: owner });
    expect(ownerGql.errors).toBeUndefined();

    // The owner's success does not unlock the attacker's address.
    expect((await signIn(email, GOOD_PASSWORD, attacker)).status).toBe(423);
  });

  it('locks for 15 minutes, and signs in again once locked_until has passed', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) await signIn(email, WRONG, ip);
    const [{ minutes }] = await app.sql(`SELECT extract(epoch FROM locked_until - now()) / 60 AS minutes FROM sign_in_attempts WHERE email_key = $1`, [
      emailKeyOf(email),
    ]);
    expect(Number(minutes)).toBeGreaterThan(14);
    expect(Number(minutes)).toBeLessThanOrEqual(15);
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(423);

    await app.sql(`UPDATE sign_in_attempts SET locked_until = now() - interval '1 second' WHERE email_key = $1`, [emailKeyOf(email)]);
    const after = await signIn(email, GOOD_PASSWORD, ip);
    expect(after.status).toBe(200);
    expect(await failures(email)).toEqual([0]);
  });

  it('after the lock expires, a wrong password starts a new count rather than locking again at once', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) await signIn(email, WRONG, ip);
    await app.sql(`UPDATE sign_in_attempts SET locked_until = now() - interval '1 second' WHERE email_key = $1`, [emailKeyOf(email)]);
    for (let i = 0; i < 4; i++) expect((await signIn(email, WRONG, ip)).status).toBe(401);
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(200);
  });

  it('a successful sign-in resets the count', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) expect((await signIn(email, WRONG, ip)).status).toBe(401);
    expect(await failures(email)).toEqual([4]);
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(200);
    expect(await failures(email)).toEqual([0]);
    for (let i = 0; i < 4; i++) expect((await signIn(email, WRONG, ip)).status).toBe(401);
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(200);
  });

  it('a password reset clears the lock', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) await signIn(email, WRONG, ip);
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(423);
    await app.rest('POST', '/api/auth/forgot-password', { email }, { ip: uniqueIp() });
    const mails = await app.mailsTo(email);
    const token = newestLinkIn(mails, '/auth/reset-password').searchParams.get('token');
    const newPassword = 'Unl0cked!Passw0rd';
    expect((await app.rest('POST', '/api/auth/reset-password', { email, resetToken: token, newPassword }, { ip: uniqueIp() })).status).toBe(200);
    expect((await signIn(email, newPassword, ip)).status).toBe(200);
  });

  /*
   * signIn is non-null and mutation fields run one after another, so the first
   * failing alias ends the request (data: null) and the later aliases never
   * run. Either way, aliases cannot multiply guesses: every signIn resolver
   * call counts, and no request checks more than 5 passwords.
   */
  it('aliased wrong signIns in one GraphQL request never check more than 5 passwords', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    const answer = await app.gql(aliasedSignIns(10, email, WRONG), {}, { ip });
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors!.length).toBeGreaterThanOrEqual(1);
    expect(answer.errors!.length).toBeLessThanOrEqual(10);
    const messages = answer.errors!.map((error) => error.message);
    const checked = messages.filter((message) => message === INVALID_CREDENTIALS).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(5);
    expect(messages.slice(0, checked).every((message) => message === INVALID_CREDENTIALS)).toBe(true);
    expect(messages.slice(checked).every((message) => message === LOCKED)).toBe(true);
    expect((await failures(email))[0]).toBe(checked);
  });

  it('counts every aliased signIn: repeated aliased requests lock the account after 5 password checks in total', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    let checked = 0;
    for (let request = 0; request < 8; request++) {
      const answer = await app.gql(aliasedSignIns(10, email, WRONG), {}, { ip });
      expect(answer.data ?? null).toBeNull();
      checked += answer.errors!.filter((error) => error.message === INVALID_CREDENTIALS).length;
      expect(checked).toBeLessThanOrEqual(5);
      const [failureCount] = await failures(email);
      expect(failureCount).toBeLessThanOrEqual(5);
    }
    expect(checked).toBe(5);
    const locked = await app.gql(aliasedSignIns(2, email, GOOD_PASSWORD), {}, { ip });
    expect(locked.data ?? null).toBeNull();
    expect(locked.errors?.[0]).toMatchObject({ message: LOCKED, extensions: { code: 'ACCOUNT_LOCKED' } });
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(423);
  });

  it('an aliased request with the right password after wrong ones cannot sneak past the lock', async () => {
    const { email, user } = await signUpUser(app);
    const ip = uniqueIp();
    const wrongs = Array.from({ length: 6 }, (_, i) => `w${i}: signIn(input: { email: "${email}", password: "${WRONG}" }) { accessToken }`);
    const answer = await app.gql(`mutation { ${wrongs.join(' ')} right: signIn(input: { email: "${email}", password: "${GOOD_PASSWORD}" }) { accessToken } }`, {}, { ip });
    expect(answer.data ?? null).toBeNull();
    expect(JSON.stringify(answer)).not.toMatch(/accessToken"\s*:\s*"/);
    const [{ count }] = await app.sql(`SELECT count(*)::int AS count FROM sessions WHERE user_id = $1`, [user.id]);
    expect(count).toBe(1); // only the sign-up session
  });

  it('refuses a request with 30 aliases outright, before any password is checked', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    const answer = await app.rest('POST', '/graphql', { query: aliasedSignIns(30, email, WRONG) }, { ip });
    expect(answer.status).toBe(400);
    expect(answer.body.data ?? null).toBeNull();
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors[0].message).toMatch(/alias/i);
    expect(answer.body.errors[0].extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect(await failures(email)).toEqual([]);
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(200);
  });

  it('20 concurrent wrong-password requests from one address get at most 5 "Invalid email or password" answers', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(email, WRONG, ip)));
    const invalid = answers.filter((a) => a.status === 401);
    // The rest are refused before their password is checked: locked once 5 failed, busy while checks are in flight.
    const refused = answers.filter((a) => a.status === 423 || a.status === 429);
    expect(invalid.length).toBeLessThanOrEqual(5);
    expect(invalid.length + refused.length).toBe(20);
    for (const answer of invalid) expect(answer.body).toMatchObject({ message: INVALID_CREDENTIALS, code: 'UNAUTHENTICATED' });
    for (const answer of refused) {
      expect([LOCKED_BODY, { message: THROTTLED, code: 'TOO_MANY_REQUESTS' }]).toContainEqual(answer.body);
    }
    expect((await failures(email))[0]).toBeLessThanOrEqual(5);
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(423);
  });

  it('never tells honest concurrent sign-ins from one address that the account is locked', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn(email, GOOD_PASSWORD, ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses).not.toContain(423);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(5);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    // Nothing was counted as a failure: the next sign-in from that address works.
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(200);
  });

  it('forgets a password check whose request died before releasing its slot', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    // Five checks "in flight" that never finished, as a crashed server would leave them.
    await holdAllSlots(email, ip);
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(429);
    await app.sql(`UPDATE sign_in_attempts SET pending_until = now() - interval '1 second' WHERE email_key = $1`, [emailKeyOf(email)]);
    expect((await signIn(email, GOOD_PASSWORD, ip)).status).toBe(200);
  });

  /*
   * An unknown email used to answer 401 forever while a real account locked
   * after 5 failures, which told an attacker which emails have accounts.
   */
  it('an unknown email locks after 5 failures exactly like a known account: REST answers match step by step, the 6th is 423', async () => {
    const { email: known } = await signUpUser(app);
    const ghost = uniqueEmail('ghost');
    const [knownIp, ghostIp] = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < 5; i++) {
      const [a, b] = [await signIn(known, WRONG, knownIp), await signIn(ghost, WRONG, ghostIp)];
      expect(b.status).toBe(401);
      expect(b.body).toMatchObject({ message: INVALID_CREDENTIALS, code: 'UNAUTHENTICATED' });
      expect(visible(b)).toEqual(visible(a));
    }
    const [knownLocked, ghostLocked] = [await signIn(known, GOOD_PASSWORD, knownIp), await signIn(ghost, GOOD_PASSWORD, ghostIp)];
    expect(ghostLocked.status).toBe(423);
    expect(ghostLocked.body).toEqual(LOCKED_BODY);
    expect(visible(ghostLocked)).toEqual(visible(knownLocked));
    // Still locked for the next try, over either transport.
    expect(visible(await signIn(ghost, WRONG, ghostIp))).toEqual(visible(await signIn(known, WRONG, knownIp)));
    const [knownGql, ghostGql] = [await gqlSignIn(known, WRONG, knownIp), await gqlSignIn(ghost, WRONG, ghostIp)];
    expect(ghostGql.errors?.[0]).toMatchObject({ message: LOCKED, extensions: { code: 'ACCOUNT_LOCKED' } });
    expect(ghostGql).toEqual(knownGql);
  });

  it('an unknown email locks after 5 failures exactly like a known account over GraphQL: answers match, the 6th is ACCOUNT_LOCKED', async () => {
    const { email: known } = await signUpUser(app);
    const ghost = uniqueEmail('ghost');
    const [knownIp, ghostIp] = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < 5; i++) {
      const [a, b] = [await gqlSignIn(known, WRONG, knownIp), await gqlSignIn(ghost, WRONG, ghostIp)];
      expect(b.errors?.[0]).toMatchObject({ message: INVALID_CREDENTIALS, extensions: { code: 'UNAUTHENTICATED' } });
      expect(b).toEqual(a);
    }
    const [knownLocked, ghostLocked] = [await gqlSignIn(known, GOOD_PASSWORD, knownIp), await gqlSignIn(ghost, GOOD_PASSWORD, ghostIp)];
    expect(ghostLocked.data?.signIn ?? null).toBeNull();
    expect(ghostLocked.errors?.[0]).toMatchObject({ message: LOCKED, extensions: { code: 'ACCOUNT_LOCKED' } });
    expect(ghostLocked).toEqual(knownLocked);
    expect(visible(await signIn(ghost, GOOD_PASSWORD, ghostIp))).toEqual(visible(await signIn(known, GOOD_PASSWORD, knownIp)));
  });

  it('counts an unknown email in any letter case and over both transports together, per client like a known one', async () => {
    const ghost = uniqueEmail('ghost');
    const [ip, other] = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < 3; i++) expect((await signIn(i % 2 ? ghost.toUpperCase() : `  ${ghost}  `, WRONG, ip)).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      const gql = await gqlSignIn(ghost.replace(/^g/, 'G'), WRONG, ip);
      expect(gql.errors?.[0]).toMatchObject({ message: INVALID_CREDENTIALS, extensions: { code: 'UNAUTHENTICATED' } });
    }
    expect(await failures(ghost)).toEqual([5]);
    expect((await signIn(ghost.toUpperCase(), WRONG, ip)).body).toEqual(LOCKED_BODY);
    // Another client is not locked out of the same email.
    expect((await signIn(ghost, WRONG, other)).body).toEqual({ message: INVALID_CREDENTIALS, code: 'UNAUTHENTICATED' });
  });

  it('answers 429 "busy" for an unknown email while its checks are in flight, as for a known account', async () => {
    const { email: known } = await signUpUser(app);
    const ghost = uniqueEmail('ghost');
    const ip = uniqueIp();
    for (const email of [known, ghost]) await holdAllSlots(email, ip);
    const [knownBusy, ghostBusy] = [await signIn(known, WRONG, ip), await signIn(ghost, WRONG, ip)];
    expect(ghostBusy.status).toBe(429);
    expect(ghostBusy.body).toEqual({ message: THROTTLED, code: 'TOO_MANY_REQUESTS' });
    expect(visible(ghostBusy)).toEqual(visible(knownBusy));
    const [knownGql, ghostGql] = [await gqlSignIn(known, WRONG, ip), await gqlSignIn(ghost, WRONG, ip)];
    expect(ghostGql.errors?.[0]).toMatchObject({ message: THROTTLED, extensions: { code: 'TOO_MANY_REQUESTS' } });
    expect(ghostGql).toEqual(knownGql);
  });

  it('20 concurrent wrong-password requests for an unknown email get at most 5 "Invalid email or password" answers, then 423', async () => {
    const ghost = uniqueEmail('ghost');
    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(ghost, WRONG, ip)));
    const invalid = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 423 || a.status === 429);
    expect(invalid.length).toBeGreaterThanOrEqual(1);
    expect(invalid.length).toBeLessThanOrEqual(5);
    expect(invalid.length + refused.length).toBe(20);
    for (const answer of refused) {
      expect([LOCKED_BODY, { message: THROTTLED, code: 'TOO_MANY_REQUESTS' }]).toContainEqual(answer.body);
    }
    expect((await failures(ghost))[0]).toBeLessThanOrEqual(5);
    expect((await signIn(ghost, GOOD_PASSWORD, ip)).body).toEqual(LOCKED_BODY);
  });

  it('5 failures from addresses spread over one IPv6 /64 lock the account for the whole /64, not for another /64', async () => {
    const { email } = await signUpUser(app);
    const network = uniqueNetwork();
    const spread = [`${network}::1`, `${network}:0:0:0:2`, `${network.toUpperCase()}:ABCD::9`, `${network}:ffff:ffff:ffff:ffff`, `${network}::5%eth0`];
    for (const ip of spread) expect((await signIn(email, WRONG, ip)).status).toBe(401);
    const locked = await signIn(email, GOOD_PASSWORD, `${network}:1234:5678:9abc:def0`);
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual(LOCKED_BODY);
    const gql = await gqlSignIn(email, GOOD_PASSWORD, `${network}::77`);
    expect(gql.errors?.[0]).toMatchObject({ message: LOCKED, extensions: { code: 'ACCOUNT_LOCKED' } });
    expect(await app.sql('SELECT client_key FROM sign_in_attempts WHERE email_key = $1', [emailKeyOf(email)])).toEqual([{ client_key: `${network}::/64` }]);

    const elsewhere = uniqueNetwork();
    expect((await signIn(email, GOOD_PASSWORD, `${elsewhere}::1`)).status).toBe(200);
    const gqlElsewhere = await gqlSignIn(email, GOOD_PASSWORD, `${elsewhere}::2`);
    expect(gqlElsewhere.errors).toBeUndefined();
  });

  it('an unknown email locks for a whole IPv6 /64 too', async () => {
    const ghost = uniqueEmail('ghost');
    const network = uniqueNetwork();
    for (let i = 1; i <= 5; i++) expect((await signIn(ghost, WRONG, `${network}::${i}`)).status).toBe(401);
    expect((await signIn(ghost, WRONG, `${network}::6`)).body).toEqual(LOCKED_BODY);
    expect((await signIn(ghost, WRONG, `${uniqueNetwork()}::6`)).body).toEqual({ message: INVALID_CREDENTIALS, code: 'UNAUTHENTICATED' });
  });

  it('counts an IPv4 client seen as an IPv4-mapped IPv6 address as the same client as its IPv4 address', async () => {
    const { email } = await signUpUser(app);
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await signIn(email, WRONG, `::ffff:${ip}`)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await signIn(email, WRONG, ip)).status).toBe(401);
    expect((await signIn(email, GOOD_PASSWORD, `::FFFF:${ip}`)).status).toBe(423);
    const gql = await gqlSignIn(email, GOOD_PASSWORD, ip);
    expect(gql.errors?.[0]).toMatchObject({ message: LOCKED, extensions: { code: 'ACCOUNT_LOCKED' } });
    expect(await app.sql('SELECT client_key FROM sign_in_attempts WHERE email_key = $1', [emailKeyOf(email)])).toEqual([{ client_key: ip }]);
  });
});

/*
 * Whether an email has an account must not show in how much work a failed
 * sign-in costs either: an unknown email takes the same statements, in the
 * same order, as a known one with a wrong password. Counted from the query
 * events of the ORM's connection pool on the real database (no timing, no mocks).
 */
describe('sign-in work for unknown and known emails', () => {
  let app: TestApp;
  let orm: MikroORM;
  const statements: string[] = [];
  beforeAll(async () => {
    app = await startTestApp();
    orm = await MikroORM.init(ormConfig(app.databaseUrl));
    orm.em.getKnex().on('query', (query: { sql: string }) => statements.push(query.sql));
  });
  afterAll(async () => {
    await orm.close();
    await app.close();
  });

  /** The statements one signIn sends, with literal values and timings taken out. */
  async function statementsOf(email: string, password: string, clientIp: string): Promise<{ outcome: string; sql: string[] }> {
    // signIn reads only the configuration, the EntityManager and the address from its context.
    const ctx = { config: app.config, em: orm.em.fork(), clientIp } as unknown as RequestContext;
    statements.length = 0;
    const outcome = await authService.signIn(ctx, { email, password }).then(
      () => 'signed in',
      (error: Error) => error.message,
    );
    const sql = statements.map((line) =>
      line
        // eslint-disable-next-line no-control-regex -- the terminal's colour codes in the query log
        .replace(/\u001b\[[0-9;]*m/g, '')
        .replace(/^\[query\]\s*/, '')
        .replace(/\s*\[took [^\]]*\]\s*$/, '')
        .replace(/'(?:[^']|'')*'/g, '?'),
    );
    return { outcome, sql };
  }

  it('an unknown email and a wrong password send the same statements, whether counting a failure, locking or refusing', async () => {
    const { email: known } = await signUpUser(app);
    const ghost = uniqueEmail('ghost');
    const [knownIp, ghostIp] = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < 7; i++) {
      const [a, b] = [await statementsOf(known, WRONG, knownIp), await statementsOf(ghost, WRONG, ghostIp)];
      expect(b.outcome).toBe(i < 5 ? INVALID_CREDENTIALS : LOCKED);
      expect(b.sql.length).toBeGreaterThanOrEqual(3);
      expect(b).toEqual(a);
    }
  });

  it('logs the statements it compares: the user lookup and the attempt bookkeeping', async () => {
    const { sql } = await statementsOf(uniqueEmail('ghost'), WRONG, uniqueIp());
    expect(sql.some((line) => /FROM users/i.test(line))).toBe(true);
    expect(sql.some((line) => /INSERT INTO sign_in_attempts/i.test(line))).toBe(true);
    expect(sql.some((line) => /UPDATE sign_in_attempts/i.test(line))).toBe(true);
  });
});

/*
 * What a code costs a sign-in: the code step's statements, counted from every pg client of the
 * process while the request runs (no timing). A round trip added to it fails here.
 */
describe('the code step of a sign-in', () => {
  let app: TestApp;
  let statements: StatementLog;
  beforeAll(async () => {
    // No job workers: nothing else reads or writes while the request runs.
    app = await startTestApp({ WORKER: '0' });
    statements = logStatements();
  });
  afterAll(async () => {
    statements?.stop();
    await app.close();
  });

  it('sends two statements for a right code: the throttle, the waiting sign-in and the lockout slot in one, then the spend and the session, both prepared', async () => {
    const account = await signUpUser(app);
    const secret = await withAuthenticator(app, account);
    const ip = uniqueIp();
    const first = await app.rest('POST', '/api/auth/signin', { email: account.email, password: GOOD_PASSWORD }, { ip });
    expect(first.body.mfaRequired).toBe(true);
    const { result: answer, statements: sent, prepared } = await statements.during(() =>
      app.rest('POST', '/api/auth/signin/mfa', { mfaToken: first.body.mfaToken, code: generateSync({ secret }) }, { ip }),
    );
    expect(answer.status).toBe(200);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/INSERT INTO rate_limit_buckets[\s\S]*FROM mfa_challenges[\s\S]*INSERT INTO sign_in_attempts/);
    expect(sent[1]).toMatch(/DELETE FROM mfa_challenges[\s\S]*INSERT INTO sessions/);
    expect(prepared).toEqual(sent);
  });
});

describe('reset mails per address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('sends at most 5 reset mails per hour to one email, whichever addresses ask, and answers alike for unknown emails', async () => {
    const { email } = await signUpUser(app);
    const unknown = uniqueEmail('nobody');
    const known: number[] = [];
    const missing: Array<{ status: number; body: unknown }> = [];
    const knownBodies: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      const a = await app.rest('POST', '/api/auth/forgot-password', { email: i % 2 ? email.toUpperCase() : email }, { ip: uniqueIp() });
      known.push(a.status);
      knownBodies.push(a.body);
      const b = await app.rest('POST', '/api/auth/forgot-password', { email: unknown }, { ip: uniqueIp() });
      missing.push({ status: b.status, body: b.body });
    }
    const resetMails = (await app.mailsTo(email)).filter((mail) => mail.includes('/auth/reset-password'));
    expect(resetMails).toHaveLength(5);
    expect(known.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    // Whatever the 6th and 7th answer is, it must not reveal whether the account exists.
    expect(missing.map((m) => m.status)).toEqual(known);
    expect(missing.map((m) => m.body)).toEqual(knownBodies);
    expect(known[5]).not.toBe(500);

    // The newest mailed link is the one that works.
    const last = linkIn(resetMails[4], '/auth/reset-password').searchParams.get('token');
    const reset = await app.rest('POST', '/api/auth/reset-password', { email, resetToken: last, newPassword: 'Another!Passw0rd' }, { ip: uniqueIp() });
    expect(reset.status).toBe(200);
  });
});

describe('throttling auth requests per client address (AUTH_RATE_LIMIT=5)', () => {
  let app: TestApp;
  let twin: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ AUTH_RATE_LIMIT: '5' });
    // A second instance of the app on the same database, as behind a load balancer.
    twin = await startTestApp({ AUTH_RATE_LIMIT: '5' }, { databaseUrl: app.databaseUrl });
  });
  afterAll(async () => {
    await twin.close();
    await app.close();
  });

  /** Signs up from its own address, so the sign-up does not count against the address under test. */
  const signUpFresh = async () => {
    const email = uniqueEmail();
    const answer = await app.rest('POST', '/api/auth/signup', { firstName: 'Rate', lastName: 'Limited', email, password: GOOD_PASSWORD }, { ip: uniqueIp() });
    expect(answer.status).toBe(201);
    return { email };
  };
  const wrongSignIn = (target: TestApp, ip: string) => target.rest('POST', '/api/auth/signin', { email: uniqueEmail('ghost'), password: WRONG }, { ip });

  it('answers the 6th REST auth request from one address with 429, a Retry-After header and the message', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await wrongSignIn(app, ip)).status).toBe(401);
    const throttled = await wrongSignIn(app, ip);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({ message: THROTTLED, code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Every auth endpoint shares the window.
    const forgot = await app.rest('POST', '/api/auth/forgot-password', { email: uniqueEmail() }, { ip });
    expect(forgot.status).toBe(429);
    expect(forgot.body).toEqual({ message: THROTTLED, code: 'TOO_MANY_REQUESTS' });
    const signUp = await app.rest('POST', '/api/auth/signup', { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: GOOD_PASSWORD }, { ip });
    expect(signUp.status).toBe(429);
  });

  it('counts the code step in the same window: past it a code is refused with 429 unchecked, and takes no lockout slot', async () => {
    const { email } = await signUpFresh();
    const signedUp = await app.rest('POST', '/api/auth/signin', { email, password: GOOD_PASSWORD }, { ip: uniqueIp() });
    const account = { email, token: signedUp.body.accessToken as string, user: signedUp.body.user as { id: string } };
    const secret = await withAuthenticator(app, account);
    const ip = uniqueIp();
    const first = await app.rest('POST', '/api/auth/signin', { email: account.email, password: GOOD_PASSWORD }, { ip });
    expect(first.body.mfaRequired).toBe(true);
    const code = (value: string) => app.rest('POST', '/api/auth/signin/mfa', { mfaToken: first.body.mfaToken, code: value }, { ip });
    for (let i = 0; i < 4; i++) expect((await code(wrongCodeOf(secret))).status).toBe(401);
    const throttled = await code(generateSync({ secret }));
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({ message: THROTTLED, code: 'TOO_MANY_REQUESTS' });
    // The four wrong codes counted at this address; the refused request neither counted nor holds a check in flight.
    const attempts = await app.sql('SELECT failures, pending FROM sign_in_attempts WHERE email_key = $1 ORDER BY failures DESC', [emailKeyOf(account.email)]);
    expect(attempts[0]).toEqual({ failures: 4, pending: 0 });
    expect(attempts.map((row) => row.pending)).toEqual(attempts.map(() => 0));
  });

  it('answers the 6th GraphQL auth request from one address with TOO_MANY_REQUESTS and the same message', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const answer = await app.gql(SIGN_IN, { input: { email: uniqueEmail('ghost'), password: WRONG } }, { ip });
      expect(answer.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
    const throttled = await app.gql(SIGN_IN, { input: { email: uniqueEmail('ghost'), password: WRONG } }, { ip });
    expect(throttled.errors?.[0]).toMatchObject({ message: THROTTLED, extensions: { code: 'TOO_MANY_REQUESTS' } });
    // GraphQL has no Retry-After header; the same delay comes in the extensions.
    const retryAfter = throttled.errors?.[0].extensions?.retryAfterSeconds ?? NaN;
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  });

  it('counts REST and GraphQL requests together, and every aliased signIn that runs', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await wrongSignIn(app, ip)).status).toBe(401);
    // Aliases give no extra budget: the two requests below add at least one hit each.
    for (let i = 0; i < 2; i++) {
      const answer = await app.gql(aliasedSignIns(4, uniqueEmail('ghost'), WRONG), {}, { ip });
      expect(answer.errors?.[0]).toMatchObject({ message: INVALID_CREDENTIALS, extensions: { code: 'UNAUTHENTICATED' } });
    }
    const rest = await wrongSignIn(app, ip);
    expect(rest.status).toBe(429);
    const gql = await app.gql(aliasedSignIns(4, uniqueEmail('ghost'), WRONG), {}, { ip });
    expect(gql.errors?.[0]).toMatchObject({ message: THROTTLED, extensions: { code: 'TOO_MANY_REQUESTS' } });
  });

  it('leaves other addresses unaffected', async () => {
    const noisy = uniqueIp();
    for (let i = 0; i < 6; i++) await wrongSignIn(app, noisy);
    expect((await wrongSignIn(app, noisy)).status).toBe(429);

    const quiet = uniqueIp();
    const { email } = await signUpFresh();
    const ok = await app.rest('POST', '/api/auth/signin', { email, password: GOOD_PASSWORD }, { ip: quiet });
    expect(ok.status).toBe(200);
  });

  it('lets the address in again once the window has passed (no permanent lock-out)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 6; i++) await wrongSignIn(app, ip);
    expect((await wrongSignIn(app, ip)).status).toBe(429);
    await app.sql(`UPDATE rate_limit_buckets SET window_start = now() - interval '61 seconds' WHERE key LIKE $1`, [`%${ip}`]);
    expect((await wrongSignIn(app, ip)).status).toBe(401);
  });

  it('counts every address of one IPv6 /64 against one budget, over REST and GraphQL; another /64 has its own', async () => {
    const network = uniqueNetwork();
    const spread = [`${network}::1`, `${network}:0:0:0:2`, `${network.toUpperCase()}:FFFF::3`, `${network}:1:2:3:4`];
    for (const ip of spread) expect((await wrongSignIn(app, ip)).status).toBe(401);
    const gql = await app.gql(SIGN_IN, { input: { email: uniqueEmail('ghost'), password: WRONG } }, { ip: `${network}::5%eth0` });
    expect(gql.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const throttled = await wrongSignIn(app, `${network}:dead:beef:0:6`);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({ message: THROTTLED, code: 'TOO_MANY_REQUESTS' });
    const gqlThrottled = await app.gql(SIGN_IN, { input: { email: uniqueEmail('ghost'), password: WRONG } }, { ip: `${network}::7` });
    expect(gqlThrottled.errors?.[0]).toMatchObject({ message: THROTTLED, extensions: { code: 'TOO_MANY_REQUESTS' } });
    expect(await app.sql('SELECT hits FROM rate_limit_buckets WHERE key = $1', [`auth:${network}::/64`])).toEqual([{ hits: 7 }]);

    const neighbour = uniqueNetwork();
    expect((await wrongSignIn(app, `${neighbour}::1`)).status).toBe(401);
    const gqlNeighbour = await app.gql(SIGN_IN, { input: { email: uniqueEmail('ghost'), password: WRONG } }, { ip: `${neighbour}::2` });
    expect(gqlNeighbour.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('counts an IPv4-mapped IPv6 address against its IPv4 address\'s budget', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await wrongSignIn(app, `::ffff:${ip}`)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await wrongSignIn(app, ip)).status).toBe(401);
    expect((await wrongSignIn(app, `0:0:0:0:0:FFFF:${ip}`)).status).toBe(429);
    expect((await wrongSignIn(app, ip)).status).toBe(429);
  });

  it('counts forwarded values that are no address as one shared client, never failing the request', async () => {
    const junk = ['not-an-address', '1.2.3.4:8080', '[2001:db8::1]:443', 'x'.repeat(2000)];
    for (const value of junk) expect((await wrongSignIn(app, value)).status).toBe(401);
    const gql = await app.gql(SIGN_IN, { input: { email: uniqueEmail('ghost'), password: WRONG } }, { ip: '01.02.03.04' });
    expect(gql.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const throttled = await wrongSignIn(app, 'another made-up value');
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({ message: THROTTLED, code: 'TOO_MANY_REQUESTS' });
    expect((await wrongSignIn(app, uniqueIp())).status).toBe(401);
  });

  it('keeps the count in PostgreSQL, so two app instances on one database share it', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await wrongSignIn(app, ip)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await wrongSignIn(twin, ip)).status).toBe(401);
    const onTwin = await wrongSignIn(twin, ip);
    expect(onTwin.status).toBe(429);
    expect(onTwin.body).toEqual({ message: THROTTLED, code: 'TOO_MANY_REQUESTS' });
    expect((await wrongSignIn(app, ip)).status).toBe(429);
    const gqlOnTwin = await twin.gql(SIGN_IN, { input: { email: uniqueEmail('ghost'), password: WRONG } }, { ip });
    expect(gqlOnTwin.errors?.[0]).toMatchObject({ message: THROTTLED, extensions: { code: 'TOO_MANY_REQUESTS' } });
  });

  it('shares the lockout between instances too', async () => {
    const { email } = await signUpFresh();
    const [attacker, owner] = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < 3; i++) expect((await app.rest('POST', '/api/auth/signin', { email, password: WRONG }, { ip: attacker })).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await twin.rest('POST', '/api/auth/signin', { email, password: WRONG }, { ip: attacker })).status).toBe(401);
    // Reset only the throttle window (5 requests already spent), not the lockout.
    await app.sql(`DELETE FROM rate_limit_buckets WHERE key LIKE $1`, [`%${attacker}`]);
    const locked = await twin.rest('POST', '/api/auth/signin', { email, password: GOOD_PASSWORD }, { ip: attacker });
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual(LOCKED_BODY);
    expect((await app.rest('POST', '/api/auth/signin', { email, password: GOOD_PASSWORD }, { ip: owner })).status).toBe(200);
  });
});
