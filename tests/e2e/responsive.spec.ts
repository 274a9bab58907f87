import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { useBrowser, type GuardedSession } from './support/browser';
import { saveScreenshot } from './support/screen-checks';
import { createProductsApi, createUserWithSession, useSessionInBrowser, type ApiSession } from './support/api';
import type { CreateProductInput, ProductRecord } from '../support/product-shapes';
import { DashboardPage } from './pages/DashboardPage';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { ProductListPage, waitForExactText } from './pages/ProductListPage';

/**
 * The product list, the product detail, the product form and the dashboard at
 * a phone's, a portrait tablet's, a landscape tablet's and a desk's width:
 * nothing sticks out sideways, every list action is reachable on a phone, and
 * the list's controls are big enough to tap. Each screen at each width is
 * saved to test-results/screenshots/<width>/<screen>.png for a reviewer.
 */

const WIDTHS = [375, 768, 1024, 1280] as const;
const HEIGHT = 900;
/** axe on the page's main content: the shell around it is checked by the accessibility spec. */
const MAIN_CONTENT = { include: 'main' };

/** The longest category name (50 characters), and one word: it must wrap or be cut, never widen a page. */
const LONG_CATEGORY = 'WarehouseShelvingAndHeavyDutyStorageRackAccessories'.slice(0, 50);
const LONG_NAME = 'Stainless steel adjustable shelving bracket with a very long descriptive name';
/** A long SKU in one word (hyphens are its only breaks) and the longest barcode, a GTIN-14, beside it in the list. */
const LONG_SKU = 'WAREHOUSE-SHELVING-BRACKET-STAINLESS-ADJUSTABLE-1200MM';
const LONG_BARCODE = '10012345678902';
/** The other barcode lengths, on the next three listed: EAN-13, UPC-A, EAN-8. */
const BARCODES = ['4006381333931', '036000291452', '96385074'];

/**
 * 24 products over four categories, each with a SKU; one worth $71,999,999.28
 * in stock, so the inventory value is a long figure; the newest (first listed)
 * has a long name, a long SKU and a GTIN-14, and is out of stock.
 */
const CATALOGUE: CreateProductInput[] = Array.from({ length: 24 }, (_, i) => ({
  name: i === 23 ? LONG_NAME : `Shelf part ${String(i + 1).padStart(2, '0')}`,
  description: `Part ${i + 1} for the stockroom shelves.`,
  price: i === 1 ? 999_999.99 : 5 + i,
  quantity: i === 1 ? 72 : i % 5 === 0 || i === 23 ? 0 : i,
  category: [LONG_CATEGORY, 'Hardware', 'Garden', 'Tools'][i % 4],
  sku: i === 23 ? LONG_SKU : `SP-${String(i + 1).padStart(4, '0')}`,
  barcode: i === 23 ? LONG_BARCODE : (BARCODES[22 - i] ?? null),
}));
const COUNTS = { total: '24', inStock: '18', outOfStock: '6' };
const VALUE = '$72,004,053.28';
/** The inventory value abbreviated, as the card shows it. */
const SHORT_VALUE = '$72M';

/**
 * How the inventory value shows at a width: whole where its card has the room
 * (a card of its own row on phones and tablets), abbreviated where it does not
 * (a fifth of a desk's row); at 320 px it is a matter of a few pixels.
 */
type ValueShown = 'whole' | 'abbreviated' | 'either';
const valueShownAt = (width: number): ValueShown => (width >= 1280 ? 'abbreviated' : width <= 320 ? 'either' : 'whole');

/**
 * The stats have loaded and the inventory value reads whole: on one line,
 * never broken inside the number nor cut by its card; when abbreviated, the
 * exact figure is there for screen readers and as its tooltip.
 */
