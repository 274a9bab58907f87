import type { Locator } from 'playwright-core';
import { ProductMessages } from '@stockroom/schema';
import { BasePage } from './BasePage';

/** /products/:id: Product Details, with the stock dialogs and the stock history. */
export class ProductDetailPage extends BasePage {
  readonly main = this.page.getByRole('main');
  readonly heading = this.main.getByRole('heading', { level: 1 });
  readonly backToProducts = this.main.getByRole('link', { name: 'Back to Products', exact: true });
  readonly editProduct = this.main.getByRole('link', { name: 'Edit Product', exact: true });
  readonly deleteProduct = this.main.getByRole('button', { name: 'Delete Product', exact: true });

  readonly price = this.main.getByTestId('product-price');
  readonly costPrice = this.main.getByTestId('product-cost-price');
  readonly category = this.main.getByTestId('product-category');
  readonly sku = this.main.getByTestId('product-sku');
  readonly barcode = this.main.getByTestId('product-barcode');
  readonly quantity = this.main.getByTestId('product-quantity');
  readonly description = this.main.getByTestId('product-description');
  readonly inStockBadge = this.main.getByText('In Stock', { exact: true });
  readonly outOfStockBadge = this.main.getByText('Out of Stock', { exact: true });

  /** The stock area: the quantity and the two dialogs that change it. */
  readonly stockArea = this.main.getByRole('region', { name: 'Stock', exact: true });
  readonly adjustStock = this.main.getByRole('button', { name: 'Adjust stock', exact: true });
  readonly countStock = this.main.getByRole('button', { name: 'Count stock', exact: true });
  readonly currentStock = this.main.getByTestId('product-quantity-current');

  /** Adjust stock, a dialog. */
  readonly adjustDialog = this.page.getByRole('dialog', { name: 'Adjust stock' });
  readonly takeOut = this.adjustDialog.getByRole('radio', { name: 'Take out', exact: true });
  readonly add = this.adjustDialog.getByRole('radio', { name: 'Add', exact: true });
  readonly reason = this.adjustDialog.getByLabel('Reason', { exact: true });
  readonly amount = this.adjustDialog.getByLabel('Amount', { exact: true });
  readonly adjustNote = this.adjustDialog.getByLabel(/^Note/);
  readonly saveAdjustment = this.adjustDialog.getByRole('button', { name: 'Save adjustment', exact: true });
  /** The server's (or the rule's) message under the amount. */
  readonly stockError = this.adjustDialog.getByTestId('stock-adjust-error');

  /** Count stock, a dialog. */
  readonly countDialog = this.page.getByRole('dialog', { name: 'Count stock' });
  readonly counted = this.countDialog.getByLabel('Counted quantity', { exact: true });
  readonly countNote = this.countDialog.getByLabel(/^Note/);
  readonly saveCount = this.countDialog.getByRole('button', { name: 'Save count', exact: true });
  readonly countError = this.countDialog.getByTestId('stock-count-error');

  /** Stock history. */
  readonly history = this.main.getByRole('region', { name: 'Stock history', exact: true });
  readonly movements = this.history.getByTestId('stock-movement');
  readonly historyChart = this.history.getByTestId('stock-chart');
  readonly historyEmpty = this.history.getByRole('heading', { name: 'No stock movements yet' });

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

  /**
   * Takes out (negative) or adds (positive) `units` in the Adjust stock
   * dialog, opening it unless it is still open (after a refusal), with the
   * reason the direction starts with (a sale, a receipt) unless one is given.
   */
  async adjust(units: number, options: { reason?: string; note?: string } = {}): Promise<void> {
    if (!(await this.adjustDialog.isVisible())) {
      await this.adjustStock.click();
      await this.adjustDialog.waitFor();
    }
    await (units < 0 ? this.takeOut : this.add).click();
    if (options.reason) await this.reason.selectOption({ label: options.reason });
    await this.amount.fill(String(Math.abs(units)));
    if (options.note !== undefined) await this.adjustNote.fill(options.note);
    await this.saveAdjustment.click();
    await this.settledDialog();
  }

  /** Records a stocktake of `quantity` in the Count stock dialog. */
  async count(quantity: number, note?: string): Promise<void> {
    if (!(await this.countDialog.isVisible())) {
      await this.countStock.click();
      await this.countDialog.waitFor();
    }
    await this.counted.fill(String(quantity));
    if (note !== undefined) await this.countNote.fill(note);
    await this.saveCount.click();
    await this.settledDialog();
  }

  /**
   * Waits for a stock dialog's answer: gone (saved; its closing transition
   * over, so the next call opens a fresh one) or a field marked invalid.
   */
  private async settledDialog(): Promise<void> {
    await this.page.waitForFunction(() => {
      const dialog = document.querySelector('.stock-dialog');
      return !dialog || dialog.querySelector('[aria-invalid="true"], [role="alert"]') !== null;
    });
  }

  /** The history's rows as shown: reason, change, quantity after and note. */
  async movementRows(): Promise<{ reason: string; delta: string; after: string; note: string | null }[]> {
    return this.movements.evaluateAll((items) =>
      items.map((item) => {
        const text = (id: string) => item.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;
        return { reason: text('stock-movement-reason') ?? '', delta: text('stock-movement-delta') ?? '', after: text('stock-movement-after') ?? '', note: text('stock-movement-note') };
      }),
    );
  }

  async confirmDelete(): Promise<void> {
    await this.deleteProduct.click();
    await this.confirmDialog.waitFor();
    await this.confirmDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  }
}
