import type { Page } from 'playwright-core';
import { createProductApi, signedInUser } from './support/api';
import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { signedInAdmin } from './support/promote-user';
import { AppShell } from './pages/AppShell';
import { DashboardPage } from './pages/DashboardPage';
import { ProductDetailPage } from './pages/ProductDetailPage';

/** What has focus now: its role-ish tag, accessible text and whether it lies inside `within` (a CSS selector). */
async function focused(page: Page, within?: string): Promise<{ text: string; inside: boolean; tag: string }> {
  return page.evaluate((selector) => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.innerText || el?.getAttribute('aria-label') || '').trim(),
      inside: Boolean(el && selector && el.closest(selector)),
    };
  }, within);
}

async function waitForFocusText(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => ((document.activeElement as HTMLElement | null)?.innerText ?? '').trim() === t, text);
}

describe('keyboard paths', () => {
  const b = useBrowser();

  it('the user menu: arrow keys move through it, Escape closes it and gives focus back to its button', async () => {
    const s = b.session();
    await signedInUser(s, 'kbd-menu');
    const shell = new AppShell(s.page);
    const dashboard = new DashboardPage(s.page);
    await dashboard.goto();

    await shell.userMenuButton.focus();
    await s.page.keyboard.press('Enter');
    await waitForFocusText(s.page, 'Profile');
    await s.page.keyboard.press('ArrowDown');
    await waitForFocusText(s.page, 'Help');
    await s.page.keyboard.press('ArrowUp');
    await waitForFocusText(s.page, 'Profile');
    await s.page.keyboard.press('ArrowUp'); // wraps to the last item
    await waitForFocusText(s.page, 'Sign Out');
    await s.page.keyboard.press('Home');
    await waitForFocusText(s.page, 'Profile');
    await s.page.keyboard.press('End');
    await waitForFocusText(s.page, 'Sign Out');

    await s.page.keyboard.press('Escape');
    await s.page.getByRole('menuitem', { name: 'Sign Out' }).waitFor({ state: 'hidden' });
    await s.page.waitForFunction(() => document.activeElement?.classList.contains('user-menu__target') === true);

    // ArrowDown on the button opens the menu too, on its first item.
    await s.page.keyboard.press('ArrowDown');
    await waitForFocusText(s.page, 'Profile');
    await s.page.keyboard.press('Escape');
    await s.page.waitForFunction(() => document.activeElement?.classList.contains('user-menu__target') === true);
    s.assertClean();
  });

  it('the user menu: the button is named by the text it shows', async () => {
    const s = b.session();
    await signedInUser(s, 'kbd-name');
    const shell = new AppShell(s.page);
    await new DashboardPage(s.page).goto();
    const name = await shell.userMenuButton.evaluate((el) => el.getAttribute('aria-label'));
    expect(name).toBeNull();
    await expect(shell.userMenuButton.innerText()).resolves.toMatch(/^(?:User menu for )?\w/);
    s.assertClean();
  });

  it('the delete dialog starts on Cancel, tabs to Delete next, and Escape gives focus back to the Delete button', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'kbd-delete');
    const product = await createProductApi(session, { name: 'Keyboard Tray', price: 30, quantity: 2 });
    const detail = new ProductDetailPage(s.page);
    await detail.goto(product.id);

    await detail.deleteProduct.focus();
    await s.page.keyboard.press('Enter');
    await detail.confirmDialog.waitFor();
    await waitForFocusText(s.page, 'Cancel');
    expect((await focused(s.page, '[role="alertdialog"]')).inside).toBe(true);
    await s.page.keyboard.press('Tab');
    await waitForFocusText(s.page, 'Delete');
    await s.page.keyboard.press('Shift+Tab');
    await waitForFocusText(s.page, 'Cancel');
    // Named by its question, described by what will happen.
    await s.page.getByRole('alertdialog', { name: 'Delete product?' }).waitFor();

    await s.page.keyboard.press('Escape');
    await detail.confirmDialog.waitFor({ state: 'hidden' });
    await s.page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.innerText.trim() === 'Delete Product');
    await detail.heading.waitFor(); // still there: Escape cancelled
    s.assertClean();
  });

  it('the deactivate dialog on /admin starts on Cancel too', async () => {
    const s = b.session();
    await signedInUser(await b.open(b.browser()), 'kbd-member');
    await signedInAdmin(s, 'kbd-admin');
    await s.page.goto('/admin');
    await s.page.getByRole('table', { name: 'Users' }).getByRole('button', { name: /^Deactivate/ }).first().click();
    await s.page.getByRole('alertdialog', { name: 'Deactivate account?' }).waitFor();
    await waitForFocusText(s.page, 'Cancel');
    await s.page.keyboard.press('Tab');
    await waitForFocusText(s.page, 'Deactivate');
    await s.page.keyboard.press('Escape');
    await s.page.getByRole('alertdialog').waitFor({ state: 'hidden' });
    s.assertClean();
  });

  it('the navigation drawer on a phone takes focus, keeps it while open and gives it back to its toggle', async () => {
    const s = b.session();
    await s.page.setViewportSize(MOBILE);
    await signedInUser(s, 'kbd-drawer');
    const shell = new AppShell(s.page);
    await new DashboardPage(s.page).goto();
    expect(await shell.isSideNavVisible()).toBe(false);

    await shell.menuButton.focus();
    await s.page.keyboard.press('Enter');
    await shell.sideNav.waitFor();
    await waitForFocusText(s.page, 'Dashboard');
    const links = await shell.sideNav.getByRole('link').allInnerTexts();
    expect(links.length).toBeGreaterThan(1);

    // Tab walks the drawer's links and wraps around; it never reaches the page behind.
    for (const text of [...links.slice(1), links[0]!]) {
      await s.page.keyboard.press('Tab');
      await waitForFocusText(s.page, text.trim());
      expect((await focused(s.page, '#side-nav')).inside).toBe(true);
    }
    await s.page.keyboard.press('Shift+Tab');
    await waitForFocusText(s.page, links[links.length - 1]!.trim());

    await s.page.keyboard.press('Escape');
    await shell.sideNav.waitFor({ state: 'hidden' });
    await s.page.waitForFunction(() => document.activeElement?.getAttribute('aria-controls') === 'side-nav');

    // Following a link closes the drawer and takes focus to the new page's content (not back to the page's top).
    await s.page.keyboard.press('Enter');
    await shell.sideNav.waitFor();
    await waitForFocusText(s.page, 'Dashboard');
    await s.page.keyboard.press('Tab');
    await waitForFocusText(s.page, 'Products');
    await s.page.keyboard.press('Enter');
    await shell.waitForPath('/products');
    await shell.sideNav.waitFor({ state: 'hidden' });
    await s.page.waitForFunction(() => document.activeElement?.id === 'main-content');
    s.assertClean();
  });

  it('a skip link is the first Tab stop, shows when focused, and takes focus to the content', async () => {
    const s = b.session();
    await s.page.setViewportSize(DESKTOP);
    await signedInUser(s, 'kbd-skip');
    await new DashboardPage(s.page).goto();
    const path = new URL(s.page.url()).pathname;

    await s.page.keyboard.press('Tab');
    const skip = s.page.getByRole('link', { name: 'Skip to content' });
    await s.page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.innerText.trim() === 'Skip to content');
    const box = (await skip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);

    await s.page.keyboard.press('Enter');
    await s.page.waitForFunction(() => document.activeElement?.id === 'main-content');
    expect(new URL(s.page.url()).pathname).toBe(path);
    await s.page.keyboard.press('Tab');
    expect((await focused(s.page, 'main')).inside).toBe(true);
    s.assertClean();
  });
});
