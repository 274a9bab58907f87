import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH } from './support/no-violations';
import { saveScreenshot } from './support/screen-checks';
import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { createUser } from './support/api';
import { SignInPage } from './pages/SignInPage';
import { AppShell } from './pages/AppShell';

/** The public routes, their redirects and page titles, as a visitor meets them. */
describe('routes and titles', () => {
  const b = useBrowser();

  it('redirects /auth to /auth/login and unknown paths to /', async () => {
    const s = b.session();
    const shell = new AppShell(s.page);
    await s.page.goto('/auth');
    await shell.waitForPath('/auth/login');
    await new SignInPage(s.page).ready();

    await s.page.goto('/no/such/page');
    await shell.waitForPath('/');
    await shell.brand.waitFor();
    s.assertClean();
  });

  it('gives each public screen a "<Screen> - Stockroom" title', async () => {
    const s = b.session();
    const shell = new AppShell(s.page);
    const screens: Array<[string, string]> = [
      ['/', 'Home - Stockroom'],
      ['/auth/login', 'Sign In - Stockroom'],
      ['/auth/signup', 'Sign Up - Stockroom'],
      ['/auth/forgot-password', 'Forgot Password - Stockroom'],
      ['/auth/reset-password', 'Reset Password - Stockroom'],
      ['/404', 'Page Not Found - Stockroom'],
      // An invitation's link, read before signing in (an unknown token says it is no longer valid).
      ['/invitations/no-such-token', 'Invitation - Stockroom'],
    ];
    for (const [path, title] of screens) {
      await s.page.goto(path);
      await shell.waitForTitle(title);
    }
    s.assertClean();
  });

  it('guards /products, /workspace/members and /profile/edit; shows Help with real text when signed in', async () => {
    const s = b.session();
    const user = await createUser('routes');
    const shell = new AppShell(s.page);
    for (const path of ['/products', '/workspace/members', '/profile/edit']) {
      await s.page.goto(path);
      await shell.waitForPath('/auth/login', `?returnUrl=${encodeURIComponent(path)}`);
    }
    const signIn = new SignInPage(s.page);
    await signIn.ready();
    await signIn.signIn(user.email, user.password);
    await shell.waitForPath('/profile/edit');

    await s.page.goto('/help');
    await shell.waitForTitle('Help - Stockroom');
    const helpText = (await shell.main.innerText()).trim();
    expect(helpText.length).toBeGreaterThan(200);
    // Today's app: each of its features has its section, in the words its screens use.
    const headings = await shell.main.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings).toEqual(['Your account', 'Products', 'Workspaces and roles', 'Stock: adjusting and counting', 'Installing the app and working offline', 'Import, export and bulk changes', 'Labels and barcodes', 'The trash', 'Forgotten password', 'API access']);
    for (const words of ['Adjust stock', 'Count stock', 'Print label', 'API token', 'Webhooks', 'Stockroom-Signature', 'Trash', '30 days', '1,234 is refused']) expect([words, helpText.includes(words)]).toEqual([words, true]);
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'help', `help-${viewport.width}`);
    }
    s.assertClean();
  });
});
