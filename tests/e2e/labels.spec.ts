import type { Locator, Page } from 'playwright-core';
import { LabelMessages } from '@stockroom/schema';
import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { createProductApi, signedInUser } from './support/api';
import { personalWorkspaceIdApi } from './support/workspaces';
import { expectNoAxeViolations } from './support/axe';
import { decodeImage } from './support/decode-image';
import { animationsDone, saveScreenshot, sidewaysOverflow } from './support/screen-checks';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { createLocationApi } from './support/locations';

/** Print label on a product's page: the preview, the symbols it draws, and what a printer gets. */

const labelDialog = (page: Page) => page.getByRole('dialog', { name: LabelMessages.title });

/** Counts window.print() calls instead of opening the browser's print dialog. */
async function countPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { e2ePrints: number };
    w.e2ePrints = 0;
    window.print = () => {
      w.e2ePrints += 1;
    };
  });
}

/** The elements a printer would get: those with a box when print media applies. */
function printedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const shown = Array.from(document.body.children).filter((el) => getComputedStyle(el).display !== 'none');
    return shown.map((el) => (el as HTMLElement).innerText.trim()).join('\n---\n');
  });
}

/**
 * What a phone's camera reads off the element as drawn on screen. A capture that lands while the page is still
 * changing around it can come out unreadable (seen about once in ten runs since the page's scripts load at low
 * priority, and three captures in a row once on a loaded CI machine); up to five captures, each after the page's
 * animations are done and two frames more have been drawn, and the last one's error if none reads.
 */
