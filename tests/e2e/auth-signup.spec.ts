import { useBrowser } from './support/browser';
import { AuthMessages } from '@stockroom/schema';
import { createUser, newUser } from './support/api';
import { SignUpPage } from './pages/SignUpPage';
import { AppShell } from './pages/AppShell';

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
});
