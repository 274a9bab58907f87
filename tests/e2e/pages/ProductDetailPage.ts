import type { Locator } from 'playwright-core';
import { ProductMessages } from '@stockroom/schema';
import { BasePage } from './BasePage';

/** /products/:id: Product Details, with stock adjustment. */
export class ProductDetailPage extends BasePage {
  readonly main = this.page.getByRole('main');
  readonly heading = this.main.getByRole('heading', { level: 1 });
  readonly backToProducts = this.main.getByRole('link', { name: 'Back to Products', exact: true });
  readonly editProduct = this.main.getByRole('link', { name: 'Edit Product', exact: true });
  readonly deleteProduct = this.main.getByRole('button', { name: 'Delete Product', exact: true });

  readonly price = this.main.getByTestId('product-price');
  readonly category = this.main.getByTestId('product-category');
  readonly quantity = this.main.getByTestId('product-quantity');
  readonly description = this.main.getByTestId('product-description');
  readonly inStockBadge = this.main.getByText('In Stock', { exact: true });
  readonly outOfStockBadge = this.main.getByText('Out of Stock', { exact: true });

  /** Adjust stock. */
  readonly stockAdjuster = this.main.getByRole('group', { name: 'Adjust stock' });
  readonly amount = this.main.getByLabel('Amount', { exact: true });
  readonly sell = this.main.getByRole('button', { name: 'Sell', exact: true });
  readonly receive = this.main.getByRole('button', { name: 'Receive', exact: true });
  readonly currentStock = this.main.getByTestId('product-quantity-current');
  readonly stockError = this.main.getByTestId('stock-adjust-error');

  readonly confirmDialog = this.page.getByRole('alertdialog');
  readonly notFound = this.main.getByText(ProductMessages.notFound, { exact: true });

  async goto(id: string): Promise<void> {
    await this.page.goto(`/products/${id}`);
    await this.ready();
  }

  async ready(): Promise<void> {
    await this.editProduct.waitFor();
    await this.waitForTitle('Product Details - Stockroom');
  }

  /** The product's picture (an <img> named after it) ... */
  image(name: string): Locator {
    return this.main.getByRole('img', { name, exact: true });
  }

  /** ... or its placeholder. */
  imagePlaceholder(name: string): Locator {
    return this.main.getByRole('img', { name: `No image for ${name}`, exact: true });
  }

  /** Sells (negative) or receives (positive) `units`. */
  async adjust(units: number): Promise<void> {
    await this.amount.fill(String(Math.abs(units)));
    await (units < 0 ? this.sell : this.receive).click();
  }

  async confirmDelete(): Promise<void> {
    await this.deleteProduct.click();
    await this.confirmDialog.waitFor();
    await this.confirmDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  }
}
