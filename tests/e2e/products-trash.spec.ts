import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { axeLines } from './support/axe';
import { createProductApi, createProductsApi, createUserWithSession, deleteProductApi, useSessionInBrowser } from './support/api';
import { animationsDone, saveScreenshot, sidewaysOverflow } from './support/screen-checks';
import { toastLocator } from './pages/AppShell';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductListPage } from './pages/ProductListPage';
import { ProductTrashPage, toastAction } from './pages/ProductTrashPage';

/**
 * The trash in the browser: a delete's toast offers Undo, which brings the
 * product back where it was; /products/trash lists what was deleted, with
 * Restore, Delete forever and Empty trash; axe clean at 375 and 1280 px.
 */
describe('products: trash and undo', () => {
  const b = useBrowser();

  it('Undo in the "Product deleted" toast restores the product: back in the list with its stats, out of the trash', async () => {
    const s = b.session();
    const { session } = await createUserWithSession('undo');
    await useSessionInBrowser(s.context, session);
    await createProductApi(session, { name: 'Keep Me', price: 12.5, quantity: 2 });
    await createProductApi(session, { name: 'Oops Lamp', price: 40, quantity: 3 });

    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForNames(['Oops Lamp', 'Keep Me']);
    await list.waitForStats({ total: '2', inStock: '2', outOfStock: '0', value: '$145.00' });

    await list.deleteProduct('Oops Lamp');
    await toastLocator(s.page, 'Product deleted').waitFor();
    await list.waitForNames(['Keep Me']);
    await list.waitForStats({ total: '1', inStock: '1', outOfStock: '0', value: '$25.00' });

    await toastAction(s.page, 'Product deleted', 'Undo').click();
    await toastLocator(s.page, 'Product restored').waitFor();
    await list.waitForNames(['Oops Lamp', 'Keep Me']);
    await list.waitForStats({ total: '2', inStock: '2', outOfStock: '0', value: '$145.00' });
    expect((await list.rowCells('Oops Lamp')).slice(1, 5)).toEqual(['Testing', '$40.00', '3', 'In Stock']);

    // Deleted from its own page, undone after the list has come back.
    await list.viewButton('Oops Lamp').click();
    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    await detail.confirmDelete();
    await toastLocator(s.page, 'Product deleted').waitFor();
    await list.waitForPath('/products', '');
    await list.waitForNames(['Keep Me']);
    await toastAction(s.page, 'Product deleted', 'Undo').click();
    await list.waitForNames(['Oops Lamp', 'Keep Me']);

    // The trash, reached from the list, is empty again.
    await list.page.getByRole('link', { name: 'Trash', exact: true }).click();
    const trash = new ProductTrashPage(s.page);
    await trash.ready();
    await trash.waitForPath('/products/trash');
    await trash.waitForNames([]);
    s.assertClean();
  });

  it('the trash lists deleted products; Restore puts one back, Delete forever and Empty trash (each confirmed) remove them for good', async () => {
    const s = b.session();
    const { session } = await createUserWithSession('trash');
    await useSessionInBrowser(s.context, session);
    const [desk, chair, shelf, stool] = await createProductsApi(session, [
      { name: 'Oak Desk', price: 300, quantity: 1, sku: 'DESK-1' },
      { name: 'Chair', price: 45, quantity: 4 },
      { name: 'Shelf', price: 80, quantity: 2 },
      { name: 'Stool', price: 20, quantity: 0 },
    ]);
    for (const product of [stool, shelf, chair, desk]) await deleteProductApi(session, product.id);

    const trash = new ProductTrashPage(s.page);
    await trash.goto();
    // The most recently deleted first.
    await trash.waitForNames(['Oak Desk', 'Chair', 'Shelf', 'Stool']);
    const [sku, deleted, purged] = await trash.cells('Oak Desk');
    expect(sku).toBe('DESK-1');
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    expect(deleted).toContain(today);
    expect(purged).not.toBe('');

    await trash.restoreButton('Oak Desk').click();
    await toastLocator(s.page, 'Product restored').waitFor();
    await trash.waitForNames(['Chair', 'Shelf', 'Stool']);

    // Cancel keeps it; confirmed, it is gone for good.
    await trash.purgeButton('Chair').click();
    await trash.confirmDialog.getByText('Delete forever?', { exact: true }).waitFor();
    await trash.confirmDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await trash.confirmDialog.waitFor({ state: 'hidden' });
    await trash.purge('Chair');
    await toastLocator(s.page, 'Product deleted forever').waitFor();
    await trash.waitForNames(['Shelf', 'Stool']);

    await trash.emptyTrash.click();
    await trash.confirmDialog.getByText('Empty the trash?', { exact: true }).waitFor();
    await trash.confirmDialog.getByRole('button', { name: 'Empty trash', exact: true }).click();
    await toastLocator(s.page, 'Trash emptied: 2 products deleted forever').waitFor();
    await trash.waitForNames([]);
    expect(await trash.emptyTrash.isDisabled()).toBe(true);

    // Only the restored desk is left in the catalogue.
    await trash.backToProducts.click();
    const list = new ProductListPage(s.page);
    await list.ready();
    await list.waitForStats({ total: '1', inStock: '1', outOfStock: '0', value: '$300.00' });
    expect(await list.names()).toEqual(['Oak Desk']);
    s.assertClean();
  });

  it.each([
    ['375', MOBILE],
    ['1280', DESKTOP],
  ])('at %s px a deleted product\'s page, the trash, its confirmation and its empty state fit the screen and are axe clean', async (width, viewport) => {
    const mobile = viewport === MOBILE;
    const s = await b.open(b.browser(), { viewport, isMobile: mobile, hasTouch: mobile });
    const { session } = await createUserWithSession(`trash-${width}`);
    await useSessionInBrowser(s.context, session);
    const products = await createProductsApi(
      session,
      Array.from({ length: 12 }, (_, i) => ({ name: `Trashed ${String(i + 1).padStart(2, '0')} brass reading lamp`, price: 10 + i, quantity: i % 3, sku: `LAMP-${i + 1}` })),
    );
    for (const product of products) await deleteProductApi(session, product.id);

    // A link to a deleted product (a bookmark, an old tab) says where it went and offers it back.
    const detail = new ProductDetailPage(s.page);
    await s.page.goto(`/products/${products[0].id}`);
    await s.page.getByRole('heading', { level: 1, name: 'Trashed 01 brass reading lamp is in the trash' }).waitFor();
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'product-in-trash');
    await s.page.getByRole('button', { name: 'Restore product', exact: true }).click();
    await toastLocator(s.page, 'Product restored').waitFor();
    await detail.ready();
    await s.page.getByRole('heading', { level: 1, name: 'Trashed 01 brass reading lamp' }).waitFor();

    const trash = new ProductTrashPage(s.page);
    await trash.goto();
    await trash.pagination.waitFor();
    expect(await trash.rows.count()).toBe(10);
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    const restore = await trash.restoreButton('Trashed 12 brass reading lamp').boundingBox();
    expect(restore!.x + restore!.width).toBeLessThanOrEqual(viewport.width);
    if (mobile) expect(restore!.height).toBeGreaterThanOrEqual(44);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'trash');

    await trash.purgeButton('Trashed 12 brass reading lamp').click();
    await trash.confirmDialog.waitFor();
    await animationsDone(s.page);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'trash-confirm');
    await trash.confirmDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await trash.confirmDialog.waitFor({ state: 'hidden' });

    await trash.empty();
    await trash.waitForNames([]);
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'trash-empty');
    s.assertClean();
  });
});
