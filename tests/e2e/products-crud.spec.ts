import type { Locator } from 'playwright-core';
import { ProductMessages } from '@stockroom/schema';
import { markDocument, sameDocument, useBrowser } from './support/browser';
import { createProductApi, deleteProductApi, signedInUser, updateProductApi } from './support/api';
import { e2eEnv } from './support/env';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { ProductListPage, waitForExactText } from './pages/ProductListPage';
import { toastLocator } from './pages/AppShell';

/**
 * Types the first value into `field` key by key and leaves it, then replaces
 * it with each next value; after each one the field shows that message (null: none).
 */
async function expectMessagesAsTyped(form: ProductFormPage, field: Locator, steps: Array<[value: string, message: string | null]>): Promise<void> {
  for (const [i, [value, message]] of steps.entries()) {
    if (i === 0) await form.typeAndLeave(field, value);
    else await field.fill(value);
    if (message === null) await form.waitForNoFieldError(field);
    else await form.waitForFieldError(field, message);
  }
}

describe('products: create, edit, delete', () => {
  const b = useBrowser();

  it('creates a product from the form: it leads the list and the stats cards update, without a page reload', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'create');
    await createProductApi(session, { name: 'Desk Lamp', price: 25.5, quantity: 4 });
    await createProductApi(session, { name: 'Old Stool', price: 10, quantity: 0 });

    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForNames(['Old Stool', 'Desk Lamp']);
    await list.waitForStats({ total: '2', inStock: '1', outOfStock: '1', value: '$102.00' });
    await markDocument(s);

    await list.addNewProduct.click();
    const form = new ProductFormPage(s.page);
    await form.readyToCreate();
    await form.waitForPath('/products/new');
    // A new product starts empty: the draft defaults the server would give are the placeholders (product-form.spec.ts).
    expect(await form.values()).toEqual({
      name: '',
      description: '',
      price: '',
      category: '',
      quantity: '',
      imageUrl: '',
    });
    await form.fill({
      name: 'Walnut Bookshelf',
      description: 'Solid walnut, five adjustable shelves.',
      price: '1249.99',
      quantity: '3',
      category: 'Furniture',
    });
    await form.createButton.click();
    // Toasts last 3 s: look for them right after the action.
    await toastLocator(s.page, 'Product created').waitFor();
    await list.waitForPath('/products', '');
    await list.heading.waitFor();
    await list.waitForNames(['Walnut Bookshelf', 'Old Stool', 'Desk Lamp']);
    expect((await list.rowCells('Walnut Bookshelf')).slice(1, 5)).toEqual([
      'Furniture',
      '$1,249.99',
      '3',
      'In Stock',
    ]);
    // 102.00 + 3 x 1249.99 = 3851.97
    await list.waitForStats({ total: '3', inStock: '2', outOfStock: '1', value: '$3,851.97' });
    await list.waitForSummary(3, 3);
    expect(await sameDocument(s)).toBe(true);
    s.assertClean();
  });

  it('edits a product: the detail view and the list show the new values', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'edit');
    const lamp = await createProductApi(session, { name: 'Desk Lamp', price: 25.5, quantity: 4, category: 'Lighting' });
    await createProductApi(session, { name: 'Floor Lamp', price: 80, quantity: 1, category: 'Lighting' });

    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForStats({ total: '2', inStock: '2', outOfStock: '0', value: '$182.00' });
    await markDocument(s);

    await list.editButton('Desk Lamp').click();
    const form = new ProductFormPage(s.page);
    await form.readyToEdit();
    await form.waitForPath(`/products/${lamp.id}/edit`);
    expect(await form.values()).toMatchObject({ name: 'Desk Lamp', price: '25.50', quantity: '4', category: 'Lighting' });

    await form.fill({ name: 'Brass Desk Lamp', price: '39.95', quantity: '0', category: 'Lamps' });
    await form.updateButton.click();
    await toastLocator(s.page, 'Product updated').waitFor();

    const detail = new ProductDetailPage(s.page);
    await detail.waitForPath(`/products/${lamp.id}`);
    await waitForExactText(detail.heading, 'Brass Desk Lamp');
    await waitForExactText(detail.price, '$39.95');
    await waitForExactText(detail.quantity, '0');
    await waitForExactText(detail.category, 'Lamps');
    await detail.outOfStockBadge.waitFor();

    await detail.backToProducts.click();
    await list.waitForPath('/products', '');
    await list.waitForNames(['Floor Lamp', 'Brass Desk Lamp']);
    expect(await list.row('Desk Lamp').count()).toBe(0);
    expect((await list.rowCells('Brass Desk Lamp')).slice(1, 5)).toEqual([
      'Lamps',
      '$39.95',
      '0',
      'Out of Stock',
    ]);
    await list.waitForStats({ total: '2', inStock: '1', outOfStock: '1', value: '$80.00' });
    expect(await sameDocument(s)).toBe(true);

    // And after a reload (the server, not just the client cache, has the change).
    await s.page.reload();
    await list.ready();
    await list.waitForNames(['Floor Lamp', 'Brass Desk Lamp']);
    await list.waitForStats({ total: '2', inStock: '1', outOfStock: '1', value: '$80.00' });
    s.assertClean();
  });

  it('deletes from the list only after confirmation: gone from the list, stats updated', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'delete');
    await createProductApi(session, { name: 'Keep Me', price: 12.5, quantity: 2 });
    await createProductApi(session, { name: 'Remove Me', price: 1000, quantity: 3 });

    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForNames(['Remove Me', 'Keep Me']);
    await list.waitForStats({ total: '2', inStock: '2', outOfStock: '0', value: '$3,025.00' });

    // Cancel keeps it.
    let dialog = await list.openDeleteConfirmation('Remove Me');
    await dialog.getByText('Delete product?', { exact: true }).waitFor();
    await dialog.getByText('Remove Me', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await list.waitForNames(['Remove Me', 'Keep Me']);

    dialog = await list.openDeleteConfirmation('Remove Me');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastLocator(s.page, 'Product deleted').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await list.waitForNames(['Keep Me']);
    await list.waitForSummary(1, 1);
    await list.waitForStats({ total: '1', inStock: '1', outOfStock: '0', value: '$25.00' });

    // The last one: the empty catalogue state.
    await list.deleteProduct('Keep Me');
    await list.noProductsYet.waitFor();
    await list.waitForStats({ total: '0', inStock: '0', outOfStock: '0', value: '$0.00' });
    s.assertClean();
  });

  it('deletes from the detail page: back on the list without it, stats updated', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'delete-detail');
    await createProductApi(session, { name: 'Sofa', price: 499.99, quantity: 1 });
    const chair = await createProductApi(session, { name: 'Chair', price: 45, quantity: 0 });

    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForStats({ total: '2', inStock: '1', outOfStock: '1', value: '$499.99' });
    await list.viewButton('Chair').click();

    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    await detail.waitForPath(`/products/${chair.id}`);
    await waitForExactText(detail.heading, 'Chair');
    // Cancelling the confirmation keeps the product.
    await detail.deleteProduct.click();
    await detail.confirmDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await detail.confirmDialog.waitFor({ state: 'hidden' });
    await waitForExactText(detail.heading, 'Chair');

    await detail.confirmDelete();
    await toastLocator(s.page, 'Product deleted').waitFor();
    await list.waitForPath('/products', '');
    await list.waitForNames(['Sofa']);
    await list.waitForStats({ total: '1', inStock: '1', outOfStock: '0', value: '$499.99' });

    // Its page says where it went: the trash, from which it can come back.
    await s.page.goto(`/products/${chair.id}`);
    await detail.main.getByRole('heading', { level: 1, name: 'Chair is in the trash' }).waitFor();
    await detail.main.getByRole('button', { name: 'Restore product', exact: true }).waitFor();
    s.assertClean();
  });
});

