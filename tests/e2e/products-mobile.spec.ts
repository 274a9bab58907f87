import type { Locator, Page } from 'playwright-core';
import { MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { createProductsApi, createUserWithSession, useSessionInBrowser, type ApiSession } from './support/api';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { ProductListPage, toastLocator, waitForExactText } from './pages/ProductListPage';

/** The page body does not scroll sideways: nothing is wider than the 375 px screen. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    viewport: window.innerWidth,
  }));
  // Mobile Chromium widens the layout viewport (innerWidth) to fit content that overflows.
  const fits = widths.viewport === MOBILE.width && widths.document <= MOBILE.width && widths.body <= MOBILE.width;
  expect({ ...widths, fits }).toEqual({ ...widths, fits: true });
}

/** Visible, enabled, and wholly within the screen's width (no sideways scrolling needed to reach it). */
async function expectOnScreen(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  expect({ what: String(locator), left: box.x >= 0, right: box.x + box.width <= MOBILE.width + 0.5 }).toEqual({
    what: String(locator),
    left: true,
    right: true,
  });
  expect(box.width).toBeGreaterThan(0);
  expect(box.height).toBeGreaterThan(0);
}

describe('products on a 375 px phone', () => {
  const b = useBrowser();
  let session: ApiSession;

  beforeAll(async () => {
    // Read-only for the list test; the form test adds its own product to its own user.
    ({ session } = await createUserWithSession('mobile'));
    await createProductsApi(
      session,
      Array.from({ length: 12 }, (_, i) => ({
        name: `Phone Stand ${String(i + 1).padStart(2, '0')}`,
        price: 9.5 + i,
        quantity: i % 3 === 0 ? 0 : 5,
        category: 'Accessories',
      })),
    );
  });

  async function phone(as: ApiSession): Promise<GuardedSession> {
    const s = await b.open(b.browser(), { viewport: MOBILE, isMobile: true, hasTouch: true });
    await useSessionInBrowser(s.context, as);
    return s;
  }

  it('list: fits the screen; search, filter, sort, paging and the row actions work by touch', async () => {
    const s = await phone(session);
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForSummary(10, 12);
    await list.waitForStats({ total: '12', inStock: '8', outOfStock: '4', value: '$620.00' });
    await expectNoHorizontalOverflow(s.page);

    for (const control of [
      list.heading,
      list.addNewProduct,
      list.search,
      list.stockOption('All'),
      list.stockOption('In Stock'),
      list.stockOption('Out of Stock'),
      list.sortBy,
      list.sortOrder,
      list.clearFilters,
      list.statCard('total'),
      list.statCard('value'),
      list.previous,
      list.next,
      list.pageSize,
    ]) {
      await expectOnScreen(control);
    }

    await list.next.tap();
    await list.waitForPath('/products', '?page=2');
    await list.waitForSummary(2, 12);
    await expectNoHorizontalOverflow(s.page);

    await list.stockOption('Out of Stock').tap();
    await list.waitForPath('/products', '?inStock=false');
    await list.waitForSummary(4, 4);

    await list.search.tap();
    await list.search.pressSequentially('10');
    await list.waitForPath('/products', '?search=10&inStock=false');
    await list.waitForNames(['Phone Stand 10']);
    await expectNoHorizontalOverflow(s.page);

    // The table may scroll inside its own frame, but its row actions are reachable.
    await list.viewButton('Phone Stand 10').tap();
    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    await waitForExactText(detail.heading, 'Phone Stand 10');
    await expectNoHorizontalOverflow(s.page);
    for (const control of [detail.backToProducts, detail.editProduct, detail.deleteProduct, detail.amount, detail.sell, detail.receive]) {
      await expectOnScreen(control);
    }
    await detail.backToProducts.tap();
    await list.waitForPath('/products', '?search=10&inStock=false');
    await list.waitForNames(['Phone Stand 10']);

    // The cards view fits as well.
    await list.clearFilters.tap();
    await list.waitForPath('/products', '');
    await list.viewToggle.getByRole('radio', { name: 'Cards' }).tap();
    await list.waitForPath('/products', '?view=cards');
    await list.cards.first().waitFor();
    expect(await list.cards.count()).toBe(10);
    await expectNoHorizontalOverflow(s.page);
    await expectOnScreen(list.cards.first().getByRole('link', { name: 'Edit Phone Stand 12', exact: true }));
    s.assertClean();
  });

  it('form, detail page and delete confirmation: fit the screen; a long-named product is created and deleted by touch', async () => {
    const { session: own } = await createUserWithSession('mobile-form');
    const s = await phone(own);
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.noProductsYet.waitFor();
    await expectNoHorizontalOverflow(s.page);
    await expectOnScreen(list.addFirstProduct);

    await list.addNewProduct.tap();
    const form = new ProductFormPage(s.page);
    await form.readyToCreate();
    await expectNoHorizontalOverflow(s.page);
    for (const control of [form.name, form.description, form.price, form.quantity, form.category, form.imageUrl, form.createButton, form.cancel]) {
      await expectOnScreen(control);
    }

    // A message under a field does not widen the page.
    await form.typeAndLeave(form.name, 'P');
    await form.waitForFieldError(form.name, 'Product name must be at least 2 characters');
    await form.createButton.tap();
    await form.waitForFieldError(form.price, 'Price must be at least 0.01');
    await expectNoHorizontalOverflow(s.page);

    // A long name (within the 100-character limit) wraps instead of widening the page.
    const name = 'Pocket Tripod with an extendable aluminium leg set and a ball head for phones and small cameras';
    await form.fill({ name, price: '14.99', quantity: '2', category: 'Accessories' });
    await form.createButton.tap();
    await toastLocator(s.page, 'Product created').waitFor();
    await list.waitForPath('/products', '');
    await list.waitForNames([name]);
    await list.waitForStats({ total: '1', inStock: '1', outOfStock: '0', value: '$29.98' });
    await expectNoHorizontalOverflow(s.page);

    // The confirmation opens on screen; Cancel keeps the product.
    await list.deleteButton(name).tap();
    await list.confirmDialog.waitFor();
    await expectOnScreen(list.confirmDialog);
    await expectOnScreen(list.confirmDialog.getByRole('button', { name: 'Delete', exact: true }));
    const cancel = list.confirmDialog.getByRole('button', { name: 'Cancel', exact: true });
    await expectOnScreen(cancel);
    await cancel.tap();
    await list.confirmDialog.waitFor({ state: 'hidden' });

    await list.viewButton(name).tap();
    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    await waitForExactText(detail.heading, name);
    await expectNoHorizontalOverflow(s.page);
    await expectOnScreen(detail.deleteProduct);
    await detail.deleteProduct.tap();
    await detail.confirmDialog.waitFor();
    const confirm = detail.confirmDialog.getByRole('button', { name: 'Delete', exact: true });
    await expectOnScreen(detail.confirmDialog);
    await expectOnScreen(confirm);
    await confirm.tap();
    await toastLocator(s.page, 'Product deleted').waitFor();
    await list.waitForPath('/products', '');
    await list.noProductsYet.waitFor();
    await list.waitForStats({ total: '0', inStock: '0', outOfStock: '0', value: '$0.00' });
    await expectNoHorizontalOverflow(s.page);
    s.assertClean();
  });
});
