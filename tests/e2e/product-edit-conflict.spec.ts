import { ProductMessages } from '@stockroom/schema';
import { useBrowser } from './support/browser';
import { adjustStockApi, createProductApi, signedInUser, updateProductApi } from './support/api';
import { CLEAN_AT_EVERY_WIDTH, checkAtEveryWidth } from './support/no-violations';
import { animationsDone, saveScreenshot } from './support/screen-checks';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { waitForExactText } from './pages/ProductListPage';
import { toastLocator } from './pages/AppShell';

/**
 * Editing a busy product: a sale recorded while the edit form is open does not
 * block the edit, and a field someone else changed as well is shown, theirs
 * beside what was typed, for the user to choose; nothing typed is lost.
 */
describe('products: an edit while the product changes elsewhere', () => {
  const b = useBrowser();
  const LONG = 'Brass desk lamp with a weighted base, a linen shade and a two metre braided cable. Fits E27 bulbs up to 60 W.';

  it('saves an edit made while a sale was recorded, and the product keeps the sale', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'busy-edit');
    const product = await createProductApi(session, { name: 'Desk Lamp', price: 12, quantity: 10 });
    const form = new ProductFormPage(s.page);
    await form.gotoEdit(product.id);
    await form.fill({ name: 'Brass Desk Lamp', description: LONG });

    // The till sells one while the form is open.
    await adjustStockApi(session, product.id, { delta: -1, reason: 'SALE' });

    await form.updateButton.click();
    const detail = new ProductDetailPage(s.page);
    await detail.waitForPath(`/products/${product.id}`);
    await waitForExactText(detail.heading, 'Brass Desk Lamp');
    const saved = await updateProductApi(session, product.id, {});
    expect(saved).toMatchObject({ name: 'Brass Desk Lamp', description: LONG, quantity: 9 });
    s.assertClean();
  });

  it('shows a rename made meanwhile beside the name typed, keeps the typing, and lets the user choose per field', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'rename-edit');
    const product = await createProductApi(session, { name: 'Desk Lamp', description: 'A lamp for the desk', price: 12, quantity: 10, category: 'Lighting' });
    const form = new ProductFormPage(s.page);
    await form.gotoEdit(product.id);
    await form.fill({ name: 'Brass Desk Lamp', description: LONG, category: 'Lamps' });

    // Someone else renames it, moves it to another category and changes its price; the till sells one.
    const theirs = await updateProductApi(session, product.id, { name: 'Reading Lamp', category: 'Reading', price: 15, version: product.version });
    await adjustStockApi(session, product.id, { delta: -1, reason: 'SALE' });

    await form.updateButton.click();
    await toastLocator(s.page, ProductMessages.conflict).waitFor();
    await form.conflict.waitFor();
    const name = form.collision('Product name');
    const category = form.collision('Category');
    await waitForExactText(name.theirs, 'Reading Lamp');
    await waitForExactText(name.mine, 'Brass Desk Lamp');
    await waitForExactText(category.theirs, 'Reading');
    await waitForExactText(category.mine, 'Lamps');
    // What only the server changed is taken in; what only the user changed is kept.
    expect(await form.values()).toMatchObject({ name: 'Brass Desk Lamp', description: LONG, category: 'Lamps', price: '15.00', quantity: '9' });
    expect(s.pathWithQuery()).toBe(`/products/${product.id}/edit`);

    await animationsDone(s.page);
    for (const [width, result] of Object.entries(await checkAtEveryWidth(s.page, () => animationsDone(s.page), 'main'))) {
      await s.page.setViewportSize({ width: Number(width), height: 800 });
      await saveScreenshot(s.page, 'product-edit-conflict', `conflict-${width}`);
      expect({ width, ...result }).toEqual({ width, ...CLEAN_AT_EVERY_WIDTH[Number(width)] });
    }

    await name.keepMine.click();
    await category.takeTheirs.click();
    expect(await name.keepMine.getAttribute('aria-pressed')).toBe('true');
    expect(await form.values()).toMatchObject({ name: 'Brass Desk Lamp', description: LONG, category: 'Reading' });
    await form.takeAllTheirs.click();
    expect(await form.values()).toMatchObject({ name: 'Reading Lamp', category: 'Reading', description: LONG });
    await form.keepAllMine.click();
    expect(await form.values()).toMatchObject({ name: 'Brass Desk Lamp', category: 'Lamps', description: LONG });
    await category.takeTheirs.click();

    await form.updateButton.click();
    const detail = new ProductDetailPage(s.page);
    await detail.waitForPath(`/products/${product.id}`);
    await waitForExactText(detail.heading, 'Brass Desk Lamp');
    const saved = await updateProductApi(session, product.id, {});
    expect(saved).toMatchObject({ name: 'Brass Desk Lamp', description: LONG, category: 'Reading', price: 15, quantity: 9 });
    expect(saved.version).toBeGreaterThan(theirs.version);
    s.assertClean();
  });
});
