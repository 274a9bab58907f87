import { createServer, type Server } from 'node:http';
import { generateSync } from 'otplib';
import { SoftwareAuthenticator } from '../support/software-authenticator';
import type { AddressInfo } from 'node:net';
import { expectGqlError, expectRestError } from '../support/answers';
import { CookieJar, startTestProvider, type ProviderAccount, type TestProvider } from '../support/oidc-provider';
import { ageSessions, decodeQuotedPrintable, GOOD_PASSWORD, signUpUser, startTestApp, uniqueEmail, type TestApp } from '../support/test-app';

/**
 * Single sign-on with OpenID Connect (issue 40), against a real OpenID
 * provider (oidc-provider) on loopback, driven over HTTP as a browser would:
 * each redirect followed by hand, the provider's login and consent pages
 * submitted, cookies carried per site.
 */

/** APP_URL of the test app: the redirect URI registered at the provider, and where the app sends the browser. */
const APP_URL = 'http://stockroom.test';
const REDIRECT_URI = `${APP_URL}/api/auth/oidc/callback`;
const PROVIDER_NAME = 'Test ID';

const newcomerEmail = uniqueEmail('newcomer');
const existingEmail = uniqueEmail('existing');
const ACCOUNTS: Record<string, ProviderAccount> = {
  newcomer: { email: newcomerEmail, email_verified: true, given_name: 'Nora', family_name: 'Newcomer' },
  existing: { email: existingEmail, email_verified: true, name: 'Eve Existing' },
  unverified: { email: uniqueEmail('unverified'), email_verified: false, name: 'Una Verified' },
  linker: { email: uniqueEmail('linker-at-provider'), email_verified: false, name: 'Lin Ker' },
  taken: { email: uniqueEmail('taken'), email_verified: true, name: 'Tak En' },
  replayer: { email: uniqueEmail('replayer'), email_verified: true, name: 'Rep Layer' },
  guarded: { email: uniqueEmail('guarded'), email_verified: true, name: 'Gus Arded' },
  keyholder: { email: uniqueEmail('keyholder'), email_verified: true, name: 'Kay Holder' },
  setter: { email: uniqueEmail('setter'), email_verified: true, name: 'Seth Etter' },
  loner: { email: uniqueEmail('loner'), email_verified: true, name: 'Lo Ner' },
};

let provider: TestProvider;
let app: TestApp;
beforeAll(async () => {
  provider = await startTestProvider(REDIRECT_URI, ACCOUNTS);
  app = await startTestApp({
    APP_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: PROVIDER_NAME,
  });
});
afterAll(async () => {
  await app?.close();
  await provider?.stop();
});

/** The app's address for a URL the app or the provider named under APP_URL. */
const atApp = (url: string) => url.replace(APP_URL, app.url);

/** One request as a browser makes it: its cookies for that site sent, the ones it sets kept, no redirect followed. */
async function visit(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { cookie: jar.header(url), ...(init.headers as Record<string, string>) } });
  jar.store(url, response.headers);
  return response;
}

const locationOf = (response: Response, base: string) => {
  expect([302, 303]).toContain(response.status);
  return new URL(response.headers.get('location')!, base).href;
};

/**
 * From the provider's authorization URL to the redirect back to the app: signs
 * in as `accountId` on the provider's login page and consents; returns the
 * callback URL (under APP_URL) with its code and state.
 */