async function readFromScreen(element: Locator): Promise<string> {
  let failure: unknown;
  for (let capture = 1; capture <= 5; capture++) {
    try {
      await animationsDone(element.page());
      await element.page().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      return await decodeImage(await element.screenshot());
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

describe('product labels', () => {
  const b = useBrowser();

  it('previews a label with the SKU, a Code 128 of it and a QR code that reads as the product link, and prints only the label', async () => {
    const s = b.session();
    const api = await signedInUser(s, 'label');
    const product = await createProductApi(api, { name: 'Brass Desk Lamp', price: 49.9, quantity: 4, sku: 'LMP-BR-049' });
    await countPrints(s.page);
    const scripts: string[] = [];
    s.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const details = new ProductDetailPage(s.page);
    await details.goto(product.id);
    // The page behind the dialog settles first (its stock history and chart come after the product is drawn), so
    // nothing changes under the dialog while the label is captured.
    await details.historyChart.locator('svg').waitFor({ state: 'attached' });
    // The label's code (bwip-js draws every symbology; it is large) loads only when a label is asked for.
    const labelChunks = () => scripts.filter((url) => /\/PrintLabelsDialog-/.test(url));
    expect(labelChunks()).toEqual([]);

    await details.main.getByRole('button', { name: LabelMessages.printButton, exact: true }).click();
    const dialog = labelDialog(s.page);
    const label = dialog.getByRole('article', { name: 'Label: Brass Desk Lamp' });
    await label.waitFor();
    await animationsDone(s.page);
    expect(labelChunks()).toHaveLength(1);
    await expect(label.locator('.product-label__name').innerText()).resolves.toBe('Brass Desk Lamp');
    await expect(label.locator('.product-label__price').innerText()).resolves.toBe('$49.90');
    await expect(label.locator('.product-label__sku').innerText()).resolves.toBe('SKU LMP-BR-049');

    // The link names the product's workspace, so a teammate who scans it opens the product there.
    const productUrl = s.url(`/products/${product.id}?workspace=${await personalWorkspaceIdApi(api)}`);
    const qr = label.getByRole('img', { name: `QR code linking to ${productUrl}` });
    // Without an EAN or UPC, the label's barcode is the SKU.
    const barcode = label.getByRole('img', { name: 'Barcode LMP-BR-049' });
    await expect(qr.locator('svg').count()).resolves.toBe(1);
    await expect(barcode.locator('svg').count()).resolves.toBe(1);
    // Both read back from the screen's pixels, as a phone would read the preview, and from the SVG the app drew, rasterised large.
    await expect(readFromScreen(qr)).resolves.toBe(productUrl);
    await expect(decodeImage(await qr.innerHTML())).resolves.toBe(productUrl);
    await expect(readFromScreen(barcode)).resolves.toBe('LMP-BR-049');
    await expect(decodeImage(await barcode.innerHTML())).resolves.toBe('LMP-BR-049');
    await saveScreenshot(s.page, 'labels', 'preview-1280');
    await expectNoAxeViolations(s.page, 'label preview 1280 light');

    await s.page.emulateMedia({ media: 'print' });
    await saveScreenshot(s.page, 'labels', 'print-media');
    const printed = await printedText(s.page);
    expect(printed).toContain('Brass Desk Lamp');
    expect(printed).toContain('$49.90');
    expect(printed).toContain('SKU LMP-BR-049');
    // Only the printer's copy of the label: no header, navigation, page heading or dialog.
    expect(printed).not.toContain('Stockroom');
    expect(printed).not.toContain('Back to Products');
    expect(printed).not.toContain(LabelMessages.title);
    const pageBox = await s.page.evaluate(() => {
      const el = document.querySelector('.label-print .product-label')!;
      const box = el.getBoundingClientRect();
      return { width: Math.round(box.width), height: Math.round(box.height), count: document.querySelectorAll('.label-print .product-label').length };
    });
    // 62 x 29 mm at CSS's 96 px per inch.
    expect(pageBox).toEqual({ width: 234, height: 110, count: 1 });
    await s.page.emulateMedia({ media: 'screen' });

    await dialog.getByRole('button', { name: LabelMessages.print, exact: true }).click();
    await expect(s.page.evaluate(() => (window as unknown as { e2ePrints: number }).e2ePrints)).resolves.toBe(1);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await expect(s.page.locator('.label-print').count()).resolves.toBe(0);
    s.assertClean();
  });

  it.each([
    ['1280', DESKTOP],
    ['375', MOBILE],
  ])('the preview at %s px has no axe violations in light or dark and fits a 320 px phone', async (width, viewport) => {
    const s = await b.open(b.browser(), { viewport, isMobile: viewport === MOBILE, hasTouch: viewport === MOBILE });
    const api = await signedInUser(s, `label-${width}`);
    const product = await createProductApi(api, { name: 'An Unusually Long Product Name For A Small Label Roll', price: 1234.5, quantity: 2 });
    const details = new ProductDetailPage(s.page);
    await details.goto(product.id);
    const button = details.main.getByRole('button', { name: LabelMessages.printButton, exact: true });
    if (viewport === MOBILE) {
      const box = (await button.boundingBox())!;
      expect({ width: box.width >= 44, height: box.height >= 44 }).toEqual({ width: true, height: true });
    }
    await button.click();
    await labelDialog(s.page).getByRole('article').waitFor();
    await animationsDone(s.page);
    await saveScreenshot(s.page, 'labels', `preview-${width}`);
    await expectNoAxeViolations(s.page, `label preview ${width} light`);
    await s.page.emulateMedia({ colorScheme: 'dark' });
    await s.page.waitForFunction(() => document.body.classList.contains('bp6-dark'));
    await saveScreenshot(s.page, 'labels', `preview-${width}-dark`);
    await expectNoAxeViolations(s.page, `label preview ${width} dark`);
    if (viewport === MOBILE) {
      await s.page.setViewportSize({ width: 320, height: 640 });
      await expect(sidewaysOverflow(s.page)).resolves.toEqual([]);
    }
    s.assertClean();
  });

  it('prints a location’s label: its name and path, a QR code that reads as the location’s link and a Code 128 of its code', async () => {
    const s = b.session();
    const api = await signedInUser(s, 'loclabel');
    const shop = await createLocationApi(api, { name: 'Shop' });
    const bin = await createLocationApi(api, { name: 'Bin B3', code: 'BIN-B3', parentId: shop.id });
    await countPrints(s.page);
    await s.page.goto(`/locations/${bin.id}`);
    await s.page.getByRole('heading', { name: 'Bin B3', level: 1 }).waitFor();
    await s.page.getByRole('main').getByRole('button', { name: LabelMessages.printButton, exact: true }).click();
    const label = labelDialog(s.page).getByRole('article', { name: 'Label: Shop / Bin B3' });
    await label.waitFor();
    await expect(label.locator('.location-label__name').innerText()).resolves.toBe('Bin B3');
    await expect(label.locator('.location-label__path').innerText()).resolves.toBe('Shop / Bin B3');

    const locationUrl = s.url(`/locations/${bin.id}?workspace=${await personalWorkspaceIdApi(api)}`);
    const qr = label.getByRole('img', { name: `QR code linking to ${locationUrl}` });
    const barcode = label.getByRole('img', { name: 'Barcode BIN-B3' });
    await expect(readFromScreen(qr)).resolves.toBe(locationUrl);
    await expect(decodeImage(await barcode.innerHTML())).resolves.toBe('BIN-B3');
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await animationsDone(s.page);
      await saveScreenshot(s.page, 'labels', `location-preview-${viewport.width}`);
      await expectNoAxeViolations(s.page, `location label preview ${viewport.width}`);
    }

    await s.page.emulateMedia({ media: 'print' });
    expect((await printedText(s.page)).split('\n').filter((line) => line.trim() !== '')).toEqual(['Bin B3', 'Shop / Bin B3', 'BIN-B3']);
    s.assertClean();
  });
});
