import type { Locator, Page } from 'playwright-core';
import { ProductMessages } from '@stockroom/schema';
import { DESKTOP, MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { adjustStockApi, createProductApi, createProductsApi, createUserWithSession, deleteProductApi, useSessionInBrowser, type ApiSession } from './support/api';
import { DashboardPage } from './pages/DashboardPage';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductListPage, waitForExactText } from './pages/ProductListPage';
import { toastLocator } from './pages/AppShell';

/**
 * What a screen puts first and what fits on it: on a phone in the stockroom the
 * products, the stock actions and what needs reordering come before everything
 * else; on a desk the figures and words read whole.
 */

/** The top of an element, in page pixels from the top of the document. */
async function topOf(locator: Locator): Promise<number> {
  await locator.waitFor({ state: 'visible' });
  return locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect({ scrollWidth }).toEqual({ scrollWidth: width });
}

/** How many lines a text takes: the line boxes of its text, merged by their top. */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

describe('what a screen shows first, and what fits it', () => {
  const b = useBrowser({ sessionPerTest: false });
  let session: ApiSession;
  let busy: { id: string };

  beforeAll(async () => {
    ({ session } = await createUserWithSession('priorities'));
    await createProductsApi(
      session,
      Array.from({ length: 11 }, (_, i) => ({
        name: `Shelf bracket ${String(i + 1).padStart(2, '0')}`,
        price: 10,
        quantity: i < 3 ? 1 : 20,
        reorderLevel: 5,
        category: 'Uncategorized',
      })),
    );
    // With the brackets, $178,412.80 of stock: a figure that did not fit the desk's fifth card.
    busy = await createProductApi(session, { name: 'Pallet of steel', price: 17_678.28, quantity: 1, category: 'Uncategorized' });
    for (const delta of [7, -3, 5]) await adjustStockApi(session, busy.id, { delta });
  });

  async function open(width: 'phone' | 'desk'): Promise<GuardedSession> {
    const s = width === 'phone' ? await b.open(b.browser(), { viewport: MOBILE, isMobile: true, hasTouch: true }) : await b.open(b.browser(), { viewport: DESKTOP });
    await useSessionInBrowser(s.context, session);
    return s;
  }

  it('375 px: the list shows products on the first screen; the filters and stats fold behind one button', async () => {
    const s = await open('phone');
    const list = new ProductListPage(s.page);
    await list.goto();
    expect(await topOf(list.compactRows.first())).toBeLessThan(MOBILE.height);
    expect(await list.stockFilter.isVisible()).toBe(false);
    expect(await list.stats.isVisible()).toBe(false);
    expect(await list.moreToggle.getAttribute('aria-expanded')).toBe('false');

    await list.moreToggle.click();
    expect(await list.moreToggle.getAttribute('aria-expanded')).toBe('true');
    await list.waitForStats({ total: '12' });
    await list.filterStock('Low Stock');
    await waitForExactText(list.moreToggle, 'Filters (1 set) and stats');
    await list.moreToggle.click();
    expect(await list.stockFilter.isVisible()).toBe(false);
    await expectNoSidewaysScroll(s.page, MOBILE.width);
    s.assertClean();
  });

  it('375 px: a product opens on its stock and its Adjust and Count; the dashboard on what needs reordering', async () => {
    const s = await open('phone');
    const detail = new ProductDetailPage(s.page);
    await detail.goto(busy.id);
    const adjustBottom = (await topOf(detail.adjustStock)) + ((await detail.adjustStock.boundingBox())?.height ?? 0);
    expect(adjustBottom).toBeLessThan(MOBILE.height);
    expect(await topOf(detail.countStock)).toBeLessThan(MOBILE.height);
    expect(await topOf(detail.stockArea)).toBeLessThan(await topOf(detail.price));

    const dashboard = new DashboardPage(s.page);
    await dashboard.goto();
    expect(await topOf(dashboard.reorder)).toBeLessThan(MOBILE.height);
    expect(await topOf(dashboard.reorder)).toBeLessThan(await topOf(dashboard.overview));
    s.assertClean();
  });

  it('1280 px: no button to fold; the inventory value fits its card; a one-word category reads whole', async () => {
    const s = await open('desk');
    const list = new ProductListPage(s.page);
    await list.goto();
    expect(await list.moreToggle.isVisible()).toBe(false);
    await list.stockFilter.waitFor();
    await list.waitForStats({ total: '12' });
    const value = list.statValue('value');
    const figure = await value.evaluate((el) => ({
      clipped: el.scrollWidth > el.clientWidth,
      insideCard: el.getBoundingClientRect().right <= el.closest('.product-stat')!.getBoundingClientRect().right,
      forScreenReaders: (el.querySelector('.visually-hidden') ?? el).textContent,
    }));
    expect(figure).toEqual({ clipped: false, insideCard: true, forScreenReaders: '$178,412.80' });
    await expectNoSidewaysScroll(s.page, DESKTOP.width);
    const category = list.rows.first().locator('.product-table__category');
    await waitForExactText(category, 'Uncategorized');
    expect(await linesOf(category)).toBe(1);
    s.assertClean();
  });

  it("the stock chart's quantities sit on their lines at 1280 px, and its times do not run into each other at 375 px", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const s = await b.open(b.browser(), { viewport, isMobile: viewport === MOBILE });
      await useSessionInBrowser(s.context, session);
      const detail = new ProductDetailPage(s.page);
      await detail.goto(busy.id);
      await detail.historyChart.locator('.ct-grid.ct-vertical').first().waitFor({ state: 'attached' });
      const chart = await detail.historyChart.evaluate((node) => {
        const textBox = (el: Element) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return range.getBoundingClientRect();
        };
        const gridLines = [...node.querySelectorAll('.ct-grid.ct-vertical')].map((line) => line.getBoundingClientRect().top);
        const quantities = [...node.querySelectorAll('.ct-label.ct-vertical')].map((label) => {
          const box = textBox(label);
          const middle = box.top + box.height / 2;
          return { text: label.textContent, offLine: Math.round(Math.min(...gridLines.map((y) => Math.abs(y - middle)))) };
        });
        const frame = node.getBoundingClientRect();
        const times = [...node.querySelectorAll('.ct-label.ct-horizontal')].map(textBox).filter((box) => box.width > 0);
        const overlaps = times.filter((box, i) => i > 0 && box.left < times[i - 1].right).length;
        const outside = times.filter((box) => box.left < frame.left - 0.5 || box.right > frame.right + 0.5).length;
        return { quantities, times: times.length, overlaps, outside };
      });
      for (const quantity of chart.quantities) expect({ ...quantity, offLine: quantity.offLine <= 2 }).toEqual({ ...quantity, offLine: true });
      expect(chart.quantities.length).toBeGreaterThan(2);
      expect({ overlaps: chart.overlaps, outside: chart.outside }).toEqual({ overlaps: 0, outside: 0 });
      expect(chart.times).toBeGreaterThanOrEqual(viewport === MOBILE ? 2 : 3);
      s.assertClean();
    }
  });

  it('a product deleted in another tab: adjusting it says so, and the page shows it is in the trash', async () => {
    const doomed = await createProductApi(session, { name: 'Gone elsewhere', price: 3, quantity: 4 });
    const s = await open('phone');
    const detail = new ProductDetailPage(s.page);
    await detail.goto(doomed.id);
    await deleteProductApi(session, doomed.id);
    await detail.adjust(-1);
    await toastLocator(s.page, ProductMessages.notFound).waitFor();
    await s.page.getByRole('heading', { name: 'Gone elsewhere is in the trash' }).waitFor();
    expect(await detail.adjustDialog.isVisible()).toBe(false);
    expect(await detail.adjustStock.isVisible()).toBe(false);
    s.assertClean();
  });
});
