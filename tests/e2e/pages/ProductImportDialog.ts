import type { Locator, Page } from 'playwright-core';

/** The product list's Import button and the dialog it opens. */
export class ProductImportDialog {
  readonly button: Locator;
  readonly dialog: Locator;
  readonly fileInput: Locator;
  readonly dropZone: Locator;
  readonly sampleButton: Locator;
  readonly summary: Locator;
  readonly columns: Locator;
  readonly errorsRegion: Locator;
  readonly errorReportButton: Locator;
  readonly applyButton: Locator;
  readonly doneButton: Locator;
  readonly progress: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('search', { name: 'Search and filter products' }).getByRole('button', { name: 'Import', exact: true });
    this.dialog = page.getByRole('dialog', { name: 'Import products' });
    this.fileInput = this.dialog.locator('input[type="file"]');
    this.dropZone = this.dialog.locator('.import-dialog__drop');
    this.sampleButton = this.dialog.getByRole('button', { name: 'Download a sample file' });
    this.summary = this.dialog.getByRole('status');
    this.columns = this.dialog.getByRole('list', { name: 'Columns of the file' });
    this.errorsRegion = this.dialog.getByRole('region', { name: 'Errors by row' });
    this.errorReportButton = this.dialog.getByRole('button', { name: 'Download error report' });
    this.applyButton = this.dialog.getByRole('button', { name: /^Import/ });
    this.doneButton = this.dialog.getByRole('button', { name: 'Done' });
    this.progress = this.dialog.locator('.import-dialog__progress').getByRole('progressbar');
  }

  async open(tap = false): Promise<void> {
    // A phone folds the list's controls, Import among them, behind one button.
    const fold = this.page.getByRole('search', { name: 'Search and filter products' }).getByRole('button', { name: /and stats$/ });
    if ((await fold.isVisible()) && (await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
    await this.button.scrollIntoViewIfNeeded();
    if (tap) await this.button.tap();
    else await this.button.click();
    await this.dialog.waitFor();
  }

  /** Chooses a file through the dialog's file input. */
  async chooseFile(name: string, text: string): Promise<void> {
    await this.fileInput.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  }

  /** Drops a file on the dialog's drop zone, as a file dragged from the desktop would be. */
  async dropFile(name: string, text: string): Promise<void> {
    const dataTransfer = await this.page.evaluateHandle(
      ([fileName, content]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([content], fileName, { type: 'text/csv' }));
        return transfer;
      },
      [name, text] as const,
    );
    await this.dropZone.dispatchEvent('dragover', { dataTransfer });
    await this.dropZone.dispatchEvent('drop', { dataTransfer });
  }

  /** The select that maps the column headed `header`. */
  columnSelect(header: string): Locator {
    return this.dialog.getByRole('combobox', { name: `Field for the column ${header}` });
  }

  /** Waits for a dry run's (or the import's) summary to contain `text`. */
  async waitForSummary(text: string | RegExp): Promise<void> {
    await this.summary.filter({ hasText: text }).first().waitFor();
  }

  /** The rows of the errors table: [row, column, problem]. */
  async errorRows(): Promise<string[][]> {
    return this.errorsRegion.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '')));
  }
}
