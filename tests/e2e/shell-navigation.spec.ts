import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { createUser, type TestUser } from './support/api';
import { SignInPage } from './pages/SignInPage';
import { AppShell, settledBox } from './pages/AppShell';
import type { GuardedSession } from './support/browser';
import { layoutSettled } from './support/screen-checks';

async function signedIn(s: GuardedSession, user: TestUser): Promise<AppShell> {
  const signIn = new SignInPage(s.page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  const shell = new AppShell(s.page);
  await shell.waitForPath('/dashboard');
  await shell.main.getByText(user.firstName, { exact: false }).first().waitFor();
  return shell;
}

describe('application shell', () => {
  const b = useBrowser();
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser('shell');
  });

  it('shows the brand, the footer and only a Home link when signed out', async () => {
    const s = b.session();
    const shell = new AppShell(s.page);
    await s.page.goto('/');
    await shell.brand.waitFor();
    await shell.footer.getByText('© 2024').waitFor();
    await shell.footer.getByText('All rights reserved').waitFor();
    await shell.header.getByRole('link', { name: 'Home', exact: true }).waitFor();
    expect(await shell.header.getByRole('link', { name: 'Dashboard', exact: true }).count()).toBe(0);
    expect(await shell.sideNav.count()).toBe(0);
    s.assertClean();
  });

  it('desktop: the side navigation is open beside the content by default', async () => {
    const s = await b.open(b.browser(), { viewport: DESKTOP });
    const shell = await signedIn(s, user);

    await shell.sideNav.waitFor({ state: 'visible' });
    await shell.sideNav.getByText('Navigation', { exact: true }).waitFor();
    for (const name of ['Dashboard', 'Products', 'Profile'] as const) await shell.sideNavLink(name).waitFor();

    const nav = await settledBox(shell.sideNav);
    const main = await settledBox(shell.main);
    expect(main.x).toBeGreaterThanOrEqual(nav.x + nav.width - 1); // side mode: content starts after it
    s.assertClean();
  });

  it('mobile (375 px): closed by default, opens over the content, closes when a link is tapped', async () => {
    const s = await b.open(b.browser(), { viewport: MOBILE, isMobile: true, hasTouch: true });
    const shell = await signedIn(s, user);

    expect(await shell.isSideNavVisible()).toBe(false);
    const mainBefore = (await shell.main.boundingBox())!;

    await shell.menuButton.click();
    await shell.sideNav.waitFor({ state: 'visible' });
    await shell.sideNav.getByText('Navigation', { exact: true }).waitFor();
    const nav = await settledBox(shell.sideNav);
    const mainAfter = await settledBox(shell.main);
    // Over the content: the content did not move aside, and the panel covers part of it.
    expect(mainAfter.x).toBe(mainBefore.x);
    expect(nav.x).toBeLessThan(mainAfter.x + mainAfter.width);
    expect(nav.x + nav.width).toBeGreaterThan(mainAfter.x);
    expect(Math.round(nav.width)).toBe(280); // 280 px at 480 px and below
    // The panel is on top at a point inside both it and the content.
    const onTop = await s.page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x, y)?.closest('#side-nav, aside'),
      [nav.x + nav.width / 2, Math.max(nav.y, mainAfter.y) + 20],
    );
    expect(onTop).toBe(true);

    await shell.sideNavLink('Products').tap();
    await shell.waitForPath('/products');
    await shell.sideNav.waitFor({ state: 'hidden' });
    s.assertClean();
  });

  it('user menu holds Profile, Help and Sign Out', async () => {
    const s = b.session();
    const shell = await signedIn(s, user);
    await shell.openUserMenu();
    for (const name of ['Profile', 'Help', 'Sign Out'] as const) await (await shell.userMenuItem(name)).waitFor();
    await shell.expectUserMenuPlacedUnderItsButton();
    await s.page.getByText(user.email, { exact: true }).first().waitFor();
    await s.page.getByText('Member', { exact: true }).first().waitFor();
    await (await shell.userMenuItem('Help')).click();
    await shell.waitForPath('/help');
    s.assertClean();
  });

  it("a desk's window narrowed to a phone's width closes the column without opening the overlay or moving focus; widened, it is back", async () => {
    const s = await b.open(b.browser(), { viewport: DESKTOP });
    const shell = await signedIn(s, user);
    await shell.sideNav.waitFor({ state: 'visible' });
    await shell.main.focus();
    // What the narrowing does on its way: the overlay (or its backdrop) in the page at any moment, and every move of focus.
    await s.page.evaluate(() => {
      const seen = { overlay: false, focus: [] as string[] };
      (window as unknown as { narrowing: typeof seen }).narrowing = seen;
      new MutationObserver(() => {
        if (document.querySelector('.side-nav__backdrop, .side-nav--overlay.side-nav--open')) seen.overlay = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
      document.addEventListener('focusin', (event) => seen.focus.push((event.target as Element).outerHTML.slice(0, 80)));
    });

    await s.page.setViewportSize(MOBILE);
    await layoutSettled(s.page);
    expect(await s.page.evaluate(() => (window as unknown as { narrowing: unknown }).narrowing)).toEqual({ overlay: false, focus: [] });
    expect(await shell.main.evaluate((main) => main === document.activeElement)).toBe(true);
    expect(await shell.isSideNavVisible()).toBe(false);

    await s.page.setViewportSize(DESKTOP);
    await shell.sideNav.waitFor({ state: 'visible' });
    const nav = await settledBox(shell.sideNav);
    expect((await settledBox(shell.main)).x).toBeGreaterThanOrEqual(nav.x + nav.width - 1);
    s.assertClean();
  });

  it('mobile: the user menu popover opens on screen, under its button', async () => {
    const s = await b.open(b.browser(), { viewport: MOBILE, isMobile: true, hasTouch: true });
    const shell = await signedIn(s, user);
    await shell.openUserMenu();
    await shell.expectUserMenuPlacedUnderItsButton();
    s.assertClean();
  });

  it('breakpoint: closed by default at 768 px (320 px wide when open), open beside the content at 769 px', async () => {
    const tablet = await b.open(b.browser(), { viewport: { width: 768, height: 1024 } });
    const shell = await signedIn(tablet, user);
    expect(await shell.isSideNavVisible()).toBe(false);
    await shell.menuButton.click();
    await shell.sideNav.waitFor({ state: 'visible' });
    expect(Math.round((await settledBox(shell.sideNav)).width)).toBe(320); // 320 px at 768 px and below
    tablet.assertClean();

    const wide = await b.open(b.browser(), { viewport: { width: 769, height: 1024 } });
    const wideShell = await signedIn(wide, user);
    await wideShell.sideNav.waitFor({ state: 'visible' });
    expect(Math.round((await settledBox(wideShell.sideNav)).width)).toBe(280);
    wide.assertClean();
  });
});
