import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateSync } from 'otplib';
import { onlyWayInMessage } from '@stockroom/schema';
import type { BrowserContext, Page } from 'playwright-core';
import { newUser } from './support/api';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { expectNoAxeViolations } from './support/axe';
import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { ageSessionsSql, e2eDatabaseUrl, e2eSql } from './support/database';
import { e2eEnv, uniqueEmail } from './support/env';
import { saveScreenshot, sidewaysOverflow, stepUpDialogSettled } from './support/screen-checks';

/**
 * Single sign-on in the browser (issue 40): the button on the sign-in page,
 * through a real OpenID provider's pages (oidc-provider's development login
 * and consent) back into the app (through the code step for an account
 * with an authenticator), and the profile's link card. A second
 * instance of the built server with the OIDC_ settings serves it, on the e2e
 * server's database (no PostgreSQL of its own, no workers), so the shared
 * e2e server stays without single sign-on, as most installs are.
 */

const repoRoot = resolve(__dirname, '../..');
const PROVIDER = 'Test ID';
const ACCOUNT = 'e2e-sso-user';
const email = uniqueEmail('sso');
/** An account with an authenticator, which the provider's sign-in takes to the code step. */
const GUARDED_ACCOUNT = 'e2e-sso-guarded';
const guarded = newUser('ssototp');
/** An account the provider opens, which then sets a password of its own from Edit Profile. */
const SETTER_ACCOUNT = 'e2e-sso-setter';
const setter = newUser('ssosetter');

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

