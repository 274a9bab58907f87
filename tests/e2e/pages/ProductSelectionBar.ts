import type { Locator, Page } from 'playwright-core';

export type BulkAction = 'Set category' | 'Set price' | 'Change price by %' | 'Set reorder level' | 'Adjust stock' | 'Feature' | 'Unfeature' | 'Print labels' | 'Delete';

/** The product list's selection: a checkbox per product, the page checkbox, and the bar of bulk actions above the list. */
export class ProductSelectionBar {
  readonly bar: Locator;
  readonly selectPage: Locator;
  readonly count: Locator;
  readonly clear: Locator;
  /** The one menu button the actions share on a phone. */
  readonly actionsMenuButton: Locator;
  readonly actionsMenu: Locator;

  constructor(readonly page: Page) {
    this.bar = page.getByRole('region', { name: 'Selection' });
    this.selectPage = this.bar.getByRole('checkbox', { name: 'Select all products on this page' });
    this.count = this.bar.locator('.product-selection__count');
    this.clear = this.bar.getByRole('button', { name: 'Clear selection', exact: true });
    this.actionsMenuButton = this.bar.getByRole('button', { name: 'Actions', exact: true });
    this.actionsMenu = page.getByRole('menu', { name: 'Actions on the selected products' });
  }

  /** A product's own checkbox, in the table, the cards or the compact rows. */
  checkbox(name: string): Locator {
    return this.page.getByRole('region', { name: 'Product list' }).getByRole('checkbox', { name: `Select ${name}`, exact: true });
  }

  /**
   * Ticks or unticks a checkbox as a person does, on the box they see: Blueprint's
   * checkbox draws its box on the label and keeps the input itself out of the way.
   */
  async toggle(checkbox: Locator, how: 'tap' | 'click' = 'click'): Promise<void> {
    const box = checkbox.locator('xpath=ancestor::label[1]');
    await (how === 'tap' ? box.tap() : box.click());
  }

  /** "Select all N matching" (N as the button says it). */
  selectAllMatching(): Locator {
    return this.bar.getByRole('button', { name: /^Select all .* matching$/ });
  }

  /** Runs an action from the bar: its own button on a desk, Delete or the actions menu's item on a phone. */
  async run(action: BulkAction, how: 'tap' | 'click' = 'click'): Promise<void> {
    const own = this.bar.getByRole('button', { name: action, exact: true });
    await own.or(this.actionsMenuButton).first().waitFor();
    if (await own.isVisible()) {
      await (how === 'tap' ? own.tap() : own.click());
      return;
    }
    await (how === 'tap' ? this.actionsMenuButton.tap() : this.actionsMenuButton.click());
    const item = this.actionsMenu.getByRole('menuitem', { name: action, exact: true });
    await (how === 'tap' ? item.tap() : item.click());
  }

  /** The open dialog of an action, by its title. */
  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title }).or(this.page.getByRole('alertdialog', { name: title }));
  }
}
