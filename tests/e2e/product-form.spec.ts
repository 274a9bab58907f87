import { PRODUCT_DRAFT_DEFAULTS } from '@stockroom/schema';
import { png } from '../support/images';
import { createProductApi, signedInUser } from './support/api';
import { DESKTOP, MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { axeLines } from './support/axe';
import { holdImageUploads, saveScreenshot, sidewaysOverflow } from './support/screen-checks';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { ProductListPage } from './pages/ProductListPage';

const SCREENSHOTS = 'product-form';
const WIDTHS = [
  ['1280', DESKTOP],
  ['375', MOBILE],
] as const;

/**
 * The header's user menu button fails label-content-name-mismatch on every
 * signed-in screen; it is being fixed with the user menu, apart from these screens.
 */
const ELSEWHERE = ['.user-menu__target'];

/** The screen as a person sees it: no axe finding, nothing sideways at this width (nor at 320 px on the phone), and a screenshot to look at. */
async function checkScreen(s: GuardedSession, name: string, width: string): Promise<void> {
  expect(await axeLines(s.page, { exclude: ELSEWHERE })).toEqual([]);
  expect(await sidewaysOverflow(s.page)).toEqual([]);
  await saveScreenshot(s.page, SCREENSHOTS, `${name}-${width}`);
  // The phone's session narrowed to the smallest phones (a desktop window narrowed that far is the shell's case, not the form's).
  if (width !== '375') return;
  const viewport = s.page.viewportSize()!;
  await s.page.setViewportSize({ width: 320, height: viewport.height });
  expect(await sidewaysOverflow(s.page)).toEqual([]);
  await saveScreenshot(s.page, SCREENSHOTS, `${name}-320`);
  await s.page.setViewportSize(viewport);
}

describe('product form: placeholders, draft values, prices', () => {
  const b = useBrowser();

  it.each(WIDTHS)('at %s px: the draft values are placeholders, an empty field is saved with its draft value, "12,50" is a price', async (width, viewport) => {
    const s = await b.open(b.browser(), { viewport, isMobile: viewport === MOBILE, hasTouch: viewport === MOBILE });
    await signedInUser(s, `draft-${width}`);
    const form = new ProductFormPage(s.page);
    await form.gotoNew();

    // Nothing to delete before typing: the fields are empty and say what an empty field becomes.
    expect(await form.values()).toEqual({ name: '', description: '', price: '', category: '', quantity: '', imageUrl: '' });
    expect({
      description: await form.description.getAttribute('placeholder'),
      category: await form.category.getAttribute('placeholder'),
      quantity: await form.quantity.getAttribute('placeholder'),
      price: await form.price.getAttribute('placeholder'),
    }).toEqual({ description: PRODUCT_DRAFT_DEFAULTS.description, category: PRODUCT_DRAFT_DEFAULTS.category, quantity: '0', price: '0.00' });
    await checkScreen(s, 'create', width);

    await form.fill({ name: `Comma Lamp ${width}`, price: '12,50' });
    await form.price.blur();
    await form.waitForNoFieldError(form.price);
    // The cost price sits beside the price and reads money the same way.
    await form.typeAndLeave(form.costPrice, '7.255');
    await form.waitForFieldError(form.costPrice, 'Cost price cannot have more than 2 decimal places');
    await form.costPrice.fill('7,25');
    await form.waitForNoFieldError(form.costPrice);
    await form.createButton.click();
    const list = new ProductListPage(s.page);
    await list.waitForPath('/products', '');

    await s.page.getByRole('link', { name: `Comma Lamp ${width}`, exact: true }).first().click();
    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    expect(await detail.price.textContent()).toBe('$12.50');
    expect(await detail.costPrice.textContent()).toBe('$7.25');
    expect(await detail.category.textContent()).toBe(PRODUCT_DRAFT_DEFAULTS.category);
    expect(await detail.quantity.textContent()).toBe('0');
    expect(await detail.description.textContent()).toBe(PRODUCT_DRAFT_DEFAULTS.description);

    // Edited, the price reads as money, and the draft fields are the product's own values now.
    await detail.editProduct.click();
    await form.readyToEdit();
    expect(await form.price.inputValue()).toBe('12.50');
    expect(await form.costPrice.inputValue()).toBe('7.25');
    expect(await form.description.getAttribute('placeholder')).toBeNull();
    await checkScreen(s, 'edit', width);
    s.assertClean();
  });

  it('the edit form shows 14.50 for 14.5, takes "9,99", and still requires what a product already has', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'edit-price');
    const product = await createProductApi(session, { name: 'Half Price', price: 14.5, quantity: 2 });
    const form = new ProductFormPage(s.page);
    await form.gotoEdit(product.id);
    expect(await form.price.inputValue()).toBe('14.50');

    await form.typeAndLeave(form.description, '');
    await form.waitForFieldError(form.description, 'Description is required');
    await form.description.fill('Back to a real description');
    await form.waitForNoFieldError(form.description);

    await form.price.fill('9,99');
    await form.updateButton.click();
    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    await s.page.waitForFunction(() => document.querySelector('[data-testid="product-price"]')?.textContent === '$9.99');
    s.assertClean();
  });
});

describe('product image: a preview at once, the whole picture on the detail page', () => {
  const b = useBrowser();

  it.each(WIDTHS)('at %s px: a chosen file shows before its upload ends; the detail page letterboxes a tall picture', async (width, viewport) => {
    const s = await b.open(b.browser(), { viewport, isMobile: viewport === MOBILE, hasTouch: viewport === MOBILE });
    await signedInUser(s, `preview-${width}`);
    const form = new ProductFormPage(s.page);
    await form.gotoNew();
    const release = await holdImageUploads(s.page);
    const preview = form.form.getByRole('img', { name: 'Product preview' });

    await form.upload.input.setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: png(40, 120) });
    await form.upload.uploading.waitFor();
    // Still uploading, and the picture is there already.
    await preview.waitFor();
    expect(await preview.evaluate((img) => (img as HTMLImageElement).src.startsWith('data:image/png'))).toBe(true);
    await form.waitForImageLoaded(preview, '');
    await checkScreen(s, 'preview', width);
    release();

    await form.upload.complete.waitFor();
    await preview.waitFor();
    await form.fill({ name: `Tall Vase ${width}`, price: '30' });
    await form.createButton.click();
    const list = new ProductListPage(s.page);
    await list.waitForPath('/products', '');
    await s.page.getByRole('link', { name: `Tall Vase ${width}`, exact: true }).first().click();
    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    const image = detail.image(`Tall Vase ${width}`);
    await detail.waitForImageLoaded(image, '/uploads/');
    // contain: the box stays square and the picture's full height shows inside it, never cropped to fill it.
    expect(await image.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
    await checkScreen(s, 'detail', width);
    s.assertClean();
  });
});