let provider: TestProvider;
let server: ChildProcess;
let baseUrl: string;
let dataDir: string;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  provider = await startTestProvider(`${baseUrl}/api/auth/oidc/callback`, {
    [ACCOUNT]: { email, email_verified: true, given_name: 'Sam', family_name: 'Single' },
    [GUARDED_ACCOUNT]: { email: guarded.email, email_verified: true, name: guarded.fullName },
    [SETTER_ACCOUNT]: { email: setter.email, email_verified: true, name: setter.fullName },
  });
  dataDir = mkdtempSync(join(tmpdir(), 'stockroom-sso-'));
  server = spawn(process.execPath, [join(repoRoot, 'backend/dist/src/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: e2eDatabaseUrl(),
      WORKER: '0',
      AUTH_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: PROVIDER,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Ready once it has opened its database (the e2e server's, migrated already); it exits on a bad setting.
  for (;;) {
    if (await fetch(`${baseUrl}/api/health/ready`).then((r) => r.ok, () => false)) break;
    if (server.exitCode !== null) throw new Error(`the single sign-on server exited (${server.exitCode})`);
    await new Promise((wake) => setTimeout(wake, 250));
  }
}, 60_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  await provider?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('single sign-on', () => {
  const b = useBrowser({ sessionPerTest: false });
  let context: BrowserContext;
  let page: Page;
  afterEach(() => context?.close());

  const open = async (viewport: { width: number; height: number }, url = baseUrl) => {
    context = await b.browser().newContext({ baseURL: url, viewport, serviceWorkers: 'block' });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  };

  /** Signs in at the provider's development pages: any login, then consent when it asks (once per grant). */
  async function atProvider(account = ACCOUNT): Promise<void> {
    await page.waitForURL((url) => url.href.startsWith(provider.issuer));
    await page.locator('input[name="login"]').fill(account);
    await page.locator('input[name="password"]').fill('any password: the development pages check none');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    const consent = page.getByRole('button', { name: 'Continue' });
    await Promise.race([consent.waitFor(), page.waitForURL((url) => url.href.startsWith(baseUrl))]);
    if (page.url().startsWith(provider.issuer)) await consent.click();
  }

  it('has no button where single sign-on is not configured', async () => {
    await open(DESKTOP, e2eEnv().baseUrl);
    const options = page.waitForResponse('**/api/auth/options');
    await page.goto('/auth/login');
    expect(await (await options).json()).toEqual({ singleSignOn: null });
    await page.getByRole('button', { name: 'Sign In to Dashboard' }).waitFor();
    // The provider's is a link; the passkey's button stays.
    expect(await page.getByRole('link', { name: /Sign in with/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
  });

  it('shows a refusal, signs in through the provider at 375 px, then unlinks and links again from the profile at 1280 px', async () => {
    await open(MOBILE);
    await page.goto('/auth/login?ssoError=unverified_email');
    const button = page.getByRole('link', { name: `Sign in with ${PROVIDER}` });
    await button.waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('Your email address at the provider is not verified');
    expect(await sidewaysOverflow(page)).toEqual([]);
    await saveScreenshot(page, 'single-sign-on', 'sign-in-375');
    await expectNoAxeViolations(page, 'sign-in page with single sign-on, 375 px');
    await page.setViewportSize(DESKTOP);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await saveScreenshot(page, 'single-sign-on', 'sign-in-1280');
    await expectNoAxeViolations(page, 'sign-in page with single sign-on, 1280 px');
    await page.setViewportSize(MOBILE);

    await page.goto('/auth/login?returnUrl=%2Fprofile');
    await button.click();
    await atProvider();
    await page.waitForURL(`${baseUrl}/profile`);
    const card = page.getByRole('region', { name: 'Single sign-on' });
    await card.getByText(`Linked to ${PROVIDER}`).waitFor();
    expect(await card.innerText()).toContain(email);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await saveScreenshot(page, 'single-sign-on', 'profile-linked-375');
    await expectNoAxeViolations(page, 'profile, linked, 375 px');
    // The provider opened this account and is its only way in: Unlink waits for a password.
    expect(await card.innerText()).toContain(onlyWayInMessage(PROVIDER));
    expect(await card.getByRole('button', { name: `Unlink ${PROVIDER}` }).isDisabled()).toBe(true);
    await page.setViewportSize(DESKTOP);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'single-sign-on', 'profile-only-way-in-1280');
    await expectNoAxeViolations(page, 'profile, single sign-on the only way in, 1280 px');
    await page.setViewportSize(MOBILE);
    await page.goto('/profile/edit');
    const setForm = page.getByRole('form', { name: 'Set a password' });
    await setForm.getByLabel('New password', { exact: true }).fill('Sso!Passw0rd-2026');
    await setForm.getByLabel('Confirm new password').fill('Sso!Passw0rd-2026');
    await setForm.getByRole('button', { name: 'Set Password' }).click();
    await page.getByRole('form', { name: 'Change password' }).waitFor();
    await page.goto('/profile');
    await card.getByText(`You can sign in with ${PROVIDER} or with your password.`).waitFor();

    await page.setViewportSize(DESKTOP);
    await card.getByRole('button', { name: `Unlink ${PROVIDER}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Unlink ${PROVIDER}?` });
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await card.getByText('Not linked.').waitFor();
    await saveScreenshot(page, 'single-sign-on', 'profile-unlinked-1280');
    await expectNoAxeViolations(page, 'profile, not linked, 1280 px');

    await card.getByRole('button', { name: `Link ${PROVIDER}` }).click();
    await atProvider();
    await page.waitForURL(`${baseUrl}/profile`);
    await card.getByText(`Linked to ${PROVIDER}`).waitFor();
  });

  it('takes an account with an authenticator from the provider to the code step, clean at 375 and 1280 px, and signs it in with its code', async () => {
    const signUp = await fetch(`${baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: guarded.firstName, lastName: guarded.lastName, email: guarded.email, password: guarded.password }),
    });
    const { accessToken, user } = (await signUp.json()) as { accessToken: string; user: { id: string } };
    const authorized = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const { secret } = (await (await fetch(`${baseUrl}/api/users/profile/mfa/totp`, { method: 'POST', headers: authorized })).json()) as { secret: string };
    const confirmed = await fetch(`${baseUrl}/api/users/profile/mfa/totp/confirm`, { method: 'POST', headers: authorized, body: JSON.stringify({ code: generateSync({ secret }) }) });
    expect(confirmed.status).toBe(200);
    // The confirmation spent this 30-second step's code: as if the next step had come, so the browser's code is fresh.
    await e2eSql('UPDATE totp_factors SET last_time_step = last_time_step - 2 WHERE user_id = $1', [user.id]);

    await open(MOBILE);
    await page.goto('/auth/login?returnUrl=%2Fprofile');
    await page.getByRole('link', { name: `Sign in with ${PROVIDER}` }).click();
    await atProvider(GUARDED_ACCOUNT);
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    // The token came in the fragment and left the address at once: history keeps none of it.
    await page.waitForURL(`${baseUrl}/auth/login?returnUrl=%2Fprofile`);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await saveScreenshot(page, 'single-sign-on', 'code-step-375');
    await expectNoAxeViolations(page, 'single sign-on code step, 375 px');
    await page.setViewportSize(DESKTOP);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await saveScreenshot(page, 'single-sign-on', 'code-step-1280');
    await expectNoAxeViolations(page, 'single sign-on code step, 1280 px');

    await code.fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) - 300 }));
    await page.getByRole('button', { name: 'Verify and Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid verification code' }).waitFor();
    await code.fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Verify and Sign In' }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('region', { name: 'Single sign-on' }).getByText(`Linked to ${PROVIDER}`).waitFor();
  });

  it('lets an account the provider opened set a password with no current one; eleven minutes on it must sign in again first; clean at 375 and 1280 px', async () => {
    await open(MOBILE);
    await page.goto('/auth/login?returnUrl=%2Fprofile%2Fedit');
    await page.getByRole('link', { name: `Sign in with ${PROVIDER}` }).click();
    await atProvider(SETTER_ACCOUNT);
    await page.waitForURL(`${baseUrl}/profile/edit`);
    const setForm = page.getByRole('form', { name: 'Set a password' });
    await setForm.waitFor();
    await page.getByText('Your account was opened with single sign-on. Set a password to sign in with your email too.').waitFor();
    // Nobody knows the password the provider's account was given, so neither form asks for it.
    expect(await page.getByLabel('Current password').count()).toBe(0);
    await page.getByRole('form', { name: 'Edit profile' }).getByLabel('Email').fill(uniqueEmail('ssosetter-moved'));
    expect(await page.getByLabel('Current password').count()).toBe(0);
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await saveScreenshot(page, 'single-sign-on', `set-password-${viewport.width}`);
      await expectNoAxeViolations(page, `Edit Profile, setting a password, ${viewport.width} px`);
    }

    // Eleven minutes after the sign-in, the account has nothing to confirm it is you with but signing in again.
    await ageSessionsSql(setter.email);
    await setForm.getByLabel('New password', { exact: true }).fill(setter.password);
    await setForm.getByLabel('Confirm new password').fill(setter.password);
    await setForm.getByRole('button', { name: 'Set Password' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.getByText('It has been more than 10 minutes since you signed in. To go on, sign out, then sign in again.').waitFor();
    expect(await stepUp.getByLabel('Password').count()).toBe(0);
    await stepUpDialogSettled(page);
    await saveScreenshot(page, 'single-sign-on', 'step-up-sign-in-again-1280');
    await expectNoAxeViolations(page, 'Confirm it is you, nothing to confirm with, 1280 px');
    await page.setViewportSize(MOBILE);
    // The header folds the name away once it has re-rendered for the phone's width.
    await page.locator('.user-menu__target-name').waitFor({ state: 'detached' });
    await stepUpDialogSettled(page);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await saveScreenshot(page, 'single-sign-on', 'step-up-sign-in-again-375');
    await expectNoAxeViolations(page, 'Confirm it is you, nothing to confirm with, 375 px');
    await stepUp.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');

    // Signed in again, the password is set, and the form becomes the usual one.
    await page.goto('/auth/login?returnUrl=%2Fprofile%2Fedit');
    // The provider still has its own session: it answers at once.
    await page.getByRole('link', { name: `Sign in with ${PROVIDER}` }).click();
    await page.waitForURL(`${baseUrl}/profile/edit`);
    await setForm.getByLabel('New password', { exact: true }).fill(setter.password);
    await setForm.getByLabel('Confirm new password').fill(setter.password);
    await setForm.getByRole('button', { name: 'Set Password' }).click();
    const passwordCard = page.getByRole('region', { name: 'Change password' });
    await passwordCard.getByRole('status').filter({ hasText: 'Password changed' }).waitFor();
    await passwordCard.getByRole('form', { name: 'Change password' }).getByLabel('Current password').waitFor();
    const signIn = await fetch(`${baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: setter.email, password: setter.password }),
    });
    expect(signIn.status).toBe(200);
  });
});