async function expectStats(list: ProductListPage, width: number): Promise<void> {
  // A phone folds the stats away under the search box until asked.
  await list.unfold();
  await list.waitForStats(COUNTS);
  const value = list.statValue('value');
  const expected = valueShownAt(width);
  if (expected === 'abbreviated') await waitForExactText(value.locator('[aria-hidden="true"]'), SHORT_VALUE);
  if (expected === 'whole') await waitForExactText(value, VALUE);
  const figure = await value.evaluate((el) => ({
    lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
    clipped: el.scrollWidth > el.clientWidth,
    abbreviated: el.querySelector('[aria-hidden="true"]') !== null,
    forScreenReaders: (el.querySelector('.visually-hidden') ?? el).textContent,
    title: el.querySelector('[title]')?.getAttribute('title') ?? null,
  }));
  const abbreviated = expected === 'either' ? figure.abbreviated : expected === 'abbreviated';
  expect(figure).toEqual({ lines: 1, clipped: false, abbreviated, forScreenReaders: VALUE, title: abbreviated ? VALUE : null });
}

/** What sticks out past the right edge of the screen, named by tag and class so a failure says where to look. */
async function overflowOf(page: Page): Promise<{ scrollWidth: number; innerWidth: number; sticksOut: string[] }> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const visible = (el: Element) => {
      if (el.closest('.visually-hidden, [hidden], [aria-hidden="true"] svg')) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    /** The right edge of what shows of an element: a box an ancestor clips (overflow other than visible) ends where that ancestor does. */
    const shownRight = (el: Element) => {
      let right = el.getBoundingClientRect().right;
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') right = Math.min(right, parent.getBoundingClientRect().right);
      }
      return right;
    };
    const sticksOut = [...document.body.querySelectorAll('*')]
      .filter((el) => visible(el) && shownRight(el) > innerWidth + 0.5)
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').trim().replace(/\s+/g, '.')}`);
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth, sticksOut };
  });
}

async function expectNoOverflow(page: Page, width: number, screen: string): Promise<void> {
  const layout = await overflowOf(page);
  expect({ screen, ...layout }).toEqual({ screen, scrollWidth: layout.innerWidth, innerWidth: width, sticksOut: [] });
}

/** Visible and wholly on screen. */
async function expectOnScreen(locator: Locator, width: number): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  expect({ what: String(locator), left: box.x >= 0, right: box.x + box.width <= width + 0.5 }).toEqual({ what: String(locator), left: true, right: true });
}

