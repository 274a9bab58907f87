import { AuthMessages, LockoutMessages } from '@stockroom/schema';
import { useBrowser } from './support/browser';
import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH } from './support/no-violations';
import { createUser } from './support/api';
import { SignInPage } from './pages/SignInPage';
import { AppShell } from './pages/AppShell';
import { e2eEnv, NEW_PASSWORD } from './support/env';
import { waitForResetLink } from './support/mail';

describe('sessions', () => {
  const b = useBrowser();

  it('signs in, then signs out from the user menu to /auth/login', async () => {
    const s = b.session();
    const user = await createUser('signout');
    const signIn = new SignInPage(s.page);
    const shell = new AppShell(s.page);

    await signIn.goto();
    const before = Date.now();
    await signIn.signIn(user.email, user.password);
    await shell.waitForPath('/dashboard');
    await shell.brand.waitFor();

    // The token and its expiry (ms, 8 h ahead) under the legacy-compatible keys.
    const stored = await s.page.evaluate(() => ({
      token: localStorage.getItem('mean_auth_token'),
      expiration: Number(localStorage.getItem('mean_token_expiration')),
    }));
    expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored.expiration).toBeGreaterThanOrEqual(before + 8 * 3600_000 - 60_000);
    expect(stored.expiration).toBeLessThanOrEqual(Date.now() + 8 * 3600_000 + 60_000);

    await shell.signOut();
    await signIn.ready();
    expect(await s.page.evaluate(() => localStorage.getItem('mean_auth_token'))).toBeNull();

    // Signed out for real: the guarded page sends us back to sign in.
    await s.page.goto('/dashboard');
    await shell.waitForPath('/auth/login', '?returnUrl=%2Fdashboard');
    s.assertClean();
  });

  it('sends a signed-out visitor of a guarded URL to sign in, then back to it', async () => {
    const s = b.session();
    const user = await createUser('guard');
    const signIn = new SignInPage(s.page);
    const shell = new AppShell(s.page);

    await s.page.goto('/dashboard');
    await shell.waitForPath('/auth/login', '?returnUrl=%2Fdashboard');
    await signIn.ready();

    await signIn.signIn(user.email, user.password);
    await shell.waitForPath('/dashboard', '');
    await shell.main.getByText(user.firstName, { exact: false }).first().waitFor();
    s.assertClean();
  });

  it('honours a deeper returnUrl (/profile/edit)', async () => {
    const s = b.session();
    const user = await createUser('deep');
    const signIn = new SignInPage(s.page);
    const shell = new AppShell(s.page);

    await s.page.goto('/profile/edit');
    await shell.waitForPath('/auth/login', '?returnUrl=%2Fprofile%2Fedit');
    await signIn.ready();
    await signIn.signIn(user.email, user.password);
    await shell.waitForPath('/profile/edit');
    s.assertClean();
  });

  it("answers a wrong password with 'Invalid email or password'", async () => {
    const s = b.session();
    const user = await createUser('wrongpw');
    const signIn = new SignInPage(s.page);
    // A rejected sign-in may surface as a failed (401) resource in the console; that one is expected.
    s.allowConsoleError(/Failed to load resource: the server responded with a status of 401/);

    await signIn.goto();
    await signIn.signIn(user.email, `${user.password}-wrong`);
    await signIn.expectText('Invalid email or password');
    expect(new URL(s.page.url()).pathname).toBe('/auth/login');
    s.assertClean();
  });

  it('warns before the lockout how many attempts are left, then says how long it lasts', async () => {
    const s = b.session();
    const user = await createUser('lockout');
    const signIn = new SignInPage(s.page);
    // Refused sign-ins (401, then 423) show up as failed resources in the console: they are the point here.
    s.allowConsoleError(/Failed to load resource: the server responded with a status of (401|423)/);
    const callout = s.page.getByRole('alert');
    const calloutText = async () => (await callout.innerText()).replace(/\s+/g, ' ').trim();
    const wrong = async (expected: string) => {
      await signIn.signIn(user.email, `${user.password}-wrong`);
      await callout.filter({ hasText: expected }).waitFor();
      return calloutText();
    };

    await signIn.goto();
    // Far from the lock: the message alone.
    expect(await wrong(AuthMessages.invalidCredentials)).toBe(AuthMessages.invalidCredentials);
    await s.page.reload();
    await signIn.ready();
    expect(await wrong(AuthMessages.invalidCredentials)).toBe(AuthMessages.invalidCredentials);
    expect(await wrong('2 attempts left')).toBe(`${AuthMessages.invalidCredentials} ${LockoutMessages.attemptsLeft(2, 900)}`);
    expect(await calloutText()).toBe('Invalid email or password 2 attempts left before sign-in is locked for 15 minutes.');
    // The callout is what this test adds to the page; the links around the form are the auth-links spec's.
    expect(await checkAtEveryWidth(s.page, undefined, '.form-callout')).toEqual(CLEAN_AT_EVERY_WIDTH);
    expect(await wrong('1 attempt left')).toBe(`${AuthMessages.invalidCredentials} 1 attempt left before sign-in is locked for 15 minutes.`);
    expect(await wrong('now locked')).toBe(`${AuthMessages.invalidCredentials} Sign-in is now locked for 15 minutes.`);

    // Even the right password is refused now, and the form says for how long.
    await signIn.signIn(user.email, user.password);
    await callout.filter({ hasText: AuthMessages.accountLocked }).waitFor();
    expect(await calloutText()).toBe(`${AuthMessages.accountLocked} Try again in 15 minutes.`);
    expect(await checkAtEveryWidth(s.page, undefined, '.form-callout')).toEqual(CLEAN_AT_EVERY_WIDTH);
    expect(new URL(s.page.url()).pathname).toBe('/auth/login');
    s.assertClean();
  });

  it('signs a browser out to /auth/login when its session is revoked elsewhere (password reset)', async () => {
    const s = b.session();
    const user = await createUser('revoked');
    const signIn = new SignInPage(s.page);
    const shell = new AppShell(s.page);
    await signIn.goto();
    await signIn.signIn(user.email, user.password);
    await shell.waitForPath('/dashboard');
    await shell.main.getByText(user.firstName, { exact: false }).first().waitFor();

    // Reset the password through the API, as if from another device: every session is revoked.
    const { baseUrl, dataDir } = e2eEnv();
    const post = (path: string, body: object) =>
      fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/auth/forgot-password', { email: user.email })).status).toBe(200);
    const link = new URL(await waitForResetLink(dataDir, user.email));
    const reset = await post('/api/auth/reset-password', {
      email: user.email,
      resetToken: link.searchParams.get('token'),
      newPassword: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);

    // The revoked token now gets a 401 (logged by Chromium as a failed resource): that is the point.
    s.allowConsoleError(/Failed to load resource: the server responded with a status of 401/);
    await s.page.reload();
    await shell.waitForPath('/auth/login', undefined, 15_000);
    await signIn.ready();
    expect(await s.page.evaluate(() => localStorage.getItem('mean_auth_token'))).toBeNull();
    s.assertClean();
  });
});