async function throughProvider(jar: CookieJar, authorizationUrl: string, accountId: string): Promise<string> {
  let url = authorizationUrl;
  for (let step = 0; step < 10; step += 1) {
    if (url.startsWith(APP_URL)) return url;
    let response = await visit(jar, url);
    if (response.status === 200) {
      const page = await response.text();
      const form: Record<string, string> = page.includes('name="login"') ? { prompt: 'login', login: accountId, password: 'anything' } : { prompt: 'consent' };
      response = await visit(jar, url, { method: 'POST', body: new URLSearchParams(form), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    }
    url = locationOf(response, url);
  }
  throw new Error('the provider did not send the browser back');
}

/** Starts a sign-in at the app and signs in at the provider: the callback URL the provider sends the browser to. */
async function startSignIn(jar: CookieJar, accountId: string, query = ''): Promise<string> {
  const start = await visit(jar, `${app.url}/api/auth/oidc/start${query}`);
  const authorizationUrl = locationOf(start, app.url);
  expect(authorizationUrl.startsWith(`${provider.issuer}/auth?`)).toBe(true);
  const params = new URL(authorizationUrl).searchParams;
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
  expect(params.get('state')).toBeTruthy();
  expect(params.get('nonce')).toBeTruthy();
  return throughProvider(jar, authorizationUrl, accountId);
}

/** Lands the callback at the app: where the app sends the browser next. */
async function landCallback(jar: CookieJar, callbackUrl: string): Promise<string> {
  return locationOf(await visit(jar, atApp(callbackUrl)), app.url);
}

/** The whole sign-in, as far as the client's landing page picking up its session. */
async function signInWithProvider(accountId: string) {
  const jar = new CookieJar();
  const landing = await landCallback(jar, await startSignIn(jar, accountId));
  expect(landing).toBe(`${APP_URL}/auth/login?sso=signed-in`);
  const session = await visit(jar, `${app.url}/api/auth/oidc/session`, { method: 'POST' });
  expect(session.status).toBe(200);
  return { jar, ...((await session.json()) as { accessToken: string; expiresAt: string; user: { id: string; email: string; firstName: string; lastName: string; emailVerified: boolean } }) };
}

const refusal = (landing: string) => new URL(landing).searchParams.get('ssoError');

async function recentActivity(token: string): Promise<Array<{ kind: string; title: string; description: string }>> {
  const answer = await app.rest('GET', '/api/dashboard', undefined, { token });
  expect(answer.status).toBe(200);
  return answer.body.recentActivity;
}

describe('signing in with the provider', () => {
  it('offers the provider by name on both transports', async () => {
    expect((await app.rest('GET', '/api/auth/options')).body).toEqual({ singleSignOn: { name: PROVIDER_NAME } });
    expect((await app.gql('{ signInOptions { singleSignOn { name } } }')).data).toEqual({ signInOptions: { singleSignOn: { name: PROVIDER_NAME } } });
  });

  it('creates the account of a new verified email, with its workspace, and signs it in as a password sign-in does', async () => {
    const { accessToken, user, jar } = await signInWithProvider('newcomer');
    expect(user).toMatchObject({ email: newcomerEmail, firstName: 'Nora', lastName: 'Newcomer', emailVerified: true });
    const me = await app.rest('GET', '/api/users/profile/me', undefined, { token: accessToken });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);
    const workspaces = await app.rest('GET', '/api/workspaces', undefined, { token: accessToken });
    expect(workspaces.status).toBe(200);
    expect(workspaces.body.workspaces).toEqual([expect.objectContaining({ name: "Nora's stockroom", role: 'OWNER', personal: true })]);
    expect(await recentActivity(accessToken)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'signed_in', description: `A new session was started with ${PROVIDER_NAME}` }),
        expect.objectContaining({ kind: 'account_created' }),
      ]),
    );
    // The session is handed over once: the cookie is spent.
    expect((await visit(jar, `${app.url}/api/auth/oidc/session`, { method: 'POST' })).status).toBe(401);

    // The next sign-in finds the account by its subject, not by creating another.
    const again = await signInWithProvider('newcomer');
    expect(again.user.id).toBe(user.id);
    expect(await app.sql('SELECT 1 FROM users WHERE email = $1', [newcomerEmail])).toHaveLength(1);
  });

  it('opens an account with no password anyone chose, which sets one and changes its email with the sign-in as its proof', async () => {
    const { accessToken, user } = await signInWithProvider('setter');
    const status = () => app.rest('GET', '/api/users/profile/mfa', undefined, { token: accessToken });
    expect((await status()).body).toEqual({ totp: false, recoveryCodesLeft: 0, passwordSet: false });
    const moved = uniqueEmail('setter-moved');
    expect((await app.rest('PUT', '/api/users/profile/me', { email: moved }, { token: accessToken })).status).toBe(200);
    const set = await app.rest('POST', '/api/users/profile/password', { newPassword: GOOD_PASSWORD }, { token: accessToken });
    expect(set).toMatchObject({ status: 200, body: { message: 'Password changed. Your other sessions were signed out.' } });
    expect((await status()).body.passwordSet).toBe(true);
    expect((await app.mailsTo(moved)).some((mail) => mail.includes('Subject: A password was set for your Stockroom account'))).toBe(true);
    expect(await recentActivity(accessToken)).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'password_changed', title: 'Password set' })]));
    const signedIn = await app.rest('POST', '/api/auth/signin', { email: moved, password: GOOD_PASSWORD });
    expect(signedIn).toMatchObject({ status: 200, body: { user: { id: user.id } } });

    // Ten minutes on, the sign-in no longer stands for the password.
    await ageSessions(app, user.id);
    const again = await app.rest('POST', '/api/users/profile/password', { newPassword: 'An0ther!Passw0rd' }, { token: accessToken });
    expect(again).toMatchObject({ status: 403, body: { code: 'STEP_UP_REQUIRED' } });
  });

  it('signs in the existing account of a verified email, links it, and tells its owner', async () => {
    const existing = await signUpUser(app, { email: existingEmail });
    const { user } = await signInWithProvider('existing');
    expect(user.id).toBe(existing.user.id);
    const mails = (await app.mailsTo(existingEmail)).map(decodeQuotedPrintable);
    expect(mails.some((mail) => mail.includes(`Your Stockroom account was linked to ${PROVIDER_NAME}`))).toBe(true);
    const link = await app.rest('GET', '/api/auth/oidc/link', undefined, { token: existing.token });
    expect(link.body).toMatchObject({ provider: PROVIDER_NAME, linked: true, email: existingEmail });
    // The password still works beside the provider.
    expect((await app.rest('POST', '/api/auth/signin', { email: existingEmail, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('asks an account with an authenticator for its code before any session, as after its password, and signs it in with it', async () => {
    const guarded = await signUpUser(app, { email: ACCOUNTS.guarded.email });
    const { secret } = (await app.rest('POST', '/api/users/profile/mfa/totp', undefined, { token: guarded.token })).body;
    expect((await app.rest('POST', '/api/users/profile/mfa/totp/confirm', { code: generateSync({ secret }) }, { token: guarded.token })).status).toBe(200);
    // The confirmation spent this step's code: as if the next step had come.
    await app.sql('UPDATE totp_factors SET last_time_step = last_time_step - 2 WHERE user_id = $1', [guarded.user.id]);

    const jar = new CookieJar();
    const landing = new URL(await landCallback(jar, await startSignIn(jar, 'guarded', '?returnUrl=%2Fproducts')));
    expect(`${landing.origin}${landing.pathname}`).toBe(`${APP_URL}/auth/login`);
    expect(Object.fromEntries(landing.searchParams)).toEqual({ sso: 'second-factor', returnUrl: '/products' });
    // The token travels in the fragment only: nothing of it in the query a server logs.
    const step = new URLSearchParams(landing.hash.slice(1));
    expect(step.get('methods')).toBe('totp,recovery');
    const mfaToken = step.get('mfaToken')!;
    expect(mfaToken).toMatch(/^[\w-]{43}$/);
    expect(landing.search).not.toContain(mfaToken);
    expect(jar.get(app.url, 'stockroom_sso_session')).toBeUndefined();
    expect((await visit(jar, `${app.url}/api/auth/oidc/session`, { method: 'POST' })).status).toBe(401);

    const wrongCode = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) - 300 });
    expectRestError(await app.rest('POST', '/api/auth/signin/mfa', { mfaToken, code: wrongCode }), 401, 'UNAUTHENTICATED', 'Invalid verification code');
    const signedIn = await app.rest('POST', '/api/auth/signin/mfa', { mfaToken, code: generateSync({ secret }) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ accessToken: expect.any(String), expiresAt: expect.any(String), user: expect.objectContaining({ id: guarded.user.id }) });
    expect((await app.rest('GET', '/api/users/profile/me', undefined, { token: signedIn.body.accessToken })).status).toBe(200);
    // The activity says how the session began: with the provider, not a password.
    expect(await recentActivity(signedIn.body.accessToken)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'signed_in', description: `A new session was started with ${PROVIDER_NAME}` })]),
    );
    // Single use: the token completed its sign-in, even with another right code.
    await app.sql('UPDATE totp_factors SET last_time_step = last_time_step - 2 WHERE user_id = $1', [guarded.user.id]);
    expectRestError(await app.rest('POST', '/api/auth/signin/mfa', { mfaToken, code: generateSync({ secret }) }), 401, 'UNAUTHENTICATED', 'This sign-in has expired. Please sign in again');
  });

  it('asks an account with a passkey (and no authenticator) for its passkey only, and signs it in with it', async () => {
    const keyholder = await signUpUser(app, { email: ACCOUNTS.keyholder.email });
    const options = await app.rest('POST', '/api/users/profile/passkeys/options', undefined, { token: keyholder.token });
    const authenticator = new SoftwareAuthenticator(new URL(APP_URL).origin);
    const attestation = authenticator.create(options.body).response;
    expect((await app.rest('POST', '/api/users/profile/passkeys', { name: 'Phone', attestation }, { token: keyholder.token })).status).toBe(201);
    const jar = new CookieJar();
    const landing = new URL(await landCallback(jar, await startSignIn(jar, 'keyholder')));
    expect(landing.searchParams.get('sso')).toBe('second-factor');
    const step = new URLSearchParams(landing.hash.slice(1));
    expect(step.get('methods')).toBe('webauthn');
    expect(jar.get(app.url, 'stockroom_sso_session')).toBeUndefined();

    const mfaToken = step.get('mfaToken')!;
    const assertionOptions = await app.rest('POST', '/api/auth/passkey/options', { mfaToken });
    expect(assertionOptions.status).toBe(200);
    const signedIn = await app.rest('POST', '/api/auth/signin/mfa', { mfaToken, assertion: authenticator.get(assertionOptions.body) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(keyholder.user.id);
    expect(await recentActivity(signedIn.body.accessToken)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'signed_in', description: `A new session was started with ${PROVIDER_NAME}` })]),
    );
  });

  it('refuses an email the provider has not verified, and creates no account', async () => {
    const jar = new CookieJar();
    const landing = await landCallback(jar, await startSignIn(jar, 'unverified'));
    expect(landing.startsWith(`${APP_URL}/auth/login?`)).toBe(true);
    expect(refusal(landing)).toBe('unverified_email');
    expect(jar.get(app.url, 'stockroom_sso_session')).toBeUndefined();
    expect(await app.sql('SELECT 1 FROM users WHERE email = $1', [ACCOUNTS.unverified.email])).toHaveLength(0);
  });

  it('refuses a callback whose state is not the one it started with', async () => {
    const jar = new CookieJar();
    const callback = new URL(await startSignIn(jar, 'newcomer'));
    callback.searchParams.set('state', 'not-the-state-it-sent');
    expect(refusal(await landCallback(jar, callback.href))).toBe('failed');
  });

  it('refuses a callback without the transaction cookie of the browser that started', async () => {
    const jar = new CookieJar();
    const callback = await startSignIn(jar, 'newcomer');
    const stranger = new CookieJar();
    expect(refusal(await landCallback(stranger, callback))).toBe('expired');
  });

  it('refuses a replayed authorization code, even with the cookie of its first use', async () => {
    const jar = new CookieJar();
    const callback = await startSignIn(jar, 'replayer');
    const transaction = jar.get(app.url, 'stockroom_oidc')!;
    expect(await landCallback(jar, callback)).toBe(`${APP_URL}/auth/login?sso=signed-in`);
    const replay = new CookieJar();
    replay.set(app.url, 'stockroom_oidc', transaction);
    const landing = await landCallback(replay, callback);
    expect(refusal(landing)).toBe('failed');
    expect(replay.get(app.url, 'stockroom_sso_session')).toBeUndefined();
  });

  it('says why the provider turned the user away', async () => {
    const jar = new CookieJar();
    const start = await visit(jar, `${app.url}/api/auth/oidc/start`);
    const { searchParams } = new URL(locationOf(start, app.url));
    const denied = `${REDIRECT_URI}?error=access_denied&state=${searchParams.get('state')}&iss=${encodeURIComponent(provider.issuer)}`;
    expect(refusal(await landCallback(jar, denied))).toBe('denied');
  });

  it('keeps the return path of the app, and drops one to another site', async () => {
    const jar = new CookieJar();
    expect(await landCallback(jar, await startSignIn(jar, 'newcomer', '?returnUrl=%2Fproducts%3Fpage%3D2'))).toBe(`${APP_URL}/auth/login?sso=signed-in&returnUrl=%2Fproducts%3Fpage%3D2`);
    const other = new CookieJar();
    expect(await landCallback(other, await startSignIn(other, 'newcomer', '?returnUrl=%2F%2Fevil.example'))).toBe(`${APP_URL}/auth/login?sso=signed-in`);
  });
});

