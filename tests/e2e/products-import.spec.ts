import { readFile } from 'node:fs/promises';
import { ImportMessages, ValidationMessages } from '@stockroom/schema';
import { DESKTOP, MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { axeLines } from './support/axe';
import { createUserWithSession, useSessionInBrowser, type ApiSession } from './support/api';
import { animationsDone, saveScreenshot } from './support/screen-checks';
import { ProductImportDialog } from './pages/ProductImportDialog';
import { ProductListPage } from './pages/ProductListPage';

/**
 * The list toolbar's Import: a file chosen or dropped is checked at once (a
 * dry run), its columns can be mapped, its errors read in a table and
 * downloaded as a report; the import itself then shows its progress and the
 * list shows the new products. At 375 px by touch and at 1280 px, axe clean.
 */

/** One row with an error (a price that is no number) and a column no name maps ("Label"). */
const WITH_ERRORS = ['Label;Cost;Qty;SKU', 'Imported lamp;12,50;3;IMP-1', 'Imported desk;abc;1;IMP-2', ''].join('\n');
const FIXED = ['Label;Cost;Qty;SKU', 'Imported lamp;12,50;3;IMP-1', 'Imported desk;199;1;IMP-2', ''].join('\n');

describe('importing products', () => {
  const b = useBrowser({ sessionPerTest: false });

  async function open(viewport: typeof MOBILE | typeof DESKTOP): Promise<{ s: GuardedSession; session: ApiSession }> {
    const { session } = await createUserWithSession('import');
    const mobile = viewport === MOBILE;
    const s = await b.open(b.browser(), { viewport, isMobile: mobile, hasTouch: mobile });
    await useSessionInBrowser(s.context, session);
    return { s, session };
  }

  it.each([
    ['375', MOBILE],
    ['1280', DESKTOP],
  ])('at %s px: choose a file, map a column, read and download the errors, drop a fixed file, import it, and see the list refreshed', async (width, viewport) => {
    const { s } = await open(viewport);
    const mobile = viewport === MOBILE;
    const list = new ProductListPage(s.page);
    const dialog = new ProductImportDialog(s.page);
    await list.goto();
    // On a phone Import is among the controls folded behind one button.
    await list.unfold();

    const button = (await dialog.button.boundingBox())!;
    if (mobile) expect(button.height).toBeGreaterThanOrEqual(44);
    expect(button.x + button.width).toBeLessThanOrEqual(viewport.width);
    await dialog.open(mobile);
    await animationsDone(s.page);
    const box = (await dialog.dialog.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'import-dialog-empty');

    // A file with an unknown column and a bad row: the dry run says so.
    await dialog.chooseFile('products.csv', WITH_ERRORS);
    await dialog.waitForSummary('with errors');
    await expect(dialog.summary.innerText()).resolves.toMatch(/Checked 2 rows: 0 new, 0 to update, 0 unchanged, 2 with errors/);
    await expect(dialog.columnSelect('Label').inputValue()).resolves.toBe('');
    await expect(dialog.columnSelect('Cost').inputValue()).resolves.toBe('price');
    await expect(dialog.applyButton.isDisabled()).resolves.toBe(true);

    // Mapping "Label" to the name leaves only the bad price.
    await dialog.columnSelect('Label').selectOption('name');
    await dialog.waitForSummary(/1 new, 0 to update, 0 unchanged, 1 with errors/);
    expect(await dialog.errorRows()).toEqual([['3', 'Cost', ValidationMessages.number('Price')]]);
    await animationsDone(s.page);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'import-dialog-errors');

    const [report] = await Promise.all([s.page.waitForEvent('download'), mobile ? dialog.errorReportButton.tap() : dialog.errorReportButton.click()]);
    expect(report.suggestedFilename()).toBe('stockroom-import-errors.csv');
    expect(await readFile((await report.path())!, 'utf8')).toBe(`\uFEFFrow,column,message\r\n3,Cost,${ValidationMessages.number('Price')}\r\n`);

    // The fixed file, dropped: a new file starts with the headers as recognised again.
    await dialog.dropFile('fixed.csv', FIXED);
    await dialog.waitForSummary(/0 new, 0 to update, 0 unchanged, 2 with errors/);
    await dialog.columnSelect('Label').selectOption('name');
    await dialog.waitForSummary(/Checked 2 rows: 2 new, 0 to update, 0 unchanged, 0 with errors/);
    await expect(dialog.applyButton.innerText()).resolves.toBe('Import 2 products');
    if (mobile) {
      const apply = (await dialog.applyButton.boundingBox())!;
      expect(apply.height).toBeGreaterThanOrEqual(44);
      expect(apply.x + apply.width).toBeLessThanOrEqual(viewport.width);
    }

    await (mobile ? dialog.applyButton.tap() : dialog.applyButton.click());
    await dialog.waitForSummary(ImportMessages.imported(2, 0));
    await animationsDone(s.page);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'import-dialog-done');
    await (mobile ? dialog.doneButton.tap() : dialog.doneButton.click());
    await dialog.dialog.waitFor({ state: 'hidden' });
    // The list was fetched again: the imported products are on it.
    await list.expectText('Imported lamp');
    await list.expectText('Imported desk');
    s.assertClean();
  });

  it('downloads a sample file that imports as it is, with progress shown while the import runs', async () => {
    const { s } = await open(DESKTOP);
    const list = new ProductListPage(s.page);
    const dialog = new ProductImportDialog(s.page);
    await list.goto();
    await dialog.open();
    const [download] = await Promise.all([s.page.waitForEvent('download'), dialog.sampleButton.click()]);
    expect(download.suggestedFilename()).toBe('stockroom-import-sample.csv');
    const sample = await readFile((await download.path())!, 'utf8');
    expect(sample.startsWith('\uFEFFsku,name,description,category,price,quantity,reorder_level,barcode,featured,image_url\r\n')).toBe(true);

    await dialog.chooseFile('sample.csv', sample.slice(1));
    await dialog.waitForSummary(/2 new, 0 to update, 0 unchanged, 0 with errors/);
    expect(await dialog.columns.getByText('Not recognised').count()).toBe(0);

    // The import's answer is held back, so the progress it shows meanwhile can be seen.
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    await s.page.route('**/api/products/import', async (route) => {
      await released;
      await route.continue();
    });
    await dialog.applyButton.click();
    await dialog.progress.waitFor();
    await expect(dialog.dialog.getByText(/Uploading…|Importing…/).count()).resolves.toBe(1);
    release();
    await dialog.waitForSummary(ImportMessages.imported(2, 0));
    await dialog.doneButton.click();
    await list.expectText('Desk lamp');
    s.assertClean();
  });
});
