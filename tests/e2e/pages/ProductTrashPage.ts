import type { Locator, Page } from 'playwright-core';
import { BasePage, exactText } from './BasePage';

/** The action button (Undo) of the toast showing exactly `message`. */
export function toastAction(page: Page, message: string, action: string): Locator {
  // The inner locator is looked for inside each toast: the message's own alert.
  const messageOf = page.getByRole('alert').filter({ hasText: exactText(message) });
  return page.getByRole('region', { name: 'Notifications' }).locator('.bp6-toast').filter({ has: messageOf }).getByRole('button', { name: action, exact: true });
}

/** /products/trash: deleted products, each with Restore and Delete forever, and Empty trash. */
export class ProductTrashPage extends BasePage {
  readonly heading = this.page.getByRole('heading', { name: 'Trash', level: 1 });
  readonly emptyTrash = this.page.getByRole('button', { name: 'Empty trash', exact: true });
  readonly backToProducts = this.page.getByRole('link', { name: 'Back to Products', exact: true });
  readonly list = this.page.getByRole('region', { name: 'Trash' });
  readonly table = this.list.getByRole('table', { name: 'Deleted products' });
  readonly rows = this.table.locator('tbody > tr');
  readonly isEmpty = this.list.getByRole('heading', { name: 'The trash is empty' });
  readonly confirmDialog = this.page.getByRole('alertdialog');
  readonly pagination = this.page.getByRole('navigation', { name: 'Pagination' });

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/products/trash${query}`);
    await this.ready();
  }

  /** The page is up and the trash has loaded (rows, or the empty state). */
  async ready(): Promise<void> {
    await this.heading.waitFor();
    await this.waitForTitle('Trash - Stockroom');
    await this.rows.first().or(this.isEmpty).waitFor();
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('rowheader', { name: exactText(name) }) });
  }

  /** The names listed, in order. */
  async names(): Promise<string[]> {
    return (await this.table.getByRole('rowheader').allInnerTexts()).map((text) => text.trim());
  }

  /** Waits until the trash lists exactly `expected`, in that order; [] waits for the empty state. */
  async waitForNames(expected: readonly string[], timeout = 15_000): Promise<void> {
    if (expected.length === 0) {
      await this.isEmpty.waitFor({ timeout });
      return;
    }
    await this.page.waitForFunction(
      (names) => {
        const shown = Array.from(document.querySelectorAll('table[aria-label="Deleted products"] tbody th')).map((cell) => (cell as HTMLElement).innerText.trim());
        return JSON.stringify(shown) === JSON.stringify(names);
      },
      [...expected],
      { timeout },
    );
  }

  /** The row's cells as shown: SKU, deleted, deleted for good (on a phone each with its label before it). */
  async cells(name: string): Promise<string[]> {
    return (await this.row(name).getByRole('cell').allInnerTexts()).map((text) => text.trim());
  }

  restoreButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Restore: ${name}`, exact: true });
  }

  purgeButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Delete forever: ${name}`, exact: true });
  }

  /** Delete forever from the row, confirmed in the alert. */
  async purge(name: string): Promise<void> {
    await this.purgeButton(name).click();
    await this.confirmDialog.waitFor();
    await this.confirmDialog.getByRole('button', { name: 'Delete forever', exact: true }).click();
    await this.confirmDialog.waitFor({ state: 'hidden' });
  }

  /** Empty trash, confirmed in the alert. */
  async empty(): Promise<void> {
    await this.emptyTrash.click();
    await this.confirmDialog.waitFor();
    await this.confirmDialog.getByRole('button', { name: 'Empty trash', exact: true }).click();
    await this.confirmDialog.waitFor({ state: 'hidden' });
  }
}