/** Every visible control of the list (buttons, links styled as buttons, inputs, selects, the segmented options) smaller than 44 px either way. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('.products-page');
    if (!root) return ['no .products-page'];
    const controls = [...root.querySelectorAll('button, a, input, select, [role="radio"]')];
    return controls
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && !el.closest('.visually-hidden');
      })
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.height < 44 || box.width < 44;
      })
      .map((el) => {
        const box = el.getBoundingClientRect();
        const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30);
        return `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`;
      });
  });
}

describe('responsive: list, detail, form and dashboard at 375, 768, 1024 and 1280 px', () => {
  const b = useBrowser({ sessionPerTest: false });
  let session: ApiSession;
  let products: ProductRecord[];

  beforeAll(async () => {
    ({ session } = await createUserWithSession('responsive'));
    products = await createProductsApi(session, CATALOGUE);
  });

  async function open(width: number): Promise<GuardedSession> {
    const phone = width <= 768;
    const s = await b.open(b.browser(), { viewport: { width, height: HEIGHT }, isMobile: phone, hasTouch: phone });
    await useSessionInBrowser(s.context, session);
    return s;
  }

  /** axe-core on a loaded machine takes several seconds a run. */
  const AXE_TIMEOUT = 120_000;
  /** The widths at which axe checks the list's main content here (a phone's is checked below, with its compact rows and cards): the table at both, the cards at the widest. */
  const AXE_TABLE_WIDTHS: readonly number[] = [1024, 1280];
  const AXE_CARDS_WIDTH = 1280;

  describe.each(WIDTHS)('%i px', (width) => {
    // One visit serves the layout checks and, at the widths listed above, axe: the list loads once per width.
    it('product list (table view and cards): nothing sticks out sideways, the inventory value reads whole (and axe finds nothing at 1024 and 1280 px)', async () => {
      const s = await open(width);
      const list = new ProductListPage(s.page);
      await list.goto();
      await list.waitForSummary(10, 24);
      await expectStats(list, width);
      await saveScreenshot(s.page, String(width), 'product-list');
      await expectNoOverflow(s.page, width, 'list');
      if (AXE_TABLE_WIDTHS.includes(width)) await expectNoAxeViolations(s.page, `list at ${width} px`, MAIN_CONTENT);
      // Previous, Page N of M and Next share a line: Next never wraps onto its own.
      const [previous, next] = [(await list.previous.boundingBox())!, (await list.next.boundingBox())!];
      expect({ sameLine: Math.abs(previous.y - next.y) < 2, nextAfterPrevious: next.x > previous.x }).toEqual({ sameLine: true, nextAfterPrevious: true });
      // At a desk's width the table shows every column, its actions in view (behind one menu button at 1024 px).
      if (width >= 1024) {
        await expectOnScreen(width > 1024 ? list.deleteButton(LONG_NAME) : list.actionsMenuButton(LONG_NAME), width);
        const frame = await list.table.evaluate((table) => ({ scroll: table.parentElement!.scrollWidth, client: table.parentElement!.clientWidth }));
        expect(frame.scroll).toBeLessThanOrEqual(frame.client);
      }

      await list.viewToggle.getByRole('radio', { name: 'Cards' }).click();
      await list.waitForPath('/products', '?view=cards');
      await list.card(LONG_NAME).waitFor();
      await saveScreenshot(s.page, String(width), 'product-list-cards');
      await expectNoOverflow(s.page, width, 'cards');
      if (width === AXE_CARDS_WIDTH) await expectNoAxeViolations(s.page, `list?view=cards at ${width} px`, MAIN_CONTENT);
      s.assertClean();
    }, AXE_TIMEOUT);

    // The other screens share one context per width: each is a page load of its own, and a context costs a renderer process.
    it('product detail, product form (new and edit) and dashboard: nothing sticks out sideways', async () => {
      const s = await open(width);
      const detail = new ProductDetailPage(s.page);
      await detail.goto(products[23].id);
      await waitForExactText(detail.heading, LONG_NAME);
      await saveScreenshot(s.page, String(width), 'product-detail');
      await expectNoOverflow(s.page, width, 'detail');

      const form = new ProductFormPage(s.page);
      await form.gotoNew();
      await saveScreenshot(s.page, String(width), 'product-form-new');
      await expectNoOverflow(s.page, width, 'new product');
      await form.gotoEdit(products[1].id);
      await saveScreenshot(s.page, String(width), 'product-form-edit');
      await expectNoOverflow(s.page, width, 'edit product');

      const dashboard = new DashboardPage(s.page);
      await dashboard.goto();
      await dashboard.categoryChart.locator('svg .ct-bar').first().waitFor({ state: 'attached' });
      await dashboard.features.waitFor();
      await saveScreenshot(s.page, String(width), 'dashboard');
      await expectNoOverflow(s.page, width, 'dashboard');
      s.assertClean();
    });
  });

  it('at 800 px (beside the side navigation) the stats read whole and the list fits', async () => {
    const width = 800;
    const s = await open(width);
    const list = new ProductListPage(s.page);
    await list.goto();
    await expectStats(list, width);
    await saveScreenshot(s.page, String(width), 'product-list');
    await expectNoOverflow(s.page, width, 'list');
    s.assertClean();
  });

  it("at 768 px a compact row's actions menu works from the keyboard: Enter opens it on View, arrows, Home and End move, Escape closes it back on its button", async () => {
    const s = await open(768);
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForSummary(10, 24);
    const name = LONG_NAME;
    const button = list.actionsMenuButton(name);
    await button.focus();
    await s.page.keyboard.press('Enter');
    const focused = () => s.page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
    await list.menuItem(name, 'View').waitFor();
    await s.page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    expect(await focused()).toBe('View');
    await s.page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Edit');
    await s.page.keyboard.press('End');
    expect(await focused()).toBe('Delete');
    await s.page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('View');
    await s.page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Delete');
    await s.page.keyboard.press('Home');
    expect(await focused()).toBe('View');
    await s.page.keyboard.press('Escape');
    await list.menuItem(name, 'View').waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    // Enter on Edit opens the edit form.
    await s.page.keyboard.press('Enter');
    await list.menuItem(name, 'View').waitFor();
    await s.page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    await s.page.keyboard.press('ArrowDown');
    await s.page.keyboard.press('Enter');
    const form = new ProductFormPage(s.page);
    await form.readyToEdit();
    s.assertClean();
  });

  it('at 320 px nothing scrolls sideways on the list, the detail, the form or the dashboard', async () => {
    const width = 320;
    const s = await open(width);
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForSummary(10, 24);
    await expectStats(list, width);
    await saveScreenshot(s.page, String(width), 'product-list');
    await expectNoOverflow(s.page, width, 'list');
    await list.goto('?view=cards');
    await expectNoOverflow(s.page, width, 'cards');
    const detail = new ProductDetailPage(s.page);
    await detail.goto(products[23].id);
    await waitForExactText(detail.heading, LONG_NAME);
    await saveScreenshot(s.page, String(width), 'product-detail');
    await expectNoOverflow(s.page, width, 'detail');
    const form = new ProductFormPage(s.page);
    await form.gotoNew();
    await saveScreenshot(s.page, String(width), 'product-form-new');
    await expectNoOverflow(s.page, width, 'form');
    const dashboard = new DashboardPage(s.page);
    await dashboard.goto();
    await dashboard.features.waitFor();
    await saveScreenshot(s.page, String(width), 'dashboard');
    await expectNoOverflow(s.page, width, 'dashboard');
    s.assertClean();
  });

  it('at 375 px compact rows show name, SKU, barcode, price, quantity and stock, every action is reachable by touch, every control at least 44 px', async () => {
    const width = 375;
    const s = await open(width);
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForSummary(10, 24);
    // Compact rows: name, codes, price, quantity and stock, the actions behind one menu.
    expect(await list.table.count()).toBe(0);
    expect(await list.compactRows.count()).toBe(10);
    expect(await smallTargets(s.page)).toEqual([]);
    await expectNoAxeViolations(s.page, 'compact rows at 375 px', MAIN_CONTENT);

    const name = LONG_NAME;
    const row = list.compactRows.filter({ has: s.page.getByRole('link', { name, exact: true }) });
    await expectOnScreen(row.getByText('$28.00', { exact: true }), width);
    await expectOnScreen(row.getByText('Qty 0', { exact: true }), width);
    await expectOnScreen(row.getByText('Out of Stock', { exact: true }), width);
    await expectOnScreen(row.getByText(`${LONG_SKU} ·`, { exact: true }), width);
    await expectOnScreen(row.getByText(`Barcode ${LONG_BARCODE}`, { exact: true }), width);

    await list.actionsMenuButton(name).tap();
    for (const action of ['View', 'Edit', 'Delete'] as const) await expectOnScreen(list.menuItem(name, action), width);
    await saveScreenshot(s.page, String(width), 'product-list-actions-menu');
    await expectNoOverflow(s.page, width, 'actions menu open');
    await list.menuItem(name, 'View').tap();
    const detail = new ProductDetailPage(s.page);
    await waitForExactText(detail.heading, name);
    await detail.backToProducts.tap();
    await list.waitForSummary(10, 24);

    await (await list.action(name, 'Edit', 'tap')).tap();
    const form = new ProductFormPage(s.page);
    await form.readyToEdit();
    // Cancel goes back to the product, and from there Back to Products to the list.
    await form.cancel.tap();
    await waitForExactText(detail.heading, name);
    await detail.backToProducts.tap();
    await list.waitForSummary(10, 24);

    await (await list.action(name, 'Delete', 'tap')).tap();
    await list.confirmDialog.waitFor();
    await expectOnScreen(list.confirmDialog.getByRole('button', { name: 'Cancel', exact: true }), width);
    await list.confirmDialog.getByRole('button', { name: 'Cancel', exact: true }).tap();
    await list.confirmDialog.waitFor({ state: 'hidden' });
    s.assertClean();
  }, AXE_TIMEOUT);

  it("at 375 px the cards view shows each card's three actions on screen, every control at least 44 px", async () => {
    const width = 375;
    const s = await open(width);
    const list = new ProductListPage(s.page);
    await list.goto('?view=cards');
    await list.waitForSummary(10, 24);
    const name = LONG_NAME;
    await list.card(name).waitFor();
    for (const action of ['View', 'Edit', 'Delete'] as const) await expectOnScreen(await list.action(name, action, 'tap'), width);
    expect(await smallTargets(s.page)).toEqual([]);
    await expectNoAxeViolations(s.page, 'cards at 375 px', MAIN_CONTENT);
    s.assertClean();
  }, AXE_TIMEOUT);
});