describe('linking from the profile', () => {
  const LINK = 'query SingleSignOnLink { singleSignOnLink { provider linked email linkedAt } }';
  const UNLINK = 'mutation UnlinkSingleSignOn { unlinkSingleSignOn { message } }';

  /** Starts a link as the signed-in `token` and signs in at the provider as `accountId`: where the app sends the browser. */
  async function link(token: string, accountId: string): Promise<string> {
    const jar = new CookieJar();
    const started = await fetch(`${app.url}/api/auth/oidc/link`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(started.status).toBe(200);
    jar.store(app.url, started.headers);
    const { url } = (await started.json()) as { url: string };
    return landCallback(jar, await throughProvider(jar, url, accountId));
  }

  it('links a signed-in account (whatever the email at the provider), signs it in by its subject, and unlinks it', async () => {
    const owner = await signUpUser(app);
    expect((await app.gql(LINK, {}, { token: owner.token })).data.singleSignOnLink).toEqual({ provider: PROVIDER_NAME, linked: false, email: null, linkedAt: null });

    expect(await link(owner.token, 'linker')).toBe(`${APP_URL}/profile?sso=linked`);
    const linked = (await app.gql(LINK, {}, { token: owner.token })).data.singleSignOnLink;
    expect(linked).toMatchObject({ linked: true, email: ACCOUNTS.linker.email });
    // The provider's email is not verified, but the subject is linked: it signs in to this account.
    expect((await signInWithProvider('linker')).user.id).toBe(owner.user.id);

    const unlinked = await app.gql(UNLINK, {}, { token: owner.token });
    expect(unlinked.data.unlinkSingleSignOn.message).toBe(`Your account is no longer linked to ${PROVIDER_NAME}.`);
    expect((await app.gql(LINK, {}, { token: owner.token })).data.singleSignOnLink.linked).toBe(false);
    expectRestError(await app.rest('DELETE', '/api/auth/oidc/link', undefined, { token: owner.token }), 404, 'NOT_FOUND', 'Your account is not linked to a sign-in provider');

    // Unlinked, the unverified email no longer opens the account.
    const jar = new CookieJar();
    expect(refusal(await landCallback(jar, await startSignIn(jar, 'linker')))).toBe('unverified_email');

    const mails = (await app.mailsTo(owner.email)).map(decodeQuotedPrintable);
    expect(mails.some((mail) => mail.includes(`Your Stockroom account was linked to ${PROVIDER_NAME}`))).toBe(true);
    expect(mails.some((mail) => mail.includes(`Your Stockroom account was unlinked from ${PROVIDER_NAME}`))).toBe(true);
    const titles = (await recentActivity(owner.token)).map((item) => item.title);
    expect(titles).toEqual(expect.arrayContaining(['Single sign-on linked', 'Single sign-on unlinked']));
  });

  it('keeps the link that is the only way in, and unlinks after step-up once a password is set', async () => {
    const { accessToken, user } = await signInWithProvider('loner');
    const unlink = () => app.rest('DELETE', '/api/auth/oidc/link', undefined, { token: accessToken });
    const onlyWayIn = `Set a password (or add a passkey) before unlinking ${PROVIDER_NAME}: nothing else signs in to this account`;
    expectRestError(await unlink(), 409, 'CONFLICT', onlyWayIn);
    expectGqlError(await app.gql(UNLINK, {}, { token: accessToken }), 'CONFLICT', onlyWayIn);
    expect((await app.rest('POST', '/api/users/profile/password', { newPassword: GOOD_PASSWORD }, { token: accessToken })).status).toBe(200);

    await ageSessions(app, user.id);
    expectRestError(await unlink(), 403, 'STEP_UP_REQUIRED', 'Confirm it is you: enter your password or a code again, or use a passkey');
    expect((await app.rest('POST', '/api/users/profile/step-up', { password: GOOD_PASSWORD }, { token: accessToken })).status).toBe(200);
    expect(await unlink()).toMatchObject({ status: 200, body: { message: `Your account is no longer linked to ${PROVIDER_NAME}.` } });
    expect((await app.rest('POST', '/api/auth/signin', { email: ACCOUNTS.loner.email, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('refuses a subject already linked to another account', async () => {
    const first = await signInWithProvider('taken');
    const second = await signUpUser(app);
    const landing = await link(second.token, 'taken');
    expect(landing.startsWith(`${APP_URL}/profile?`)).toBe(true);
    expect(refusal(landing)).toBe('linked_elsewhere');
    expect((await app.gql(LINK, {}, { token: second.token })).data.singleSignOnLink.linked).toBe(false);
    expect(await app.sql('SELECT user_id FROM oidc_identities WHERE subject = $1', ['taken'])).toEqual([{ user_id: first.user.id }]);
  });

  it('refuses a link whose session was signed out meanwhile', async () => {
    const owner = await signUpUser(app);
    const jar = new CookieJar();
    const started = await fetch(`${app.url}/api/auth/oidc/link`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` } });
    jar.store(app.url, started.headers);
    const callback = await throughProvider(jar, ((await started.json()) as { url: string }).url, 'replayer');
    expect((await app.rest('POST', '/api/auth/signout', undefined, { token: owner.token })).status).toBe(200);
    expect(refusal(await landCallback(jar, callback))).toBe('session_ended');
  });

  it('needs a session to link, read or unlink', async () => {
    expectRestError(await app.rest('POST', '/api/auth/oidc/link'), 401, 'UNAUTHENTICATED', 'Invalid authentication token');
    expectRestError(await app.rest('DELETE', '/api/auth/oidc/link', undefined, { token: 'forged' }), 401, 'UNAUTHENTICATED', 'Invalid authentication token');
    expectGqlError(await app.gql(LINK), 'UNAUTHENTICATED', 'Invalid authentication token');
  });
});

describe('a provider whose discovery document names another issuer', () => {
  let impostor: Server;
  let misled: TestApp;
  beforeAll(async () => {
    const document = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json();
    impostor = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify(document)));
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    misled = await startTestApp({
      APP_URL,
      OIDC_ISSUER: `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: PROVIDER_NAME,
    });
  });
  afterAll(async () => {
    await misled?.close();
    await new Promise((resolve) => impostor?.close(resolve));
  });

  it('is not trusted: the sign-in goes back to the sign-in page, unavailable', async () => {
    const start = await fetch(`${misled.url}/api/auth/oidc/start`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe(`${APP_URL}/auth/login?ssoError=unavailable`);
    expect(start.headers.getSetCookie()).toEqual([]);
  });
});

describe('without OIDC settings', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(() => plain?.close());

  it('offers no single sign-on, and its routes are not there', async () => {
    expect((await plain.rest('GET', '/api/auth/options')).body).toEqual({ singleSignOn: null });
    expect((await plain.gql('{ signInOptions { singleSignOn { name } } }')).data).toEqual({ signInOptions: { singleSignOn: null } });
    const { token } = await signUpUser(plain);
    for (const [method, path] of [
      ['GET', '/api/auth/oidc/start'],
      ['GET', '/api/auth/oidc/callback?code=x&state=y'],
      ['POST', '/api/auth/oidc/session'],
      ['POST', '/api/auth/oidc/link'],
      ['GET', '/api/auth/oidc/link'],
      ['DELETE', '/api/auth/oidc/link'],
    ]) {
      expect({ path, status: (await plain.rest(method, path, undefined, { token })).status }).toEqual({ path, status: 404 });
    }
    expectGqlError(await plain.gql('query { singleSignOnLink { linked } }', {}, { token }), 'NOT_FOUND', 'The requested resource was not found');
  });
});
