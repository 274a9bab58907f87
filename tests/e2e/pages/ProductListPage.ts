import type { Locator } from 'playwright-core';
import { BasePage, exactText } from './BasePage';

/** Waits until `locator` shows exactly `text`; on timeout says what it showed instead. */
export async function waitForExactText(locator: Locator, text: string, timeout = 15_000): Promise<void> {
  try {
    await locator.filter({ hasText: exactText(text) }).first().waitFor({ state: 'visible', timeout });
  } catch (err) {
    const shown = await locator.allInnerTexts().catch(() => ['(unreadable)']);
    throw new Error(`expected ${locator} to show ${JSON.stringify(text)}, it shows ${JSON.stringify(shown)}\n${(err as Error).message}`);
  }
}

/**
 * The text an element shows and whether any of it is cut off: the element or
 * its parent (a Blueprint Tag's text span ellipsizes inside the tag) is
 * narrower than its content.
 */
export async function shownText(locator: Locator): Promise<{ text: string; clipped: boolean }> {
  await locator.waitFor();
  return locator.evaluate((el) => {
    const boxes = [el, el.parentElement].filter((e): e is HTMLElement => e instanceof HTMLElement);
    return { text: (el as HTMLElement).innerText.trim(), clipped: boxes.some((e) => e.scrollWidth > e.clientWidth) };
  });
}

export type StockFilterOption = 'All' | 'In Stock' | 'Low Stock' | 'Out of Stock';
export type SortField = 'Name' | 'Price' | 'Date';
export type SortDirection = 'Ascending' | 'Descending';
/** The table's sortable column headers. */
export type SortColumn = 'Product' | 'Price' | 'Created';
export type RowAction = 'View' | 'Edit' | 'Delete';

/** The four stats cards as the user reads them (formatted text). */
export interface StatsFigures {
  total: string;
  inStock: string;
  outOfStock: string;
  value: string;
}

const STAT_IDS: Record<keyof StatsFigures, string> = {
  total: 'stat-total-products',
  inStock: 'stat-in-stock',
  outOfStock: 'stat-out-of-stock',
  value: 'stat-inventory-value',
};
const STAT_LABELS: Record<keyof StatsFigures, string> = {
  total: 'Total Products',
  inStock: 'In Stock',
  outOfStock: 'Out of Stock',
  value: 'Inventory Value',
};

/** /products: Product Management. */
export class ProductListPage extends BasePage {
  readonly heading = this.page.getByRole('heading', { name: 'Product Management', level: 1 });
  readonly addNewProduct = this.page.getByRole('link', { name: 'Add New Product', exact: true });

  readonly toolbar = this.page.getByRole('search', { name: 'Search and filter products' });
  readonly search = this.toolbar.getByRole('searchbox', { name: 'Search products' });
  readonly stockFilter = this.toolbar.getByRole('radiogroup', { name: 'Stock filter' });
  readonly category = this.toolbar.getByRole('combobox', { name: 'Category' });
  readonly sortBy = this.toolbar.getByRole('combobox', { name: 'Sort by' });
  readonly sortOrder = this.toolbar.getByRole('combobox', { name: 'Sort order' });
  readonly viewToggle = this.toolbar.getByRole('radiogroup', { name: 'View' });
  /** The toolbar's Clear Filters (the no-match empty state has its own). */
  readonly clearFilters = this.toolbar.getByRole('button', { name: 'Clear Filters' });
  /** On a phone: the one button that shows and hides the controls and the statistics. */
  readonly moreToggle = this.toolbar.getByRole('button', { name: /^Filters( \(\d+ set\))? and stats$/ });
  /** The toolbar's Export button and the menu it opens (CSV, Excel). */
  readonly exportButton = this.toolbar.getByRole('button', { name: 'Export', exact: true });
  readonly exportMenu = this.page.getByRole('menu', { name: 'Export the list as' });

  readonly list = this.page.getByRole('region', { name: 'Product list' });
  readonly table = this.list.getByRole('table', { name: 'Products' });
  readonly rows = this.table.locator('tbody > tr');
  /** Cards, or on a narrow screen the table view's compact rows (both a list named Products). */
  readonly cards = this.list.getByRole('list', { name: 'Products' }).getByRole('listitem');
  readonly compactRows = this.list.locator('ul.product-rows > li');

