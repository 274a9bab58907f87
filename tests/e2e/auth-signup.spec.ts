import { useBrowser } from './support/browser';
import { AuthMessages } from '@stockroom/schema';
import { createUser, newUser } from './support/api';
import { SignUpPage } from './pages/SignUpPage';
import { AppShell } from './pages/AppShell';
import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH } from './support/no-violations';
import { saveScreenshot } from './support/screen-checks';
import { DESKTOP, MOBILE } from './support/browser';

describe('sign up', () => {
  const b = useBrowser();

  it('creates the account and lands on /dashboard showing the user', async () => {
    const s = b.session();
    const signUp = new SignUpPage(s.page);
    const shell = new AppShell(s.page);
    const user = newUser('signup');

    await signUp.goto();
    await signUp.signUp(user);

    await shell.waitForPath('/dashboard');
    await shell.main.getByText(user.fullName, { exact: false }).first().waitFor();
    await s.page.getByRole('button', { name: `User menu for ${user.fullName}` }).waitFor();
    await shell.waitForTitle('Dashboard - Stockroom');
    s.assertClean();
  });

  it("shows 'Passwords do not match' and stays on the form", async () => {
    const s = b.session();
    const signUp = new SignUpPage(s.page);
    const user = newUser('mismatch');

    await signUp.goto();
    await signUp.fill({ ...user, confirmPassword: `${user.password}x` });
    await signUp.submit.click();

    await signUp.expectText('Passwords do not match');
    expect(new URL(s.page.url()).pathname).toBe('/auth/signup');
    s.assertClean();
  });

  it('shows a taken email on the email field and stays on the form', async () => {
    const s = b.session();
    const signUp = new SignUpPage(s.page);
    const existing = await createUser('signuptaken');

    await signUp.goto();
    await signUp.signUp({ ...newUser('signuptaken'), email: existing.email.toUpperCase() });

    await signUp.waitForFieldError(signUp.email, AuthMessages.emailTaken);
    expect(new URL(s.page.url()).pathname).toBe('/auth/signup');
    s.assertClean();
  });

  it('names what a weak password misses, on the field and from the server, and stays on the form', async () => {
    const s = b.session();
    const signUp = new SignUpPage(s.page);
    const user = newUser('weak');

    await signUp.goto();
    await signUp.fill({ ...user, password: 'lamps4all' });
    await signUp.submit.click();
    await signUp.waitForFieldError(signUp.password, 'Password does not meet security requirements: it needs an upper-case letter and a special character');
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'auth-signup', `weak-password-${viewport.width}`);
    }

    // The server's answer names the same rules: its REST body as the form would get it past its own check.
    const answer = await s.page.request.post('/api/auth/signup', { data: { firstName: user.firstName, lastName: user.lastName, email: user.email, password: 'lamps4all' } });
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toMatchObject({ fields: { password: 'Password does not meet security requirements: it needs an upper-case letter and a special character' } });
    expect(new URL(s.page.url()).pathname).toBe('/auth/signup');
    s.assertClean();
  });
});
