import type { Locator } from 'playwright-core';
import { BasePage } from './BasePage';

/** The quick search: the header's Search button and the dialog it opens (also Ctrl+K / Cmd+K and /). */
export class QuickSearch extends BasePage {
  readonly button = this.page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
  readonly dialog = this.page.getByRole('dialog', { name: 'Quick search' });
  readonly input = this.dialog.getByRole('combobox', { name: 'Search products and pages' });
  readonly listbox = this.dialog.getByRole('listbox', { name: 'Results' });
  readonly status = this.dialog.getByRole('status');

  option(name: string | RegExp): Locator {
    return this.listbox.getByRole('option', { name });
  }

  /** The options' text in order, each "label" or "label detail". */
  async optionTexts(): Promise<string[]> {
    return this.listbox.getByRole('option').evaluateAll((options) => options.map((option) => (option as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  }

  /** The option the keyboard is on (aria-activedescendant), by its text. */
  async activeOption(): Promise<string | null> {
    return this.input.evaluate((input) => {
      const id = input.getAttribute('aria-activedescendant');
      const option = id ? document.getElementById(id) : null;
      return option ? (option as HTMLElement).innerText.replace(/\s+/g, ' ').trim() : null;
    });
  }

  /** Waits until the products part of the results shows for the text typed (the search is sent after a pause). */
  async waitForResults(): Promise<void> {
    await this.page.waitForFunction(() => {
      const status = document.querySelector('[role="dialog"] [role="status"]')?.textContent ?? '';
      return status !== '' && status !== 'Searching…' && !status.startsWith('Type to find');
    });
  }

  async waitForClosed(): Promise<void> {
    await this.dialog.waitFor({ state: 'detached' });
  }

  /** Whether the keyboard focus is on `locator`. */
  async isFocused(locator: Locator): Promise<boolean> {
    return locator.evaluate((el) => document.activeElement === el);
  }
}