  readonly pagination = this.page.getByRole('navigation', { name: 'Pagination' });
  readonly summary = this.pagination.getByRole('status');
  readonly pageOf = this.pagination.getByText(/^Page \d+ of \d+$/);
  readonly previous = this.pagination.getByRole('button', { name: 'Previous' });
  readonly next = this.pagination.getByRole('button', { name: 'Next' });
  readonly firstPage = this.pagination.getByRole('button', { name: 'First page', exact: true });
  readonly lastPage = this.pagination.getByRole('button', { name: 'Last page', exact: true });
  readonly goToPage = this.pagination.getByRole('textbox', { name: 'Go to page' });
  readonly go = this.pagination.getByRole('button', { name: 'Go', exact: true });
  readonly pageSize = this.pagination.getByRole('combobox', { name: 'Page size' });

  /** Empty catalogue. */
  readonly noProductsYet = this.list.getByText('No products yet', { exact: true });
  readonly addFirstProduct = this.list.getByRole('link', { name: 'Add Your First Product' });
  /** Search or filter without a match. */
  readonly noMatch = this.list.getByText('No matching products', { exact: true });
  readonly noMatchClearFilters = this.list.getByRole('button', { name: 'Clear Filters' });

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/products${query}`);
    await this.ready();
  }

  /** The page is up and the list has loaded (rows, or one of the empty states). */
  async ready(): Promise<void> {
    await this.heading.waitFor();
    await this.waitForTitle('Product Management - Stockroom');
    await this.table.or(this.noProductsYet).or(this.noMatch).or(this.cards.first()).first().waitFor();
  }

  /** Shows the controls and statistics a phone folds away; a wider screen shows them already. */
  async unfold(): Promise<void> {
    if (!(await this.moreToggle.isVisible())) return;
    if ((await this.moreToggle.getAttribute('aria-expanded')) === 'false') await this.moreToggle.click();
    await this.stockFilter.waitFor();
  }

  stockOption(option: StockFilterOption): Locator {
    return this.stockFilter.getByRole('radio', { name: option, exact: true });
  }

  async filterStock(option: StockFilterOption): Promise<void> {
    await this.unfold();
    await this.stockOption(option).click();
  }

  /** The checked option of the stock filter. */
  async checkedStockOption(): Promise<string> {
    return (await this.stockFilter.getByRole('radio', { checked: true }).innerText()).trim();
  }

  async sort(field: SortField, direction?: SortDirection): Promise<void> {
    await this.unfold();
    await this.sortBy.selectOption({ label: field });
    if (direction) await this.sortOrder.selectOption({ label: direction });
  }

  /** A sortable column header (the th, which carries aria-sort) and its button. */
  sortHeader(column: SortColumn): Locator {
    return this.table.getByRole('columnheader', { name: column });
  }

  sortButton(column: SortColumn): Locator {
    return this.sortHeader(column).getByRole('button');
  }

  async selectedLabel(select: Locator): Promise<string> {
    return select.evaluate((el) => {
      const s = el as HTMLSelectElement;
      return s.options[s.selectedIndex]?.label ?? '';
    });
  }

  // Rows -------------------------------------------------------------------

  /** The table row of one product, found by its name link. */
  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  viewButton(name: string): Locator {
    return this.list.getByRole('link', { name: `View ${name}`, exact: true });
  }

  editButton(name: string): Locator {
    return this.list.getByRole('link', { name: `Edit ${name}`, exact: true });
  }

  deleteButton(name: string): Locator {
    return this.list.getByRole('button', { name: `Delete ${name}`, exact: true });
  }

  /** The actions menu button of a compact row (narrow screens). */
  actionsMenuButton(name: string): Locator {
    return this.list.getByRole('button', { name: `Actions for ${name}`, exact: true });
  }

  /** An open actions menu's item. */
  menuItem(name: string, action: RowAction): Locator {
    return this.page.getByRole('menu', { name: `Actions for ${name}` }).getByRole('menuitem', { name: action, exact: true });
  }

  /**
   * One row action however the list shows it: the row's own button (table,
   * cards), or on a narrow screen the item of the row's actions menu, opened
   * with a tap or click.
   */
  async action(name: string, action: RowAction, how: 'tap' | 'click' = 'click'): Promise<Locator> {
    const own = action === 'Delete' ? this.deleteButton(name) : action === 'View' ? this.viewButton(name) : this.editButton(name);
    const menu = this.actionsMenuButton(name);
    await own.or(menu).first().waitFor();
    if (await own.isVisible()) return own;
    await (how === 'tap' ? menu.tap() : menu.click());
    const item = this.menuItem(name, action);
    await item.waitFor();
    return item;
  }

  /** The card of one product (cards view), found by its name heading. */
  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  /** The In Stock / Out of Stock badge on a product's card. */
  cardStockBadge(name: string): Locator {
    return this.card(name).getByText(/^(In Stock|Out of Stock)$/);
  }

  /** The product names in the table (or its compact rows on a narrow screen), top to bottom. */
  async names(): Promise<string[]> {
    return this.list.evaluate((region) =>
      [...region.querySelectorAll('table tbody > tr, ul.product-rows > li')].map((r) =>
        ((r.matches('tr') ? (r.querySelector('td a') ?? r.querySelector('td')) : r.querySelector('.product-row__name'))?.textContent ?? '').trim(),
      ),
    );
  }

  /** Waits until the table lists exactly these names in this order. */
  async waitForNames(expected: readonly string[], timeout = 15_000): Promise<void> {
    try {
      await this.page.waitForFunction(
        (want) => {
          const region = document.querySelector('section[aria-label="Product list"]');
          if (!region || region.getAttribute('aria-busy') === 'true') return false;
          const got = [...region.querySelectorAll('table tbody > tr, ul.product-rows > li')].map((r) =>
            // The name's link, not its whole cell, which also holds the SKU and barcode.
            ((r.matches('tr') ? (r.querySelector('td a') ?? r.querySelector('td:not(.product-table__select)')) : r.querySelector('.product-row__name'))?.textContent ?? '').trim(),
          );
          return got.length === want.length && got.every((name, i) => name === want[i]);
        },
        expected,
        { timeout },
      );
    } catch (err) {
      throw new Error(`expected the list to show ${JSON.stringify(expected)}, it lists ${JSON.stringify(await this.names())}\n${(err as Error).message}`);
    }
  }

  /** Waits for 'Showing X of Y products'. */
  async waitForSummary(shown: number, total: number): Promise<void> {
    await waitForExactText(this.summary, `Showing ${shown} of ${total} products`);
  }

  async waitForPage(page: number, of: number): Promise<void> {
    await waitForExactText(this.pageOf, `Page ${page} of ${of}`);
  }

  /** The text of each cell in one product's row after its checkbox, trimmed (0-based as in `column`: 0 is the name). */
  async rowCells(name: string): Promise<string[]> {
    return (await this.row(name).locator('td:not(.product-table__select)').allInnerTexts()).map((text) => text.trim());
  }

  /** The text in one column of every row (0-based cell index after the checkbox). */
  async column(index: number): Promise<string[]> {
    return this.rows.evaluateAll((rows, i) => rows.map((r) => (r.querySelectorAll('td:not(.product-table__select)')[i]?.textContent ?? '').trim()), index);
  }

  // Stats ------------------------------------------------------------------

  readonly stats = this.page.getByRole('region', { name: 'Product statistics' });

  statCard(key: keyof StatsFigures): Locator {
    return this.stats.getByTestId(STAT_IDS[key]);
  }

  /** The figure under a stat's label: empty until the real one has loaded. */
  statValue(key: keyof StatsFigures): Locator {
    return this.statCard(key).getByRole('definition');
  }

  /** What the stats show now: the region's and each card's aria-busy, and each card's figure text. */
  async statsState(): Promise<{ busy: string | null; cards: Record<keyof StatsFigures, { busy: string | null; figure: string }> }> {
    const cards = {} as Record<keyof StatsFigures, { busy: string | null; figure: string }>;
    for (const key of Object.keys(STAT_IDS) as (keyof StatsFigures)[]) {
      cards[key] = {
        busy: await this.statCard(key).getAttribute('aria-busy'),
        figure: ((await this.statValue(key).textContent()) ?? '').trim(),
      };
    }
    return { busy: await this.stats.getAttribute('aria-busy'), cards };
  }

  /** Waits until each given stats card shows the expected figure, and checks its label. */
  async waitForStats(expected: Partial<StatsFigures>): Promise<void> {
    await this.unfold();
    for (const key of Object.keys(expected) as (keyof StatsFigures)[]) {
      await waitForExactText(this.statCard(key).getByRole('term'), STAT_LABELS[key]);
      await waitForExactText(this.statValue(key), expected[key]!);
    }
  }

  // Delete -----------------------------------------------------------------

  readonly confirmDialog = this.page.getByRole('alertdialog');

  async openDeleteConfirmation(name: string): Promise<Locator> {
    await (await this.action(name, 'Delete')).click();
    await this.confirmDialog.waitFor();
    return this.confirmDialog;
  }

  /** Delete from the row, confirmed in the alert. */
  async deleteProduct(name: string): Promise<void> {
    const dialog = await this.openDeleteConfirmation(name);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
