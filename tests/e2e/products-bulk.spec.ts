import { toastButton, toastLocator } from './pages/AppShell';
import { ProductListPage, waitForExactText } from './pages/ProductListPage';
import { ProductSelectionBar } from './pages/ProductSelectionBar';
import { axeLines } from './support/axe';
import { createProductsApi, createUserWithSession, useSessionInBrowser, type ApiSession } from './support/api';
import { DESKTOP, MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { e2eEnv } from './support/env';
import { animationsDone, saveScreenshot, sidewaysOverflow } from './support/screen-checks';

/**
 * Acting on many products at once from the list: pick products (or every
 * product the filters match), then set a category, a reorder level, adjust
 * the stock, feature them, print their labels or delete them, each one
 * request; the list, the figures and the server agree afterwards.
 */

interface ServerProduct {
  name: string;
  category: string;
  quantity: number;
  reorderLevel: number | null;
  featured: boolean;
}

/** Every product of the account as the server has it now, by name. */
async function serverProducts(session: ApiSession): Promise<Map<string, ServerProduct>> {
  const res = await fetch(`${e2eEnv().baseUrl}/api/products?limit=100`, { headers: { authorization: `Bearer ${session.accessToken}` } });
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}`);
  const { products } = (await res.json()) as { products: ServerProduct[] };
  return new Map(products.map((product) => [product.name, product]));
}

const pick = <K extends keyof ServerProduct>(products: Map<string, ServerProduct>, names: readonly string[], key: K) =>
  names.map((name) => products.get(name)?.[key]);

/** 12 bolts on two pages of 10, and 2 nuts in another category. */
const BOLTS = Array.from({ length: 12 }, (_, i) => ({ name: `Bolt ${String(i + 1).padStart(2, '0')}`, category: 'Bolts', price: 1 + i, quantity: 10 }));
const NUTS = ['Nut A', 'Nut B'].map((name) => ({ name, category: 'Nuts', price: 0.5, quantity: 3 }));

describe('acting on many products at once', () => {
  const b = useBrowser({ sessionPerTest: false });
  // Two axe runs and two screenshots at each width, on a shared 2-core machine.
  jest.setTimeout(150_000);

  async function open(viewport: typeof MOBILE | typeof DESKTOP, tag: string): Promise<{ s: GuardedSession; session: ApiSession; list: ProductListPage; selection: ProductSelectionBar }> {
    const { session } = await createUserWithSession(tag);
    await createProductsApi(session, [...NUTS, ...BOLTS]);
    const mobile = viewport === MOBILE;
    const s = await b.open(b.browser(), { viewport, isMobile: mobile, hasTouch: mobile });
    await useSessionInBrowser(s.context, session);
    const list = new ProductListPage(s.page);
    return { s, session, list, selection: new ProductSelectionBar(s.page) };
  }

  it.each([
    ['375', MOBILE],
    ['1280', DESKTOP],
  ] as const)('at %s px: picked products get a new category in one go, from a bar that fits, reads and is axe clean', async (width, viewport) => {
    const { s, session, list, selection } = await open(viewport, `bulk-category-${width}`);
    const how = viewport === MOBILE ? 'tap' : 'click';
    await list.goto('?category=Bolts&sortBy=name&sortOrder=asc');
    await list.waitForSummary(10, 12);

    for (const name of ['Bolt 02', 'Bolt 05']) await selection.toggle(selection.checkbox(name), how);
    await waitForExactText(selection.count, '2 products selected');
    const box = (await selection.checkbox('Bolt 02').locator('xpath=ancestor::label[1]').boundingBox())!;
    if (viewport === MOBILE) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'products-bulk-selection');

    await selection.run('Set category', how);
    const dialog = selection.dialog('Set category');
    await dialog.getByLabel('Category').fill('Fixings');
    await animationsDone(s.page);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'products-bulk-category-dialog');
    await dialog.getByRole('button', { name: 'Set category' })[how]();
    await toastLocator(s.page, 'Category set on 2 products').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The list follows: both left the Bolts list, and the selection is empty.
    await list.waitForSummary(10, 10);
    await selection.count.waitFor({ state: 'hidden' });
    const products = await serverProducts(session);
    expect(pick(products, ['Bolt 02', 'Bolt 05', 'Bolt 01'], 'category')).toEqual(['Fixings', 'Fixings', 'Bolts']);
    s.assertClean();
  });

  it('"Select all N matching" reaches the products on other pages: the stock of every bolt is received in one go', async () => {
    const { s, session, list, selection } = await open(DESKTOP, 'bulk-matching');
    await list.goto('?category=Bolts');
    await list.waitForSummary(10, 12);
    await selection.toggle(selection.selectPage);
    await waitForExactText(selection.count, '10 products selected');
    await selection.selectAllMatching().click();
    await waitForExactText(selection.count, 'All 12 products matching selected');
    // Labels print the values of products on screen: a selection by filter has none to print.
    expect(await selection.bar.getByRole('button', { name: 'Print labels', exact: true }).isDisabled()).toBe(true);

    await selection.run('Adjust stock');
    const dialog = selection.dialog('Adjust stock');
    await dialog.getByRole('radio', { name: 'Add' }).click();
    await dialog.getByLabel('Amount').fill('5');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await toastLocator(s.page, 'Stock adjusted on 12 products').waitFor();

    const products = await serverProducts(session);
    expect(new Set(pick(products, BOLTS.map((bolt) => bolt.name), 'quantity'))).toEqual(new Set([15]));
    // The nuts were not among the matching products.
    expect(pick(products, ['Nut A', 'Nut B'], 'quantity')).toEqual([3, 3]);
    // The table shows the new quantities without a reload.
    await waitForExactText(list.row('Bolt 12').locator('td.product-table__number').nth(1), '15');
    s.assertClean();
  });

  it.each([
    ['375', MOBILE],
    ['1280', DESKTOP],
  ] as const)('at %s px: deleting "all N matching" says how many went to the trash, and Undo brings every one of them back', async (width, viewport) => {
    const { s, session, list, selection } = await open(viewport, `bulk-matching-delete-${width}`);
    await list.goto('?category=Bolts');
    await list.waitForSummary(10, 12);
    await selection.toggle(selection.selectPage);
    await selection.selectAllMatching().click();
    await waitForExactText(selection.count, 'All 12 products matching selected');

    await selection.run('Delete');
    await selection.dialog('Delete 12 products?').getByRole('button', { name: 'Delete' }).click();
    await toastLocator(s.page, '12 products deleted').waitFor();
    await s.page.getByText('Bolt 01', { exact: true }).waitFor({ state: 'detached' });
    expect([...(await serverProducts(session)).keys()].sort()).toEqual(['Nut A', 'Nut B']);
    await animationsDone(s.page);
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'products-bulk-deleted-undo');

    // No list of ids names the twelve (two were never on screen): Undo restores the delete's batch.
    await toastButton(s.page, '12 products deleted', 'Undo').click();
    await toastLocator(s.page, '12 products restored').waitFor();
    await list.waitForSummary(10, 12);
    expect((await serverProducts(session)).size).toBe(14);
    s.assertClean();
  });

  it('in the cards view, each card has its checkbox: two picked cards are featured, then unfeatured, in one go each', async () => {
    const { s, session, list, selection } = await open(DESKTOP, 'bulk-cards');
    await list.goto('?view=cards&category=Bolts&sortBy=name&sortOrder=asc');
    await list.waitForSummary(10, 12);
    // The cards, not the table, are what is on screen.
    expect([await s.page.locator('.product-card').count(), await s.page.locator('table').count()]).toEqual([10, 0]);
    for (const name of ['Bolt 03', 'Bolt 07']) await selection.toggle(selection.checkbox(name));
    await waitForExactText(selection.count, '2 products selected');
    expect(await selection.bar.getByRole('button', { name: 'Print labels', exact: true }).isDisabled()).toBe(false);

    await selection.run('Feature');
    await toastLocator(s.page, '2 products featured').waitFor();
    expect(pick(await serverProducts(session), ['Bolt 03', 'Bolt 07', 'Bolt 04'], 'featured')).toEqual([true, true, false]);

    for (const name of ['Bolt 03', 'Bolt 07']) await selection.toggle(selection.checkbox(name));
    await waitForExactText(selection.count, '2 products selected');
    await selection.run('Unfeature');
    await toastLocator(s.page, '2 products no longer featured').waitFor();
    expect(pick(await serverProducts(session), ['Bolt 03', 'Bolt 07'], 'featured')).toEqual([false, false]);
    s.assertClean();
  });

  it('a sale larger than one product holds is refused in the dialog, and nothing changes', async () => {
    const { s, session, list, selection } = await open(DESKTOP, 'bulk-refused');
    await list.goto('?sortBy=name&sortOrder=desc');
    await selection.toggle(selection.checkbox('Nut A'));
    await selection.toggle(selection.checkbox('Bolt 12'));
    await selection.run('Adjust stock');
    const dialog = selection.dialog('Adjust stock');
    await dialog.getByLabel('Amount').fill('4');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await dialog.getByText(/Insufficient stock available/).waitFor();
    const products = await serverProducts(session);
    expect(pick(products, ['Nut A', 'Bolt 12'], 'quantity')).toEqual([3, 10]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await waitForExactText(selection.count, '2 products selected');
    s.assertClean();
  });

  it('reorder level, feature and delete on picked products; a new filter starts a new selection', async () => {
    const { s, session, list, selection } = await open(DESKTOP, 'bulk-many');
    await list.goto('?sortBy=name&sortOrder=asc');
    await selection.toggle(selection.checkbox('Bolt 01'));
    await selection.toggle(selection.checkbox('Bolt 03'));

    await selection.run('Set reorder level');
    let dialog = selection.dialog('Set reorder level');
    await dialog.getByLabel('Reorder level').fill('abc');
    await dialog.getByRole('button', { name: 'Set reorder level' }).click();
    await dialog.getByText('Reorder level must be a number').waitFor();
    await dialog.getByLabel('Reorder level').fill('12');
    await dialog.getByRole('button', { name: 'Set reorder level' }).click();
    await toastLocator(s.page, 'Reorder level set on 2 products').waitFor();
    // At 10 in stock and a reorder level of 12, both are low on stock now.
    await list.row('Bolt 01').getByText('Low Stock', { exact: true }).waitFor();

    await selection.toggle(selection.checkbox('Bolt 02'));
    await selection.toggle(selection.checkbox('Bolt 04'));
    await selection.run('Feature');
    await toastLocator(s.page, '2 products featured').waitFor();

    let products = await serverProducts(session);
    expect(pick(products, ['Bolt 01', 'Bolt 03', 'Bolt 02'], 'reorderLevel')).toEqual([12, 12, null]);
    expect(pick(products, ['Bolt 02', 'Bolt 04', 'Bolt 01'], 'featured')).toEqual([true, true, false]);

    await selection.toggle(selection.checkbox('Bolt 02'));
    await selection.toggle(selection.checkbox('Bolt 04'));
    await selection.run('Delete');
    dialog = selection.dialog('Delete 2 products?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const deleted = toastLocator(s.page, '2 products deleted');
    await deleted.waitFor();
    await list.row('Bolt 02').waitFor({ state: 'detached' });
    products = await serverProducts(session);
    expect([products.has('Bolt 02'), products.has('Bolt 04'), products.size]).toEqual([false, false, 12]);
    // Undo on the delete's toast (the feature's has one too) brings both back from the trash, featured as they were.
    await toastButton(s.page, '2 products deleted', 'Undo').click();
    await toastLocator(s.page, '2 products restored').waitFor();
    await list.row('Bolt 02').waitFor();
    products = await serverProducts(session);
    expect(pick(products, ['Bolt 02', 'Bolt 04'], 'featured')).toEqual([true, true]);

    await selection.toggle(selection.checkbox('Bolt 05'));
    await waitForExactText(selection.count, '1 product selected');
    await list.filterStock('Low Stock');
    await list.waitForPath('/products', '?stockStatus=low&sortBy=name&sortOrder=asc');
    await selection.count.waitFor({ state: 'hidden' });
    s.assertClean();
  });

  it('picked products print as labels', async () => {
    const { s, list, selection } = await open(DESKTOP, 'bulk-labels');
    await list.goto('?category=Nuts');
    await selection.toggle(selection.checkbox('Nut A'));
    await selection.toggle(selection.checkbox('Nut B'));
    await selection.run('Print labels');
    const dialog = s.page.getByRole('dialog', { name: 'Print label' });
    await dialog.getByRole('article', { name: 'Label: Nut A' }).waitFor();
    await dialog.getByRole('article', { name: 'Label: Nut B' }).waitFor();
    s.assertClean();
  });
});
