import type { Locator, Page } from 'playwright-core';

export abstract class BasePage {
  constructor(readonly page: Page) {}

  /** Waits until `text` is visible anywhere on the page. */
  async expectText(text: string | RegExp, timeout?: number): Promise<Locator> {
    const loc = this.page.getByText(text, { exact: typeof text === 'string' ? false : undefined }).first();
    await loc.waitFor({ state: 'visible', timeout });
    return loc;
  }

  /** Waits for a path (and optionally an exact query string). */
  async waitForPath(pathname: string, search?: string, timeout?: number): Promise<void> {
    await this.page.waitForURL(
      (url) => url.pathname === pathname && (search === undefined || url.search === search),
      { timeout },
    );
  }

  async waitForTitle(title: string): Promise<void> {
    await this.page.waitForFunction((t) => document.title === t, title);
  }
}
