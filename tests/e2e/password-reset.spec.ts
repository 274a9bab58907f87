import { AuthMessages } from '@stockroom/schema';
import { useBrowser } from './support/browser';
import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH } from './support/no-violations';
import { createUser } from './support/api';
import { e2eEnv, NEW_PASSWORD } from './support/env';
import { newestEmailTo, waitForResetLink } from './support/mail';
import { ForgotPasswordPage, RESET_LINK_SENT } from './pages/ForgotPasswordPage';
import { PASSWORD_UPDATED, ResetPasswordPage } from './pages/ResetPasswordPage';
import { SignInPage } from './pages/SignInPage';
import { AppShell } from './pages/AppShell';

describe('password reset', () => {
  const b = useBrowser();

  it('emails a link that sets a new password; the old one stops working', async () => {
    const s = b.session();
    const user = await createUser('reset');
    const forgot = new ForgotPasswordPage(s.page);
    const reset = new ResetPasswordPage(s.page);
    const signIn = new SignInPage(s.page);
    const shell = new AppShell(s.page);
    s.allowConsoleError(/Failed to load resource: the server responded with a status of 401/);

    await forgot.goto();
    await forgot.request(user.email);
    await forgot.backToSignIn.waitFor();

    const link = await waitForResetLink(e2eEnv().dataDir, user.email);
    const parsed = new URL(link);
    expect(parsed.origin).toBe(new URL(e2eEnv().baseUrl).origin);
    expect(parsed.pathname).toBe('/auth/reset-password');
    expect(parsed.searchParams.get('email')?.toLowerCase()).toBe(user.email.toLowerCase());
    expect(parsed.searchParams.get('token')).toBeTruthy();

    const headers = await reset.open(link);
    // The token in the URL must not leak to other sites through the Referer header.
    expect(headers['referrer-policy']).toBe('no-referrer');
    await reset.setPassword(NEW_PASSWORD);
    await reset.expectText(PASSWORD_UPDATED);
    await shell.waitForPath('/auth/login', undefined, 10_000);
    await signIn.ready();

    await signIn.signIn(user.email, user.password);
    await signIn.expectText('Invalid email or password');

    await signIn.password.fill(NEW_PASSWORD);
    await signIn.submit.click();
    await shell.waitForPath('/dashboard');
    await shell.main.getByText(user.firstName, { exact: false }).first().waitFor();
    s.assertClean();
  });

  it("shows the same success text for an unknown email and sends nothing", async () => {
    const s = b.session();
    const forgot = new ForgotPasswordPage(s.page);
    const nobody = `nobody-${Date.now()}@example.com`;
    await forgot.goto();
    await forgot.request(nobody);
    expect(newestEmailTo(e2eEnv().dataDir, nobody)).toBeUndefined();
    s.assertClean();
  });

  it('says once that the link was sent', async () => {
    const s = b.session();
    const user = await createUser('once');
    const forgot = new ForgotPasswordPage(s.page);
    await forgot.goto();
    await forgot.request(user.email);
    const status = s.page.getByRole('status');
    expect(await status.count()).toBe(1);
    expect((await status.innerText()).trim()).toBe(RESET_LINK_SENT);
    // The server's own wording of the same news is not shown a second time.
    expect(await s.page.getByText(AuthMessages.forgotPasswordSent).count()).toBe(0);
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    s.assertClean();
  });

  it('a used link disables the form and offers a new one', async () => {
    const s = b.session();
    const user = await createUser('used');
    const reset = new ResetPasswordPage(s.page);
    const forgot = new ForgotPasswordPage(s.page);
    // The refused token comes back as a 400 (a failed resource in the console): it is the point here.
    s.allowConsoleError(/Failed to load resource: the server responded with a status of 400/);
    const { baseUrl, dataDir } = e2eEnv();
    expect((await fetch(`${baseUrl}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email }) })).status).toBe(200);
    const link = await waitForResetLink(dataDir, user.email);

    // Used once (say, in another tab)...
    await reset.open(link);
    await reset.setPassword(NEW_PASSWORD);
    await reset.expectText(PASSWORD_UPDATED);
    // ...and opened again.
    await reset.open(link);
    await reset.setPassword('An0ther!Passw0rd');

    const warning = s.page.getByRole('alert').filter({ hasText: AuthMessages.resetLinkInvalid });
    await warning.waitFor();
    expect((await warning.innerText()).replace(/\s+/g, ' ').trim()).toBe(`${AuthMessages.resetLinkInvalid}. Request a new link`);
    // One message, not the same one twice.
    expect(await s.page.getByText(AuthMessages.resetLinkInvalid).count()).toBe(1);
    expect(await reset.newPassword.isDisabled()).toBe(true);
    expect(await reset.confirmPassword.isDisabled()).toBe(true);
    expect(await reset.submit.isDisabled()).toBe(true);
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);

    await warning.getByRole('link', { name: 'Request a new link' }).click();
    await forgot.waitForPath('/auth/forgot-password');
    await forgot.submit.waitFor();
    s.assertClean();
  });
});
