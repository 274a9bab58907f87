import { useBrowser } from './support/browser';
import { createUser } from './support/api';
import { SignInPage } from './pages/SignInPage';
import { AppShell } from './pages/AppShell';

describe('sessions', () => {
  const b = useBrowser();

  it('signs in, then signs out from the user menu to /auth/login', async () => {
    const s = b.session();
    const user = await createUser('signout');
    const signIn = new SignInPage(s.page);
    const shell = new AppShell(s.page);

    await signIn.goto();
    await signIn.signIn(user.email, user.password);
    await shell.waitForPath('/dashboard');
    await shell.brand.waitFor();

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
});
