import type { Locator, Page } from 'playwright-core';

/** A regular expression matching exactly `text` (after whitespace trimming). */
export function exactText(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

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

  /**
   * Waits until the client has rendered over the route's build-time shell. The shell's forms
   * are inert and its title already the page's, so a form can look ready before it is: a file
   * set on the shell's input (setInputFiles does not wait for it to be usable) is lost.
   */
  async waitForLiveForms(): Promise<void> {
    await this.page.waitForFunction(() => document.querySelector('form[inert]') === null);
  }

  /**
   * Waits until the <img> has loaded a real picture (complete, naturalWidth > 0)
   * from a path starting with `pathPrefix`; returns that path.
   */
  async waitForImageLoaded(img: Locator, pathPrefix = '/'): Promise<string> {
    await this.page.waitForFunction(
      ([el, prefix]) => {
        const image = el as HTMLImageElement;
        return new URL(image.src).pathname.startsWith(prefix) && image.complete && image.naturalWidth > 0;
      },
      [await img.elementHandle(), pathPrefix] as const,
    );
    return img.evaluate((el) => new URL((el as HTMLImageElement).src).pathname);
  }

  /** The message the field shows now, or null. */
  async fieldError(field: Locator): Promise<string | null> {
    return field.evaluate((input) => {
      if (input.getAttribute('aria-invalid') !== 'true') return null;
      const id = input.getAttribute('aria-describedby');
      return (id && document.getElementById(id)?.textContent?.trim()) || '(invalid, without a message)';
    });
  }

  /**
   * Waits until the field is marked invalid and its accessible description
   * (the element `aria-describedby` points at) reads exactly `message`.
   */
  async waitForFieldError(field: Locator, message: string): Promise<void> {
    const handle = await field.elementHandle();
    try {
      await this.page.waitForFunction(
        ([el, msg]) => {
          const input = el as HTMLElement;
          const describedBy = input.getAttribute('aria-describedby');
          const text = describedBy ? document.getElementById(describedBy)?.textContent?.trim() : undefined;
          return input.getAttribute('aria-invalid') === 'true' && text === msg;
        },
        [handle, message] as const,
      );
    } catch (err) {
      throw new Error(`expected ${field} to show ${JSON.stringify(message)}; it shows ${JSON.stringify(await this.fieldError(field))}\n${(err as Error).message}`);
    }
  }
}
