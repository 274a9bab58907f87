import { generateSync } from 'otplib';
import { expectGqlError, expectRestError } from '../support/answers';
import { SoftwareAuthenticator } from '../support/software-authenticator';
import { ageSessions, decodeQuotedPrintable, GOOD_PASSWORD, signUpUser, startTestApp, uniqueIp, type TestApp } from '../support/test-app';

/**
 * Passkeys (issue 40): adding, naming and removing them in the profile,
 * signing in with one instead of the password, and one as the second
 * factor. A software authenticator (tests/support/software-authenticator.ts)
 * makes real ES256 keys and signs real WebAuthn answers for the app's origin
 * (APP_URL http://stockroom.test), and bends them to test what is refused.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ORIGIN = 'http://stockroom.test';
const PASSKEY_INVALID = 'This passkey could not be verified';
const CHALLENGE_EXPIRED = 'This passkey request has expired. Please try again';
const TOKEN_INVALID = 'This sign-in has expired. Please sign in again';
const STEP_UP = 'Confirm it is you: enter your password or a code again, or use a passkey';
const RESPONSE_INVALID = 'Passkey response format is invalid';

type Account = Awaited<ReturnType<typeof signUpUser>>;

const registrationOptions = (account: Account) => app.rest('POST', '/api/users/profile/passkeys/options', undefined, { token: account.token });
const addPasskeyRequest = (account: Account, body: unknown) => app.rest('POST', '/api/users/profile/passkeys', body, { token: account.token });
const listPasskeys = async (account: Account) => (await app.rest('GET', '/api/users/profile/passkeys', undefined, { token: account.token })).body.passkeys;
const signInOptions = (body: unknown = {}, ip?: string) => app.rest('POST', '/api/auth/passkey/options', body, { ip });
const passkeySignIn = (body: unknown, ip?: string) => app.rest('POST', '/api/auth/passkey/signin', body, { ip });
const me = (token: string) => app.rest('GET', '/api/users/profile/me', undefined, { token });
const mailsSince = async (email: string, before: number) => (await app.mailsTo(email)).slice(before).map(decodeQuotedPrintable);
const activity = async (account: Account) =>
  (await app.rest('GET', '/api/dashboard', undefined, { token: account.token })).body.recentActivity as { title: string; description: string }[];

/** Adds a passkey made by `authenticator` to the account over REST; its listing. */
async function addPasskey(account: Account, authenticator: SoftwareAuthenticator, name = 'Work laptop') {
  const options = await registrationOptions(account);
  expect(options.status).toBe(200);
  const made = authenticator.create(options.body);
  const added = await addPasskeyRequest(account, { name, attestation: made.response });
  expect(added.status).toBe(201);
  return { passkey: added.body.passkey, credential: made.credential };
}

/** A session whose sign-in is older than the 10 minutes of step-up. */
const ageSession = (account: Account) => ageSessions(app, account.user.id);

