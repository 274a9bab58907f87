import type { Locator, Page } from 'playwright-core';
import { DESKTOP, MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { createProductApi, createProductsApi, createUserWithSession, signedInUser, useSessionInBrowser, type ApiSession } from './support/api';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { ProductListPage, shownText, waitForExactText } from './pages/ProductListPage';
import { toastLocator } from './pages/AppShell';

/**
 * The longest name a product may have (100 characters) and without a space:
 * it can only wrap where the page lets the browser break a word.
 */
const LONG_NAME = 'PocketTripodWithAnExtendableAluminiumLegSetAndBallHead'.padEnd(100, 'ForPhonesAndSmallCameras');

/** The page body does not scroll sideways: nothing is wider than the screen (375 px unless told). */
async function expectNoHorizontalOverflow(page: Page, width = MOBILE.width): Promise<void> {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    viewport: window.innerWidth,
  }));
  // Mobile Chromium widens the layout viewport (innerWidth) to fit content that overflows.
  const fits = widths.viewport === width && widths.document <= width && widths.body <= width;
  expect({ ...widths, fits }).toEqual({ ...widths, fits: true });
}

/** Visible and wholly within the screen's width (no sideways scrolling needed to reach it). */
async function expectOnScreen(locator: Locator, width = MOBILE.width): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  expect({ what: String(locator), left: box.x >= 0, right: box.x + box.width <= width + 0.5 }).toEqual({
    what: String(locator),
    left: true,
    right: true,
  });
  expect(box.width).toBeGreaterThan(0);
  expect(box.height).toBeGreaterThan(0);
}

/** A stock badge reads in full: not shrunk to "O…" beside a name that wraps. */
async function expectBadgeInFull(badge: Locator, text: 'In Stock' | 'Out of Stock'): Promise<void> {
  expect({ what: String(badge), ...(await shownText(badge)) }).toEqual({ what: String(badge), text, clipped: false });
}

describe('products on a 375 px phone', () => {
  const b = useBrowser({ sessionPerTest: false });
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

    // The table view is compact rows on a phone; a row's actions are in its menu.
    await (await list.action('Phone Stand 10', 'View', 'tap')).tap();
    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    await waitForExactText(detail.heading, 'Phone Stand 10');
    await expectNoHorizontalOverflow(s.page);
    for (const control of [detail.backToProducts, detail.editProduct, detail.deleteProduct, detail.adjustStock, detail.countStock]) {
      await expectOnScreen(control);
    }
    await detail.backToProducts.tap();
    await list.waitForPath('/products', '?search=10&inStock=false');
    await list.waitForNames(['Phone Stand 10']);

    // The cards view fits as well. The list came back folded, its button saying a filter is set.
    await waitForExactText(list.moreToggle, 'Filters (1 set) and stats');
    await list.moreToggle.tap();
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

  it('form, cards, detail and edit pages, delete confirmation: fit the screen; a 100-character one-word name is created and deleted by touch', async () => {
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
    await form.waitForFieldError(form.price, 'Price is required');
    await expectNoHorizontalOverflow(s.page);

    // The longest name, without a space, wraps instead of widening the page.
    expect(LONG_NAME).toHaveLength(100);
    const name = LONG_NAME;
    await form.fill({ name, price: '14.99', quantity: '2', category: 'Accessories' });
    await form.createButton.tap();
    const created = toastLocator(s.page, 'Product created');
    await created.waitFor();
    await expectOnScreen(created);
    await list.waitForPath('/products', '');
    await list.waitForNames([name]);
    await list.waitForStats({ total: '1', inStock: '1', outOfStock: '0', value: '$29.98' });
    await expectNoHorizontalOverflow(s.page);

    // Cards: the name wraps inside its card and the stock badge beside it reads in full.
    await list.viewToggle.getByRole('radio', { name: 'Cards' }).tap();
    await list.waitForPath('/products', '?view=cards');
    await list.card(name).waitFor();
    await expectNoHorizontalOverflow(s.page);
    await expectOnScreen(list.card(name));
    await expectOnScreen(list.card(name).getByRole('heading', { name, exact: true }));
    await expectBadgeInFull(list.cardStockBadge(name), 'In Stock');
    await list.viewToggle.getByRole('radio', { name: 'Table', exact: true }).tap();
    await list.waitForPath('/products', '');
    await list.waitForNames([name]);

    // The confirmation opens on screen, the name wrapped inside it; Cancel keeps the product.
    await (await list.action(name, 'Delete', 'tap')).tap();
    await list.confirmDialog.waitFor();
    await expectOnScreen(list.confirmDialog);
    await expectOnScreen(list.confirmDialog.getByText(name, { exact: true }));
    await expectOnScreen(list.confirmDialog.getByRole('button', { name: 'Delete', exact: true }));
    const cancel = list.confirmDialog.getByRole('button', { name: 'Cancel', exact: true });
    await expectOnScreen(cancel);
    await cancel.tap();
    await list.confirmDialog.waitFor({ state: 'hidden' });

    await (await list.action(name, 'View', 'tap')).tap();
    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    await waitForExactText(detail.heading, name);
    await expectNoHorizontalOverflow(s.page);
    await expectOnScreen(detail.heading);
    await expectOnScreen(detail.editProduct);
    await expectOnScreen(detail.deleteProduct);

    // The edit page names the product twice (the way back and the subtitle): both wrap.
    await detail.editProduct.tap();
    await form.readyToEdit();
    await expectNoHorizontalOverflow(s.page);
    await expectOnScreen(form.backToProduct(name));
    await expectOnScreen(form.name);
    await expectOnScreen(form.updateButton);
    await form.backToProduct(name).tap();
    await detail.ready();
    await waitForExactText(detail.heading, name);

    await detail.deleteProduct.tap();
    await detail.confirmDialog.waitFor();
    const confirm = detail.confirmDialog.getByRole('button', { name: 'Delete', exact: true });
    await expectOnScreen(detail.confirmDialog);
    await expectOnScreen(detail.confirmDialog.getByText(name, { exact: true }));
    await expectOnScreen(confirm);
    await confirm.tap();
    const deleted = toastLocator(s.page, 'Product deleted');
    await deleted.waitFor();
    await expectOnScreen(deleted);
    await list.waitForPath('/products', '');
    await list.noProductsYet.waitFor();
    await list.waitForStats({ total: '0', inStock: '0', outOfStock: '0', value: '$0.00' });
    await expectNoHorizontalOverflow(s.page);
    s.assertClean();
  });
});

