import type { Locator, Page } from 'playwright-core';
import { BasePage, exactText } from './BasePage';

/** A toast with exactly this message: a `role=alert` in the Notifications region (not an inline error box). */
export function toastLocator(page: Page, message: string): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByRole('alert').filter({ hasText: exactText(message) });
}

/** The button (Undo) beside the message of the toast with exactly this message: the alert is the message alone, the toast its parent. */
export function toastButton(page: Page, message: string, name: string): Locator {
  return toastLocator(page, message).locator('xpath=..').getByRole('button', { name, exact: true });
}

export class AppShell extends BasePage {
  readonly header = this.page.getByRole('banner');
  readonly brand = this.header.getByText('Stockroom', { exact: true });
  readonly footer = this.page.getByRole('contentinfo');
  readonly main = this.page.getByRole('main');
  readonly sideNav = this.page.getByRole('complementary', { name: 'Side navigation' });
  readonly menuButton = this.page.getByRole('button', { name: /(open|close) navigation/i });
  readonly userMenuButton = this.page.getByRole('button', { name: /^User menu/ });

  sideNavLink(name: 'Dashboard' | 'Products' | 'Profile' | 'Admin'): Locator {
    return this.sideNav.getByRole('link', { name, exact: true });
  }

  /**
   * Opens the user menu from a settled header and waits for the popover to settle: a header
   * still laying out (a new width, a name or workspace arriving) moves the popover, and a
   * click aimed at a moving item misses it.
   */
  async openUserMenu(): Promise<void> {
    await settledBox(this.userMenuButton);
    await this.userMenuButton.click();
    const menu = this.page.getByRole('menu').filter({ has: this.page.getByRole('menuitem', { name: 'Sign Out' }) });
    await menu.waitFor();
    await settledBox(menu);
  }

  async userMenuItem(name: 'Profile' | 'Help' | 'Sign Out'): Promise<Locator> {
    return this.page.getByRole('menuitem', { name, exact: true });
  }

  async signOut(): Promise<void> {
    await this.openUserMenu();
    await (await this.userMenuItem('Sign Out')).click();
    await this.waitForPath('/auth/login');
  }

  /**
   * Blueprint popovers are where layout bugs show first: once its opening
   * transition has settled, the user menu (identity block + items) must lie
   * inside the viewport, just below its button.
   */
  async expectUserMenuPlacedUnderItsButton(): Promise<void> {
    const menu = this.page.getByRole('menu').filter({ has: this.page.getByRole('menuitem', { name: 'Sign Out' }) });
    await menu.waitFor();
    const content = menu.locator('xpath=..'); // the popover content: identity block + menu
    const box = await settledBox(content);
    const button = (await this.userMenuButton.boundingBox())!;
    const viewport = this.page.viewportSize()!;
    expect(box.width).toBeGreaterThan(150); // not collapsed or still scaled down
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
    expect(box.y).toBeGreaterThanOrEqual(button.y + button.height - 2);
    expect(box.y).toBeLessThan(button.y + button.height + 40);
  }

  async isSideNavVisible(): Promise<boolean> {
    return this.sideNav.isVisible();
  }
}

/** The element's box once it stops moving (CSS transitions done), checked frame by frame. */
export async function settledBox(locator: Locator, timeoutMs = 5_000): Promise<{ x: number; y: number; width: number; height: number }> {
  const handle = await locator.elementHandle();
  if (!handle) throw new Error('element not found');
  return handle.evaluate(
    (el, timeout) =>
      new Promise<{ x: number; y: number; width: number; height: number }>((resolve, reject) => {
        const started = performance.now();
        let last = '';
        let stableFrames = 0;
        const tick = () => {
          const r = el.getBoundingClientRect();
          const key = [r.x, r.y, r.width, r.height].map((n) => n.toFixed(1)).join(',');
          stableFrames = key === last ? stableFrames + 1 : 0;
          last = key;
          if (stableFrames >= 5) return resolve({ x: r.x, y: r.y, width: r.width, height: r.height });
          if (performance.now() - started > timeout) return reject(new Error(`still moving after ${timeout} ms: ${key}`));
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    timeoutMs,
  );
}
