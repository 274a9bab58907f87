import type { Locator } from 'playwright-core';
import { BasePage } from './BasePage';

export interface ProductFormValues {
  name?: string;
  description?: string;
  price?: string;
  costPrice?: string;
  category?: string;
  quantity?: string;
  imageUrl?: string;
  sku?: string;
  barcode?: string;
}

/** /products/new (Add New Product) and /products/:id/edit (Edit Product): one form, two modes. */
export class ProductFormPage extends BasePage {
  readonly createForm = this.page.getByRole('form', { name: 'New product' });
  readonly editForm = this.page.getByRole('form', { name: 'Edit product' });
  readonly form = this.createForm.or(this.editForm);

  readonly name = this.form.getByLabel('Product Name', { exact: true });
  readonly description = this.form.getByLabel('Description', { exact: true });
  readonly price = this.form.getByLabel('Price', { exact: true });
  readonly costPrice = this.form.getByLabel('Cost price', { exact: true });
  readonly category = this.form.getByLabel('Category', { exact: true });
  readonly quantity = this.form.getByLabel('Quantity', { exact: true });
  readonly imageUrl = this.form.getByLabel('Image URL', { exact: true });
  readonly featured = this.form.getByLabel('Featured product', { exact: true });
  readonly sku = this.form.getByLabel('SKU', { exact: true });
  readonly barcode = this.form.getByLabel('Barcode', { exact: true });

  readonly createButton = this.form.getByRole('button', { name: 'Create Product', exact: true });
  readonly updateButton = this.form.getByRole('button', { name: 'Update Product', exact: true });
  readonly cancel = this.form.getByRole('link', { name: 'Cancel', exact: true });

  /** Upload image: its file input (labelled), progress bar and message. */
  readonly upload = {
    input: this.form.getByLabel('Upload image', { exact: true }),
    uploading: this.form.getByRole('progressbar', { name: 'Upload progress' }),
    complete: this.form.getByRole('progressbar', { name: 'Upload complete' }),
    error: this.form.getByRole('alert'),
  };

  /** The warning shown when the server refuses a stale update (409). */
  readonly conflict = this.form.getByRole('alert').filter({ hasText: 'This product has changed' });

  /** In the conflict warning, one field both sides changed: its values (On the server, Yours) and the choice between them. */
  collision(label: string) {
    const group = this.conflict.getByRole('group', { name: `Changed by you and on the server: ${label}`, exact: true });
    return {
      group,
      theirs: group.getByRole('definition').nth(0),
      mine: group.getByRole('definition').nth(1),
      keepMine: group.getByRole('button', { name: 'Keep mine', exact: true }),
      takeTheirs: group.getByRole('button', { name: 'Take theirs', exact: true }),
    };
  }

  readonly keepAllMine = this.form.getByRole('button', { name: 'Keep all mine', exact: true });
  readonly takeAllTheirs = this.form.getByRole('button', { name: 'Take all theirs', exact: true });

  /** The edit page's way back to the product's detail page ("Back to {name}"). */
  backToProduct(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name: `Back to ${name}`, exact: true });
  }

  async gotoNew(): Promise<void> {
    await this.page.goto('/products/new');
    await this.readyToCreate();
  }

  async gotoEdit(id: string): Promise<void> {
    await this.page.goto(`/products/${id}/edit`);
    await this.readyToEdit();
  }

  async readyToCreate(): Promise<void> {
    await this.createButton.waitFor();
    await this.waitForTitle('Add New Product - Stockroom');
    await this.waitForLiveForms();
  }

  async readyToEdit(): Promise<void> {
    await this.updateButton.waitFor();
    await this.waitForTitle('Edit Product - Stockroom');
    await this.waitForLiveForms();
  }

  /** Replaces the text of each given field, as a person would (select all, type). */
  async fill(values: ProductFormValues): Promise<void> {
    const fields: [Locator, string | undefined][] = [
      [this.name, values.name],
      [this.description, values.description],
      [this.price, values.price],
      [this.costPrice, values.costPrice],
      [this.quantity, values.quantity],
      [this.category, values.category],
      [this.imageUrl, values.imageUrl],
      [this.sku, values.sku],
      [this.barcode, values.barcode],
    ];
    for (const [field, value] of fields) {
      if (value !== undefined) await field.fill(value);
    }
  }

  /** The fields every product has (the optional codes are read on their own). */
  async values(): Promise<Required<Omit<ProductFormValues, 'sku' | 'barcode' | 'costPrice'>>> {
    return {
      name: await this.name.inputValue(),
      description: await this.description.inputValue(),
      price: await this.price.inputValue(),
      category: await this.category.inputValue(),
      quantity: await this.quantity.inputValue(),
      imageUrl: await this.imageUrl.inputValue(),
    };
  }

  /** Waits until keyboard focus is on the field; on timeout says where it is instead. */
  async waitForFocus(field: Locator): Promise<void> {
    const handle = await field.elementHandle();
    try {
      await this.page.waitForFunction((el) => document.activeElement === el, handle);
    } catch (err) {
      const focused = await this.page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el ? `<${el.tagName.toLowerCase()} id="${el.id}"> ${JSON.stringify((el.innerText || el.getAttribute('aria-label') || '').trim())}` : '(none)';
      });
      throw new Error(`expected ${field} to have focus; the focus is on ${focused}\n${(err as Error).message}`);
    }
  }

  /** Waits until the field no longer shows an error. */
  async waitForNoFieldError(field: Locator): Promise<void> {
    const handle = await field.elementHandle();
    await this.page.waitForFunction((el) => (el as HTMLElement).getAttribute('aria-invalid') !== 'true', handle);
  }

  /** Types into a field key by key and leaves it, as a person does. */
  async typeAndLeave(field: Locator, text: string): Promise<void> {
    await field.fill('');
    await field.pressSequentially(text);
    await field.blur();
  }
}