describe('a 100-character name without a space on a 1,280 px desktop', () => {
  const b = useBrowser();

  it('wraps on the list (table and cards), the detail and edit pages and in the delete confirmation; nothing widens the page', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'long-name');
    const name = LONG_NAME;
    const product = await createProductApi(session, { name, price: 120, quantity: 0, category: 'Accessories' });
    await createProductApi(session, { name: 'Lens Cap', price: 4, quantity: 9, category: 'Accessories' });
    const width = DESKTOP.width;

    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForNames(['Lens Cap', name]);
    await expectNoHorizontalOverflow(s.page, width);
    await expectOnScreen(list.row(name).getByRole('link', { name, exact: true }), width);
    await expectOnScreen(list.deleteButton(name), width);

    await list.goto('?view=cards');
    await list.card(name).waitFor();
    await expectNoHorizontalOverflow(s.page, width);
    await expectBadgeInFull(list.cardStockBadge(name), 'Out of Stock');
    await expectBadgeInFull(list.cardStockBadge('Lens Cap'), 'In Stock');

    const dialog = await list.openDeleteConfirmation(name);
    await expectOnScreen(dialog, width);
    await expectOnScreen(dialog.getByText(name, { exact: true }), width);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    const detail = new ProductDetailPage(s.page);
    await detail.goto(product.id);
    await waitForExactText(detail.heading, name);
    await expectNoHorizontalOverflow(s.page, width);
    await expectOnScreen(detail.heading, width);
    await expectOnScreen(detail.editProduct, width);
    await expectOnScreen(detail.deleteProduct, width);
    await detail.deleteProduct.click();
    await expectOnScreen(detail.confirmDialog, width);
    await expectOnScreen(detail.confirmDialog.getByText(name, { exact: true }), width);
    await detail.confirmDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await detail.confirmDialog.waitFor({ state: 'hidden' });

    const form = new ProductFormPage(s.page);
    await form.gotoEdit(product.id);
    await expectNoHorizontalOverflow(s.page, width);
    await expectOnScreen(form.backToProduct(name), width);
    await form.fill({ quantity: '3' });
    await form.updateButton.click();
    const updated = toastLocator(s.page, 'Product updated');
    await updated.waitFor();
    await expectOnScreen(updated, width);
    await detail.waitForPath(`/products/${product.id}`);
    await detail.inStockBadge.waitFor();
    await expectNoHorizontalOverflow(s.page, width);
    s.assertClean();
  });
});
