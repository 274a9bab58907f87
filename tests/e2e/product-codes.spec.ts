import type { Locator } from 'playwright-core';
import { ProductMessages } from '@stockroom/schema';
import { createProductApi, signedInUser } from './support/api';
import { DESKTOP, MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { axeLines } from './support/axe';
import { saveScreenshot, sidewaysOverflow } from './support/screen-checks';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { ProductListPage, waitForExactText } from './pages/ProductListPage';

const SCREENSHOTS = 'product-codes';

/** No axe finding and nothing sideways at this width, and a screenshot to look at. */
async function checkScreen(s: GuardedSession, name: string): Promise<void> {
  expect(await axeLines(s.page)).toEqual([]);
  expect(await sidewaysOverflow(s.page)).toEqual([]);
  await saveScreenshot(s.page, SCREENSHOTS, `${name}-${s.page.viewportSize()!.width}`);
}

/**
 * A product's SKU and barcode in its table row, compact row or card: each
 * shown whole on one line, the barcode's digits read as "Barcode ..." (its icon
 * says so on screen). The SKU reads `sku` there ('SKU X' in the table, 'X ·'
 * before the category elsewhere).
 */
async function expectCodes(entry: Locator, sku: string, barcode = '4006381333931'): Promise<void> {
  for (const code of [entry.getByText(sku, { exact: true }), entry.getByText(`Barcode ${barcode}`, { exact: true })]) {
    await code.waitFor();
    const shown = await code.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { lines: Math.round(box.height / parseFloat(getComputedStyle(el).lineHeight)), onScreen: box.left >= 0 && box.right <= window.innerWidth };
    });
    expect({ code: String(code), ...shown }).toEqual({ code: String(code), lines: 1, onScreen: true });
  }
}

describe('SKU and barcode in the client', () => {
  const b = useBrowser();

  it('checks both in the form, shows a taken SKU on its field, finds the product by either code, listed first, and lists both codes', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'codes');
    await createProductApi(session, { name: 'Desk Lamp', price: 20, sku: 'LMP-100' });
    // Mentions the new SKU in its name, and sorts before it: only the exact-code rule puts the new product first.
    await createProductApi(session, { name: 'Adapter for LMP-200', price: 5 });
    const form = new ProductFormPage(s.page);
    await form.gotoNew();
    await form.fill({ name: 'Floor Lamp', price: '45', sku: 'has space', barcode: '4006381333932' });
    await form.name.focus();
    await form.waitForFieldError(form.sku, ProductMessages.skuCharacters);
    await form.waitForFieldError(form.barcode, ProductMessages.barcodeCheckDigit);
    await checkScreen(s, 'form-errors');
    await s.page.setViewportSize(MOBILE);
    await checkScreen(s, 'form-errors');
    await s.page.setViewportSize(DESKTOP);

    // Right by the rules, but the server knows the SKU is taken (in another case).
    await form.fill({ sku: 'lmp-100', barcode: '4006381333931' });
    await form.createButton.click();
    await form.waitForFieldError(form.sku, ProductMessages.duplicateSku);

    await form.fill({ sku: 'LMP-200' });
    await form.createButton.click();
    const list = new ProductListPage(s.page);
    await list.ready();

    for (const code of ['lmp-200', '4006381333931']) {
      await list.goto(`?search=${code}&sortBy=name&sortOrder=asc`);
      expect((await list.names())[0]).toBe('Floor Lamp');
    }
    await list.goto('?search=lmp-200&sortBy=name&sortOrder=asc');
    expect(await list.names()).toEqual(['Floor Lamp', 'Adapter for LMP-200']);
    await expectCodes(list.row('Floor Lamp'), 'SKU LMP-200');
    await checkScreen(s, 'list-by-sku');
    await s.page.setViewportSize(MOBILE);
    await list.ready();
    expect(await list.names()).toEqual(['Floor Lamp', 'Adapter for LMP-200']);
    await expectCodes(list.compactRows.filter({ has: s.page.getByRole('link', { name: 'Floor Lamp', exact: true }) }), 'LMP-200 ·');
    await checkScreen(s, 'list-by-sku');
    await list.unfold();
    await list.viewToggle.getByRole('radio', { name: 'Cards' }).click();
    await list.card('Floor Lamp').waitFor();
    await expectCodes(list.card('Floor Lamp'), 'LMP-200 ·');
    await checkScreen(s, 'cards-by-sku');

    await s.page.getByRole('link', { name: 'Floor Lamp', exact: true }).click();
    const detail = new ProductDetailPage(s.page);
    await detail.sku.waitFor();
    expect(await detail.sku.textContent()).toBe('LMP-200');
    expect(await detail.barcode.textContent()).toBe('4006381333931');
    await checkScreen(s, 'detail');
    s.assertClean();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`shows Low Stock beside In Stock at or under the reorder level, and the form changes the level (${theme})`, async () => {
      const s = b.session();
      await s.page.emulateMedia({ colorScheme: theme });
      const session = await signedInUser(s, `low-${theme}`);
      const product = await createProductApi(session, { name: 'Shelf Bracket', price: 3, quantity: 3, reorderLevel: 5 });
      const detail = new ProductDetailPage(s.page);
      await detail.goto(product.id);
      const lowStock = s.page.getByRole('main').getByText('Low Stock', { exact: true });
      await lowStock.waitFor();
      expect(await detail.inStockBadge.isVisible()).toBe(true);
      expect(await s.page.getByTestId('product-reorder-level').textContent()).toBe('5');
      await checkScreen(s, `detail-low-${theme}`);
      await s.page.setViewportSize(MOBILE);
      await checkScreen(s, `detail-low-${theme}`);
      await s.page.setViewportSize(DESKTOP);

      const list = new ProductListPage(s.page);
      await createProductApi(session, { name: 'Plenty of Hooks', price: 1, quantity: 50, reorderLevel: 5 });
      await list.goto();
      await list.list.getByText('Low Stock', { exact: true }).waitFor();
      await waitForExactText(list.stats.getByTestId('stat-low-stock').getByRole('definition'), '1');
      // The stock filter's Low Stock option lists only what needs reordering, and says so in the URL.
      await list.filterStock('Low Stock');
      await list.waitForPath('/products', '?stockStatus=low');
      await list.ready();
      // The filtered answer, not the rows the list showed while it was on its way.
      await list.waitForNames(['Shelf Bracket']);
      await checkScreen(s, `list-low-${theme}`);
      await s.page.setViewportSize(MOBILE);
      await list.ready();
      await checkScreen(s, `list-low-${theme}`);
      await s.page.setViewportSize(DESKTOP);

      const form = new ProductFormPage(s.page);
      await form.gotoEdit(product.id);
      const level = s.page.getByLabel('Reorder level', { exact: true });
      expect(await level.inputValue()).toBe('5');
      await level.fill('-1');
      await form.name.focus();
      await form.waitForFieldError(level, 'Reorder level must be at least 0');
      await level.fill('2');
      await form.updateButton.click();
      await detail.heading.waitFor();
      await s.page.getByTestId('product-reorder-level').filter({ hasText: /^2$/ }).waitFor();
      expect(await lowStock.count()).toBe(0);
      s.assertClean();
    });
  }
});