describe('products: every list view agrees after a change', () => {
  const b = useBrowser();

  it('filtered and sorted lists seen before a create, an edit and a delete show the change too', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'views');
    await createProductApi(session, { name: 'Bolt', price: 2, quantity: 3 });
    await createProductApi(session, { name: 'Nail', price: 1, quantity: 0 });
    await createProductApi(session, { name: 'Screw', price: 3, quantity: 5 });

    // Visit (and so cache) several views of the list first.
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForNames(['Screw', 'Nail', 'Bolt']);
    await list.filterStock('In Stock');
    await list.waitForNames(['Screw', 'Bolt']);
    await list.filterStock('Out of Stock');
    await list.waitForNames(['Nail']);
    await list.filterStock('All');
    await list.sort('Name', 'Ascending');
    await list.waitForPath('/products', '?sortBy=name&sortOrder=asc');
    await list.waitForNames(['Bolt', 'Nail', 'Screw']);
    await markDocument(s);

    // Create: in every view it belongs to, in its place.
    await list.addNewProduct.click();
    const form = new ProductFormPage(s.page);
    await form.readyToCreate();
    await form.fill({ name: 'Anvil', price: '50', quantity: '2', category: 'Smithing', description: 'Cast iron, 50 kg.' });
    await form.createButton.click();
    await list.waitForPath('/products', '');
    await list.waitForNames(['Anvil', 'Screw', 'Nail', 'Bolt']);
    await list.filterStock('In Stock');
    await list.waitForNames(['Anvil', 'Screw', 'Bolt']);
    await list.waitForSummary(3, 3);
    await list.filterStock('Out of Stock');
    await list.waitForNames(['Nail']);
    await list.waitForSummary(1, 1);
    await list.filterStock('All');
    await list.sort('Name', 'Ascending');
    await list.waitForNames(['Anvil', 'Bolt', 'Nail', 'Screw']);
    await list.waitForSummary(4, 4);

    // Edit: out of stock now, so it leaves the In Stock view and joins the Out of Stock one.
    await list.editButton('Screw').click();
    await form.readyToEdit();
    await form.fill({ quantity: '0' });
    await form.updateButton.click();
    const detail = new ProductDetailPage(s.page);
    await detail.outOfStockBadge.waitFor();
    await detail.backToProducts.click();
    await list.waitForPath('/products', '?sortBy=name&sortOrder=asc');
    await list.waitForNames(['Anvil', 'Bolt', 'Nail', 'Screw']);
    expect(await list.column(4)).toEqual(['In Stock', 'In Stock', 'Out of Stock', 'Out of Stock']);
    await list.filterStock('In Stock');
    await list.waitForNames(['Anvil', 'Bolt']);
    await list.waitForSummary(2, 2);
    await list.filterStock('Out of Stock');
    await list.waitForNames(['Nail', 'Screw']);
    await list.waitForSummary(2, 2);

    // Delete: gone from every view.
    await list.deleteProduct('Nail');
    await list.waitForNames(['Screw']);
    await list.waitForSummary(1, 1);
    await list.filterStock('All');
    await list.waitForNames(['Anvil', 'Bolt', 'Screw']);
    await list.waitForSummary(3, 3);
    await list.sort('Date', 'Descending');
    await list.waitForPath('/products', '');
    await list.waitForNames(['Anvil', 'Screw', 'Bolt']);
    await list.waitForStats({ total: '3', inStock: '2', outOfStock: '1', value: '$106.00' });
    expect(await sameDocument(s)).toBe(true);
    s.assertClean();
  });
});

