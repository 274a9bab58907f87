import { useBrowser } from './support/browser';
import { createUser } from './support/api';
import { e2eEnv, NEW_PASSWORD } from './support/env';
import { newestEmailTo, waitForResetLink } from './support/mail';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
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
});