describe('adding passkeys in the profile', () => {
  it('registers a discoverable passkey for APP_URL, lists it by name, and stores its public key only', async () => {
    const alice = await signUpUser(app);
    const options = await registrationOptions(alice);
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      rp: { id: 'stockroom.test', name: 'Stockroom' },
      user: { name: alice.email, displayName: 'Grace Hopper' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required' },
      challenge: expect.any(String),
    });
    // The challenge is kept as a hash only.
    expect(JSON.stringify(await app.sql('SELECT * FROM webauthn_challenges'))).not.toContain(options.body.challenge);

    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const made = authenticator.create(options.body);
    const added = await addPasskeyRequest(alice, { name: '  Work laptop ', attestation: made.response });
    expect(added.status).toBe(201);
    expect(added.body.passkey).toEqual({ id: expect.any(String), name: 'Work laptop', transports: ['internal'], createdAt: expect.any(String), lastUsedAt: null });
    expect(await listPasskeys(alice)).toEqual([added.body.passkey]);

    // The same answer again: its challenge is spent.
    expectRestError(await addPasskeyRequest(alice, { name: 'Again', attestation: made.response }), 400, 'BAD_USER_INPUT', CHALLENGE_EXPIRED, { attestation: CHALLENGE_EXPIRED });
    // Options name the passkeys the account has, so the browser does not make a second one on the same device.
    const next = await registrationOptions(alice);
    expect(next.body.excludeCredentials).toEqual([expect.objectContaining({ id: made.credential.id })]);
  });

  it('is emailed to the account and listed in its activity, as is removing it', async () => {
    const alice = await signUpUser(app);
    const before = (await app.mailsTo(alice.email)).length;
    const { passkey } = await addPasskey(alice, new SoftwareAuthenticator(ORIGIN), 'Phone');
    const removed = await app.rest('DELETE', `/api/users/profile/passkeys/${passkey.id}`, undefined, { token: alice.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Passkey removed' });
    expect(await listPasskeys(alice)).toEqual([]);

    const mails = await mailsSince(alice.email, before);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toContain('Subject: A passkey was added to your Stockroom account');
    expect(mails[0]).toContain('A passkey named "Phone" can now sign in');
    expect(mails[1]).toContain('Subject: A passkey was removed from your Stockroom account');
    const items = await activity(alice);
    expect(items).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Passkey added', description: '"Phone" can sign you in' }), expect.objectContaining({ title: 'Passkey removed' })]));
  });

  it('renames a passkey; another account’s passkey is not found, and is not renamed or removed', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const { passkey } = await addPasskey(alice, new SoftwareAuthenticator(ORIGIN));
    const renamed = await app.rest('PATCH', `/api/users/profile/passkeys/${passkey.id}`, { name: 'Old laptop' }, { token: alice.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkey.name).toBe('Old laptop');

    expectRestError(await app.rest('PATCH', `/api/users/profile/passkeys/${passkey.id}`, { name: 'Mine now' }, { token: bob.token }), 404, 'NOT_FOUND', 'Passkey not found');
    expectRestError(await app.rest('DELETE', `/api/users/profile/passkeys/${passkey.id}`, undefined, { token: bob.token }), 404, 'NOT_FOUND', 'Passkey not found');
    expect((await listPasskeys(alice)).map((p: { name: string }) => p.name)).toEqual(['Old laptop']);
  });

  it('needs a recent password or code to add or remove one (step-up), not to list or rename', async () => {
    const alice = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { passkey } = await addPasskey(alice, authenticator);
    const options = await registrationOptions(alice);
    await ageSession(alice);
    expectRestError(await registrationOptions(alice), 403, 'STEP_UP_REQUIRED', STEP_UP);
    expectRestError(await addPasskeyRequest(alice, { name: 'Late', attestation: authenticator.create(options.body).response }), 403, 'STEP_UP_REQUIRED', STEP_UP);
    expectRestError(await app.rest('DELETE', `/api/users/profile/passkeys/${passkey.id}`, undefined, { token: alice.token }), 403, 'STEP_UP_REQUIRED', STEP_UP);
    expect(await listPasskeys(alice)).toHaveLength(1);
    expect((await app.rest('PATCH', `/api/users/profile/passkeys/${passkey.id}`, { name: 'Renamed' }, { token: alice.token })).status).toBe(200);

    expect((await app.rest('POST', '/api/users/profile/step-up', { password: GOOD_PASSWORD }, { token: alice.token })).status).toBe(200);
    expect((await app.rest('DELETE', `/api/users/profile/passkeys/${passkey.id}`, undefined, { token: alice.token })).status).toBe(200);
  });

  it('refuses a passkey made for another origin, relying party or ceremony, and an expired or another account’s challenge', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const refused = { attestation: PASSKEY_INVALID };
    const tryWith = async (bend: Parameters<SoftwareAuthenticator['create']>[1]) =>
      addPasskeyRequest(alice, { name: 'Bent', attestation: authenticator.create((await registrationOptions(alice)).body, bend).response });

    expectRestError(await tryWith({ origin: 'https://stockroom.evil' }), 400, 'BAD_USER_INPUT', PASSKEY_INVALID, refused);
    expectRestError(await tryWith({ rpId: 'evil.test' }), 400, 'BAD_USER_INPUT', PASSKEY_INVALID, refused);
    expectRestError(await tryWith({ type: 'webauthn.get' }), 400, 'BAD_USER_INPUT', PASSKEY_INVALID, refused);

    // Bob's challenge answered in Alice's session.
    const bobs = await registrationOptions(bob);
    expectRestError(await addPasskeyRequest(alice, { name: 'Stolen', attestation: authenticator.create(bobs.body).response }), 400, 'BAD_USER_INPUT', CHALLENGE_EXPIRED, {
      attestation: CHALLENGE_EXPIRED,
    });
    // A challenge older than 5 minutes.
    const late = await registrationOptions(alice);
    await app.sql(`UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [alice.user.id]);
    expectRestError(await addPasskeyRequest(alice, { name: 'Late', attestation: authenticator.create(late.body).response }), 400, 'BAD_USER_INPUT', CHALLENGE_EXPIRED, {
      attestation: CHALLENGE_EXPIRED,
    });
    expect(await listPasskeys(alice)).toEqual([]);
  });

  it('refuses hostile input with the rule’s message', async () => {
    const alice = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const attestation = authenticator.create((await registrationOptions(alice)).body).response;
    expectRestError(await addPasskeyRequest(alice, { name: 'x'.repeat(101), attestation }), 400, 'BAD_USER_INPUT', 'Name cannot exceed 100 characters', { name: 'Name cannot exceed 100 characters' });
    expect((await addPasskeyRequest(alice, { name: 42, attestation })).status).toBe(400);
    expect((await addPasskeyRequest(alice, { name: '   ', attestation })).status).toBe(400);
    expectRestError(await addPasskeyRequest(alice, { name: 'Key', attestation: 'not an object' }), 400, 'BAD_USER_INPUT', RESPONSE_INVALID, { attestation: RESPONSE_INVALID });
    expectRestError(await addPasskeyRequest(alice, { name: 'Key', attestation: { ...attestation, response: { ...attestation.response, attestationObject: 'x'.repeat(70_000) } } }), 400, 'BAD_USER_INPUT', RESPONSE_INVALID, {
      attestation: RESPONSE_INVALID,
    });
    expect((await addPasskeyRequest(alice, { name: 'Key', attestation, extra: true })).status).toBe(400);
    expectRestError(await app.rest('PATCH', '/api/users/profile/passkeys/not-a-uuid', { name: 'X' }, { token: alice.token }), 400, 'BAD_USER_INPUT', 'Invalid ID format', { id: 'Invalid ID format' });
    // None of those spent the challenge: the real answer still adds it.
    expect((await addPasskeyRequest(alice, { name: 'Key', attestation })).status).toBe(201);
    // A garbage attestation object after a valid envelope is a passkey that does not check out.
    const options = await registrationOptions(alice);
    const made = authenticator.create(options.body).response;
    expectRestError(await addPasskeyRequest(alice, { name: 'Key 2', attestation: { ...made, response: { ...made.response, attestationObject: 'AAAA' } } }), 400, 'BAD_USER_INPUT', PASSKEY_INVALID, {
      attestation: PASSKEY_INVALID,
    });
    // API tokens and no session at all: refused.
    expect((await app.rest('GET', '/api/users/profile/passkeys')).status).toBe(401);
  });

  it('works over GraphQL', async () => {
    const alice = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = await app.gql('mutation { passkeyRegistrationOptions { optionsJson } }', {}, { token: alice.token });
    const made = authenticator.create(JSON.parse(options.data.passkeyRegistrationOptions.optionsJson));
    const ADD = 'mutation($input: AddPasskeyInput!) { addPasskey(input: $input) { id name transports createdAt lastUsedAt } }';
    expectGqlError(await app.gql(ADD, { input: { name: 'Key', attestationJson: '{not json' } }, { token: alice.token }), 'BAD_USER_INPUT', RESPONSE_INVALID, { attestation: RESPONSE_INVALID });
    const added = await app.gql(ADD, { input: { name: 'Key', attestationJson: JSON.stringify(made.response) } }, { token: alice.token });
    expect(added.data.addPasskey).toEqual({ id: expect.any(String), name: 'Key', transports: ['internal'], createdAt: expect.any(String), lastUsedAt: null });
    expect(Date.parse(added.data.addPasskey.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const { id } = added.data.addPasskey;
    const renamed = await app.gql('mutation($input: RenamePasskeyInput!) { renamePasskey(input: $input) { name } }', { input: { id, name: 'Desk key' } }, { token: alice.token });
    expect(renamed.data.renamePasskey.name).toBe('Desk key');
    expect((await app.gql('{ passkeys { id name createdAt } }', {}, { token: alice.token })).data.passkeys).toEqual([{ id, name: 'Desk key', createdAt: added.data.addPasskey.createdAt }]);
    expect((await app.gql('mutation($id: ID!) { removePasskey(id: $id) { message } }', { id }, { token: alice.token })).data.removePasskey.message).toBe('Passkey removed');
  });
});

describe('signing in with a passkey instead of the password', () => {
  it('opens a session like a password sign-in, without an email, and records when the passkey was used', async () => {
    const alice = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { passkey } = await addPasskey(alice, authenticator);
    const options = await signInOptions();
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rpId: 'stockroom.test', userVerification: 'required', challenge: expect.any(String) });
    expect(options.body.allowCredentials ?? []).toEqual([]);

    const assertion = authenticator.get(options.body);
    const signedIn = await passkeySignIn({ assertion });
    expect(signedIn.status).toBe(200);
    expect(Object.keys(signedIn.body).sort()).toEqual(['accessToken', 'expiresAt', 'user']);
    expect(signedIn.body.user.email).toBe(alice.email);
    expect((await me(signedIn.body.accessToken)).status).toBe(200);
    expect((await listPasskeys(alice))[0].lastUsedAt).toEqual(expect.any(String));
    expect(await activity(alice)).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Signed in', description: 'A new session was started with a passkey' })]));

    // The same answer again: its challenge is spent.
    expectRestError(await passkeySignIn({ assertion }), 401, 'UNAUTHENTICATED', CHALLENGE_EXPIRED);
    expect(passkey.id).toEqual(expect.any(String));
  });

  it('also over GraphQL', async () => {
    const alice = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await addPasskey(alice, authenticator);
    const options = await app.gql('mutation { passkeySignInOptions { optionsJson } }');
    const assertion = authenticator.get(JSON.parse(options.data.passkeySignInOptions.optionsJson));
    const signedIn = await app.gql('mutation($input: SignInWithPasskeyInput!) { signInWithPasskey(input: $input) { accessToken mfaRequired user { email } } }', {
      input: { assertionJson: JSON.stringify(assertion) },
    });
    expect(signedIn.data.signInWithPasskey).toEqual({ accessToken: expect.any(String), mfaRequired: false, user: { email: alice.email } });
  });

  it('refuses another origin or relying party, a bad signature, an unchecked holder, a replayed counter and an expired challenge', async () => {
    const alice = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { credential } = await addPasskey(alice, authenticator);
    const ip = uniqueIp();
    const tryWith = async (bend: Parameters<SoftwareAuthenticator['get']>[2]) => passkeySignIn({ assertion: authenticator.get((await signInOptions({}, ip)).body, credential, bend) }, ip);

    expectRestError(await tryWith({ origin: 'https://stockroom.evil' }), 401, 'UNAUTHENTICATED', PASSKEY_INVALID);
    expectRestError(await tryWith({ rpId: 'evil.test' }), 401, 'UNAUTHENTICATED', PASSKEY_INVALID);
    // Wrong answers count towards the account's lock, as wrong passwords do: the third warns.
    expect((await tryWith({ forgeSignature: true })).body).toMatchObject({ code: 'UNAUTHENTICATED', message: PASSKEY_INVALID, attemptsLeft: 2 });
    const warned = await tryWith({ notVerified: true });
    expect(warned.status).toBe(401);
    expect(warned.body).toMatchObject({ code: 'UNAUTHENTICATED', message: PASSKEY_INVALID, attemptsLeft: 1 });

    // A right answer clears the count.
    expect((await tryWith({})).status).toBe(200);
    // A counter that did not move on (a cloned authenticator).
    expectRestError(await tryWith({ counter: 1 }), 401, 'UNAUTHENTICATED', PASSKEY_INVALID);

    const late = await signInOptions({}, ip);
    await app.sql(`UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE expires_at > now() AND purpose = 'sign_in'`);
    expectRestError(await passkeySignIn({ assertion: authenticator.get(late.body, credential) }, ip), 401, 'UNAUTHENTICATED', CHALLENGE_EXPIRED);
    // A challenge made up by the client.
    expectRestError(await passkeySignIn({ assertion: authenticator.get({ challenge: 'bWFkZS11cA', rpId: 'stockroom.test' }, credential) }, ip), 401, 'UNAUTHENTICATED', CHALLENGE_EXPIRED);
  });

  it('locks with the password after five wrong answers, and refuses an inactive account', async () => {
    const alice = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { credential } = await addPasskey(alice, authenticator);
    const ip = uniqueIp();
    const forged = async () => passkeySignIn({ assertion: authenticator.get((await signInOptions({}, ip)).body, credential, { forgeSignature: true }) }, ip);
    for (let attempt = 0; attempt < 5; attempt++) expect((await forged()).status).toBe(401);
    // A right answer is locked out too, and so is the password: they share the lock.
    const locked = await passkeySignIn({ assertion: authenticator.get((await signInOptions({}, ip)).body, credential) }, ip);
    expect(locked.status).toBe(423);
    expect(locked.body).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect((await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD }, { ip })).status).toBe(423);

    const bob = await signUpUser(app);
    const bobs = new SoftwareAuthenticator(ORIGIN);
    await addPasskey(bob, bobs);
    await app.sql(`UPDATE users SET status = 'Inactive' WHERE id = $1`, [bob.user.id]);
    expectRestError(await passkeySignIn({ assertion: bobs.get((await signInOptions()).body) }), 403, 'ACCOUNT_INACTIVE', 'Account is inactive. Please contact support');
  });

  it('refuses an unknown passkey and a removed one, and hostile input', async () => {
    const alice = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { passkey, credential } = await addPasskey(alice, authenticator);
    expect((await app.rest('DELETE', `/api/users/profile/passkeys/${passkey.id}`, undefined, { token: alice.token })).status).toBe(200);
    expectRestError(await passkeySignIn({ assertion: authenticator.get((await signInOptions()).body, credential) }), 401, 'UNAUTHENTICATED', PASSKEY_INVALID);

    const stranger = new SoftwareAuthenticator(ORIGIN);
    stranger.create({ challenge: 'x', rp: { id: 'stockroom.test' }, user: { id: 'AAAA' } });
    expectRestError(await passkeySignIn({ assertion: stranger.get((await signInOptions()).body) }), 401, 'UNAUTHENTICATED', PASSKEY_INVALID);

    expectRestError(await passkeySignIn({ assertion: 'x' }), 400, 'BAD_USER_INPUT', RESPONSE_INVALID, { assertion: RESPONSE_INVALID });
    expectRestError(await passkeySignIn({ assertion: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 1 } } }), 400, 'BAD_USER_INPUT', RESPONSE_INVALID, {
      assertion: RESPONSE_INVALID,
    });
    expect((await passkeySignIn({})).status).toBe(400);
    expect((await passkeySignIn({ assertion: {}, email: alice.email })).status).toBe(400);
    expect((await signInOptions({ mfaToken: 5 })).status).toBe(400);
  });
});

describe('a passkey as the second factor', () => {
  it('makes sign-in ask for it, with "webauthn" among the methods, and completes it once', async () => {
    const alice = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { credential } = await addPasskey(alice, authenticator);
    const first = await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD });
    expect(first.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['webauthn'] });
    const { mfaToken } = first.body;

    const options = await signInOptions({ mfaToken });
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials).toEqual([expect.objectContaining({ id: credential.id, type: 'public-key' })]);

    const assertion = authenticator.get(options.body, credential);
    const signedIn = await app.rest('POST', '/api/auth/signin/mfa', { mfaToken, assertion });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(alice.email);
    expect((await me(signedIn.body.accessToken)).status).toBe(200);
    // The token and the challenge worked once.
    expectRestError(await app.rest('POST', '/api/auth/signin/mfa', { mfaToken, assertion }), 401, 'UNAUTHENTICATED', TOKEN_INVALID);
    const again = await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD });
    expectRestError(await app.rest('POST', '/api/auth/signin/mfa', { mfaToken: again.body.mfaToken, assertion }), 401, 'UNAUTHENTICATED', PASSKEY_INVALID);
  });

  it('lists every method of an account with an authenticator app and a passkey, and takes either', async () => {
    const alice = await signUpUser(app);
    const setup = await app.rest('POST', '/api/users/profile/mfa/totp', undefined, { token: alice.token });
    expect((await app.rest('POST', '/api/users/profile/mfa/totp/confirm', { code: generateSync({ secret: setup.body.secret }) }, { token: alice.token })).status).toBe(200);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await addPasskey(alice, authenticator);
    const first = await app.gql('mutation($input: SignInInput!) { signIn(input: $input) { mfaRequired mfaToken methods } }', { input: { email: alice.email, password: GOOD_PASSWORD } });
    expect(first.data.signIn).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['totp', 'webauthn', 'recovery'] });
    const options = await app.gql('mutation($input: PasskeySignInOptionsInput) { passkeySignInOptions(input: $input) { optionsJson } }', { input: { mfaToken: first.data.signIn.mfaToken } });
    const assertion = authenticator.get(JSON.parse(options.data.passkeySignInOptions.optionsJson));
    const signedIn = await app.gql('mutation($input: SignInWithPasskeyInput!) { signInWithPasskey(input: $input) { accessToken user { email } } }', {
      input: { mfaToken: first.data.signIn.mfaToken, assertionJson: JSON.stringify(assertion) },
    });
    expect(signedIn.data.signInWithPasskey).toEqual({ accessToken: expect.any(String), user: { email: alice.email } });
  });

  it('refuses another account’s passkey, a bad signature and a sign-in challenge, counting them as wrong codes', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const alices = (await addPasskey(alice, authenticator)).credential;
    const bobs = (await addPasskey(bob, authenticator)).credential;
    const ip = uniqueIp();
    const { mfaToken } = (await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD }, { ip })).body;
    const secondStep = (assertion: unknown) => app.rest('POST', '/api/auth/signin/mfa', { mfaToken, assertion }, { ip });

    // Bob's passkey answering Alice's challenge.
    expectRestError(await secondStep(authenticator.get((await signInOptions({ mfaToken }, ip)).body, bobs)), 401, 'UNAUTHENTICATED', PASSKEY_INVALID);
    expectRestError(await secondStep(authenticator.get((await signInOptions({ mfaToken }, ip)).body, alices, { forgeSignature: true })), 401, 'UNAUTHENTICATED', PASSKEY_INVALID);
    // A challenge for signing in without a password is not one for this second step.
    const warned = await secondStep(authenticator.get((await signInOptions({}, ip)).body, alices));
    expect(warned.body).toMatchObject({ message: PASSKEY_INVALID, attemptsLeft: 2 });
    // Still usable with a right answer.
    expect((await secondStep(authenticator.get((await signInOptions({ mfaToken }, ip)).body, alices))).status).toBe(200);

    expectRestError(await signInOptions({ mfaToken: 'forged-token-forged-token-forged-token' }), 401, 'UNAUTHENTICATED', TOKEN_INVALID);
  });

  it('has no options for an account whose only second factor is an authenticator app', async () => {
    const alice = await signUpUser(app);
    const setup = await app.rest('POST', '/api/users/profile/mfa/totp', undefined, { token: alice.token });
    await app.rest('POST', '/api/users/profile/mfa/totp/confirm', { code: generateSync({ secret: setup.body.secret }) }, { token: alice.token });
    const first = await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD });
    expect(first.body.methods).toEqual(['totp', 'recovery']);
    expectRestError(await signInOptions({ mfaToken: first.body.mfaToken }), 404, 'NOT_FOUND', 'Passkey not found');
  });

  it('is no longer asked for once the last passkey is removed', async () => {
    const alice = await signUpUser(app);
    const { passkey } = await addPasskey(alice, new SoftwareAuthenticator(ORIGIN));
    expect((await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD })).body.mfaRequired).toBe(true);
    await app.rest('DELETE', `/api/users/profile/passkeys/${passkey.id}`, undefined, { token: alice.token });
    expect((await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD })).body.accessToken).toEqual(expect.any(String));
  });
});

describe('confirming it is you with a passkey (step-up)', () => {
  const newToken = (account: Account) => app.rest('POST', '/api/users/profile/tokens', { name: 'Shop sync', scopes: ['read'] }, { token: account.token });
  const stepUpOptions = (account: Account, ip?: string) => app.rest('POST', '/api/users/profile/step-up/passkey/options', undefined, { token: account.token, ip });
  const stepUp = (account: Account, body: unknown, ip?: string) => app.rest('POST', '/api/users/profile/step-up', body, { token: account.token, ip });
  const STEP_UP_GQL = 'mutation($input: StepUpInput!) { stepUp(input: $input) { verifiedUntil } }';

  it('asks the account’s own passkeys, and a right answer allows sensitive actions for 10 minutes, once', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { credential } = await addPasskey(alice, authenticator);
    await addPasskey(bob, authenticator);
    await ageSession(alice);
    expectRestError(await newToken(alice), 403, 'STEP_UP_REQUIRED', STEP_UP);

    const options = await stepUpOptions(alice);
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rpId: 'stockroom.test', userVerification: 'required', timeout: 300_000, challenge: expect.any(String) });
    // Only Alice's passkey, though Bob's sits on the same authenticator.
    expect(options.body.allowCredentials).toEqual([expect.objectContaining({ id: credential.id, type: 'public-key' })]);
    // Kept as a hash, for step-up only, for 5 minutes.
    const stored = await app.sql(`SELECT purpose, extract(epoch FROM expires_at - created_at)::int AS ttl FROM webauthn_challenges WHERE user_id = $1`, [alice.user.id]);
    expect(stored).toEqual([{ purpose: 'step_up', ttl: 300 }]);
    expect(JSON.stringify(await app.sql('SELECT * FROM webauthn_challenges'))).not.toContain(options.body.challenge);

    const assertion = authenticator.get(options.body, credential);
    const confirmed = await stepUp(alice, { assertion });
    expect(confirmed.status).toBe(200);
    expect(Date.parse(confirmed.body.verifiedUntil) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await newToken(alice)).status).toBe(201);
    expect((await listPasskeys(alice))[0].lastUsedAt).toEqual(expect.any(String));

    // The same answer again: its challenge is spent.
    expectRestError(await stepUp(alice, { assertion }), 400, 'BAD_USER_INPUT', CHALLENGE_EXPIRED, { assertion: CHALLENGE_EXPIRED });
  });

  it('works over GraphQL, and refuses JSON that is not an answer', async () => {
    const alice = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await addPasskey(alice, authenticator);
    await ageSession(alice);
    const options = await app.gql('mutation { passkeyStepUpOptions { optionsJson } }', {}, { token: alice.token });
    const assertion = authenticator.get(JSON.parse(options.data.passkeyStepUpOptions.optionsJson));
    expectGqlError(await app.gql(STEP_UP_GQL, { input: { assertionJson: '{not json' } }, { token: alice.token }), 'BAD_USER_INPUT', RESPONSE_INVALID, { assertion: RESPONSE_INVALID });
    expectGqlError(await app.gql(STEP_UP_GQL, { input: { assertionJson: '"x"' } }, { token: alice.token }), 'BAD_USER_INPUT', RESPONSE_INVALID, { assertion: RESPONSE_INVALID });
    // Neither spent the challenge.
    const answer = await app.gql(STEP_UP_GQL, { input: { assertionJson: JSON.stringify(assertion) } }, { token: alice.token });
    expect(answer.data.stepUp.verifiedUntil).toEqual(expect.any(String));
    const token = await app.gql('mutation { createApiToken(input: { name: "Shop", scopes: [read] }) { token } }', {}, { token: alice.token });
    expect(token.data.createApiToken.token).toMatch(/^stk_/);
  });

  it('refuses another account’s passkey, a bad signature, an unchecked holder, a replayed counter, and another ceremony’s or an expired challenge', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const alices = (await addPasskey(alice, authenticator)).credential;
    const bobs = (await addPasskey(bob, authenticator)).credential;
    await ageSession(alice);
    const ip = uniqueIp();
    const invalid = { assertion: PASSKEY_INVALID };
    const expired = { assertion: CHALLENGE_EXPIRED };
    const answer = async (credential = alices, bend = {}) => stepUp(alice, { assertion: authenticator.get((await stepUpOptions(alice, ip)).body, credential, bend) }, ip);

    // Bob's passkey answering Alice's challenge.
    expectRestError(await answer(bobs), 400, 'BAD_USER_INPUT', PASSKEY_INVALID, invalid);
    expectRestError(await answer(alices, { forgeSignature: true }), 400, 'BAD_USER_INPUT', PASSKEY_INVALID, invalid);
    expectRestError(await answer(alices, { notVerified: true }), 400, 'BAD_USER_INPUT', PASSKEY_INVALID, invalid);
    expectRestError(await answer(alices, { origin: 'https://stockroom.evil' }), 400, 'BAD_USER_INPUT', PASSKEY_INVALID, invalid);
    expect((await answer()).status).toBe(200);
    expectRestError(await answer(alices, { counter: 1 }), 400, 'BAD_USER_INPUT', PASSKEY_INVALID, invalid);

    // A challenge for signing in is not one for step-up, nor is Bob's step-up challenge, nor one older than 5 minutes.
    expectRestError(await stepUp(alice, { assertion: authenticator.get((await signInOptions({}, ip)).body, alices) }, ip), 400, 'BAD_USER_INPUT', CHALLENGE_EXPIRED, expired);
    expectRestError(await stepUp(alice, { assertion: authenticator.get((await stepUpOptions(bob)).body, alices) }, ip), 400, 'BAD_USER_INPUT', CHALLENGE_EXPIRED, expired);
    const late = await stepUpOptions(alice, ip);
    await app.sql(`UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [alice.user.id]);
    expectRestError(await stepUp(alice, { assertion: authenticator.get(late.body, alices) }, ip), 400, 'BAD_USER_INPUT', CHALLENGE_EXPIRED, expired);

    // And a step-up challenge signs no one in, with or without a password.
    expectRestError(await passkeySignIn({ assertion: authenticator.get((await stepUpOptions(alice)).body, alices) }), 401, 'UNAUTHENTICATED', CHALLENGE_EXPIRED);
    const { mfaToken } = (await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD })).body;
    const secondStep = await app.rest('POST', '/api/auth/signin/mfa', { mfaToken, assertion: authenticator.get((await stepUpOptions(alice)).body, alices) });
    expectRestError(secondStep, 401, 'UNAUTHENTICATED', PASSKEY_INVALID);
  });

  it('counts wrong answers against the sign-in lockout: after five, a right answer and the password get 423', async () => {
    const alice = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { credential } = await addPasskey(alice, authenticator);
    await ageSession(alice);
    const ip = uniqueIp();
    const answer = async (bend = {}) => stepUp(alice, { assertion: authenticator.get((await stepUpOptions(alice, ip)).body, credential, bend) }, ip);
    for (let attempt = 0; attempt < 5; attempt++) expect((await answer({ forgeSignature: true })).status).toBe(400);
    const locked = await answer();
    expect(locked.status).toBe(423);
    expect(locked.body).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect((await app.rest('POST', '/api/auth/signin', { email: alice.email, password: GOOD_PASSWORD }, { ip })).status).toBe(423);
    expectRestError(await newToken(alice), 403, 'STEP_UP_REQUIRED', STEP_UP);
  });

  it('has no options for an account without a passkey, a body, an API token or no session; and refuses hostile answers', async () => {
    const alice = await signUpUser(app);
    expectRestError(await stepUpOptions(alice), 404, 'NOT_FOUND', 'Passkey not found');
    expectGqlError(await app.gql('mutation { passkeyStepUpOptions { optionsJson } }', {}, { token: alice.token }), 'NOT_FOUND', 'Passkey not found');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { credential } = await addPasskey(alice, authenticator);
    expect((await app.rest('POST', '/api/users/profile/step-up/passkey/options')).status).toBe(401);
    expect((await app.rest('POST', '/api/users/profile/step-up/passkey/options', { userId: alice.user.id }, { token: alice.token })).status).toBe(400);
    const apiToken = (await newToken(alice)).body.token;
    expect((await app.rest('POST', '/api/users/profile/step-up/passkey/options', undefined, { token: apiToken })).status).toBe(403);

    await ageSession(alice);
    const assertion = authenticator.get((await stepUpOptions(alice)).body, credential);
    expectRestError(await stepUp(alice, { assertion: 'x' }), 400, 'BAD_USER_INPUT', RESPONSE_INVALID, { assertion: RESPONSE_INVALID });
    expectRestError(await stepUp(alice, { assertion: { ...assertion, rawId: 'other' } }), 400, 'BAD_USER_INPUT', RESPONSE_INVALID, { assertion: RESPONSE_INVALID });
    expectRestError(await stepUp(alice, { assertion: null }), 400, 'BAD_USER_INPUT', 'Enter your password or a code, or use a passkey', { password: 'Enter your password or a code, or use a passkey' });
    expect((await stepUp(alice, { assertion, extra: 1 })).status).toBe(400);
    expect((await stepUp(alice, { password: 5, assertion })).status).toBe(400);
    // None of those spent the challenge, nor were they proofs.
    expectRestError(await newToken(alice), 403, 'STEP_UP_REQUIRED', STEP_UP);
    expect((await stepUp(alice, { assertion })).status).toBe(200);
  });
});