describe('products: form validation and server errors', () => {
  const b = useBrowser();

  it('validates as the user types, with the catalogue messages, and sends nothing while invalid', async () => {
    const s = b.session();
    await signedInUser(s, 'validate');
    const form = new ProductFormPage(s.page);
    const mutations: string[] = [];
    s.page.on('request', (req) => {
      if (req.url().endsWith('/graphql') && /"operationName":"ProductCreate"/.test(req.postData() ?? '')) mutations.push(req.url());
    });
    await form.gotoNew();

    // Submitting the untouched draft from the keyboard names what is missing, and takes the focus to the first field to fix.
    await form.createButton.press('Enter');
    await form.waitForFieldError(form.name, 'Product name is required');
    await form.waitForFieldError(form.price, 'Price is required');
    expect(await form.fieldError(form.description)).toBeNull();
    await form.waitForFocus(form.name);

    // Each message follows the keystrokes.
    await form.typeAndLeave(form.name, 'A');
    await form.waitForFieldError(form.name, 'Product name must be at least 2 characters');
    await form.name.press('End');
    await form.name.pressSequentially('x');
    await form.waitForNoFieldError(form.name);
    await form.name.fill('N'.repeat(101));
    await form.waitForFieldError(form.name, 'Product name cannot exceed 100 characters');
    await form.name.fill('Oak Table');
    await form.waitForNoFieldError(form.name);

    await form.typeAndLeave(form.description, 'Too short');
    await form.waitForFieldError(form.description, 'Description must be at least 10 characters');
    await form.description.pressSequentially('!');
    await form.waitForNoFieldError(form.description);

    await expectMessagesAsTyped(form, form.price, [
      ['0', 'Price must be at least 0.01'],
      ['abc', 'Price must be a number'],
      ['1000000', 'Price cannot exceed 999999.99'],
      ['12.345', 'Price cannot have more than 2 decimal places'],
      ['0.01', null],
    ]);
    await expectMessagesAsTyped(form, form.quantity, [
      ['2.5', 'Quantity must be a whole number'],
      ['100001', 'Quantity cannot exceed 100000'],
      // Empty on a new product is the draft quantity, 0.
      ['', null],
      ['7', null],
    ]);
    await expectMessagesAsTyped(form, form.category, [
      ['X', 'Category must be at least 2 characters'],
      ['Tables', null],
    ]);

    await form.typeAndLeave(form.imageUrl, 'javascript:alert(1)');
    await form.waitForFieldError(form.imageUrl, 'Image URL format is invalid');

    // Still invalid: the button does not send, and the focus goes to the one field still wrong.
    await form.createButton.click();
    await form.waitForFieldError(form.imageUrl, 'Image URL format is invalid');
    await form.waitForFocus(form.imageUrl);
    expect(s.pathWithQuery()).toBe('/products/new');

    await form.imageUrl.fill('');
    await form.waitForNoFieldError(form.imageUrl);
    expect(mutations).toEqual([]);

    await form.createButton.click();
    const list = new ProductListPage(s.page);
    await list.waitForPath('/products', '');
    await list.waitForNames(['Oak Table']);
    expect(mutations).toHaveLength(1);
    expect((await list.rowCells('Oak Table')).slice(1, 5)).toEqual([
      'Tables',
      '$0.01',
      '7',
      'In Stock',
    ]);
    s.assertClean();
  });

  it("shows the server's refusal of a stale update as a toast and a warning, and saves after taking the server's name", async () => {
    const s = b.session();
    const session = await signedInUser(s, 'conflict');
    const product = await createProductApi(session, { name: 'Garden Hose', price: 19.99, quantity: 5 });
    const form = new ProductFormPage(s.page);
    await form.gotoEdit(product.id);

    // Someone else renames it and changes its price meanwhile (same account, another device).
    await updateProductApi(session, product.id, { name: 'Garden Hose Pro', price: 24.99, version: product.version });

    await form.fill({ name: 'Garden Hose 30 m' });
    await form.updateButton.click();
    const message = 'This product was changed by someone else. Reload it and try again';
    await toastLocator(s.page, message).waitFor();
    await form.conflict.waitFor();
    await form.conflict.getByText(message, { exact: true }).waitFor();
    expect(s.pathWithQuery()).toBe(`/products/${product.id}/edit`);

    await form.collision('Product name').takeTheirs.click();
    expect(await form.values()).toMatchObject({ name: 'Garden Hose Pro', price: '24.99' });

    await form.fill({ name: 'Garden Hose 30 m' });
    await form.updateButton.click();
    const detail = new ProductDetailPage(s.page);
    await detail.waitForPath(`/products/${product.id}`);
    await waitForExactText(detail.heading, 'Garden Hose 30 m');
    await waitForExactText(detail.price, '$24.99');
    s.assertClean();
  });

  it("shows 'Product not found' when the product was deleted while being edited", async () => {
    const s = b.session();
    const session = await signedInUser(s, 'gone');
    const product = await createProductApi(session, { name: 'Paint Brush', price: 4.5, quantity: 10 });
    const form = new ProductFormPage(s.page);
    await form.gotoEdit(product.id);
    await deleteProductApi(session, product.id);

    await form.fill({ price: '5' });
    await form.updateButton.click();
    await toastLocator(s.page, ProductMessages.notFound).waitFor();
    expect(s.pathWithQuery()).toBe(`/products/${product.id}/edit`);
    s.assertClean();
  });
});

describe('products: detail page', () => {
  const b = useBrowser();

  it("adjusts stock: a sale beyond the stock says 'Insufficient stock available'; selling the last unit flips the badge", async () => {
    const s = b.session();
    const session = await signedInUser(s, 'stock');
    const product = await createProductApi(session, { name: 'Spare Fuse', price: 2, quantity: 2 });
    const detail = new ProductDetailPage(s.page);
    await detail.goto(product.id);
    await detail.inStockBadge.waitFor();
    await waitForExactText(detail.currentStock, '2');

    await detail.adjust(-3);
    await toastLocator(s.page, ProductMessages.insufficientStock).waitFor();
    await waitForExactText(detail.stockError, ProductMessages.insufficientStock);
    await waitForExactText(detail.quantity, '2');
    await detail.inStockBadge.waitFor();

    await detail.adjust(-1);
    await detail.stockError.waitFor({ state: 'hidden' });
    await waitForExactText(detail.currentStock, '1');
    await waitForExactText(detail.quantity, '1');
    await detail.inStockBadge.waitFor();

    await detail.adjust(-1);
    await waitForExactText(detail.currentStock, '0');
    await detail.outOfStockBadge.waitFor();
    expect(await detail.inStockBadge.count()).toBe(0);

    await detail.adjust(-1);
    await waitForExactText(detail.stockError, 'Product is out of stock');

    await detail.adjust(5);
    await toastLocator(s.page, 'Stock updated').first().waitFor();
    await waitForExactText(detail.currentStock, '5');
    await detail.inStockBadge.waitFor();

    // The list agrees.
    await detail.backToProducts.click();
    const list = new ProductListPage(s.page);
    await list.ready();
    expect((await list.rowCells('Spare Fuse')).slice(3, 5)).toEqual(['5', 'In Stock']);
    await list.waitForStats({ total: '1', inStock: '1', outOfStock: '0', value: '$10.00' });
    s.assertClean();
  });

  it('renders HTML in a product name as text: no element is injected, no dialog opens', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'xss');
    const name = '<img src=x onerror=alert(1)>';
    const product = await createProductApi(session, { name, price: 3, quantity: 1, description: '<script>alert(2)</script> described' });
    const dialogs: string[] = [];
    s.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });

    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForNames([name]);
    await list.row(name).getByRole('link', { name, exact: true }).waitFor();

    await list.viewButton(name).click();
    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    await waitForExactText(detail.heading, name);
    await waitForExactText(detail.description, '<script>alert(2)</script> described');
    await detail.imagePlaceholder(name).waitFor();

    await detail.deleteProduct.click();
    await detail.confirmDialog.getByText(name, { exact: true }).waitFor();
    await detail.confirmDialog.getByRole('button', { name: 'Cancel', exact: true }).click();

    expect(await s.page.locator('img[src="x"], main script').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await detail.waitForPath(`/products/${product.id}`);
    s.assertClean();
  });

  it('shows the picture of an http(s) image URL, and the placeholder without one', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'image');
    // A same-origin picture: the tests' browser reaches no other host.
    const imageUrl = `${e2eEnv().baseUrl}/favicon.svg`;
    const pictured = await createProductApi(session, { name: 'Pictured Vase', price: 30, quantity: 1, imageUrl });
    const plain = await createProductApi(session, { name: 'Plain Vase', price: 20, quantity: 1, imageUrl: null });

    const list = new ProductListPage(s.page);
    await list.goto();
    await list.row('Pictured Vase').getByRole('img', { name: 'Pictured Vase', exact: true }).waitFor();
    await list.row('Plain Vase').getByRole('img', { name: 'No image for Plain Vase', exact: true }).waitFor();

    const detail = new ProductDetailPage(s.page);
    await detail.goto(pictured.id);
    const img = detail.image('Pictured Vase');
    await img.waitFor();
    expect(await img.getAttribute('src')).toBe(imageUrl);
    await detail.waitForImageLoaded(img);
    expect(await detail.imagePlaceholder('Pictured Vase').count()).toBe(0);

    await detail.goto(plain.id);
    await detail.imagePlaceholder('Plain Vase').waitFor();
    expect(await s.page.getByRole('main').locator('img').count()).toBe(0);
    s.assertClean();
  });
});
