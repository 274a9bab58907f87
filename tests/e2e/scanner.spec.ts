import type { Page } from 'playwright-core';
import { ScannerMessages } from '@stockroom/schema';
import { DESKTOP, MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { createProductsApi, signedInUser } from './support/api';
import type { CreateProductInput } from '../support/product-shapes';
import { expectNoAxeViolations } from './support/axe';
import { cameraFilming } from './support/fake-camera';
import { animationsDone, saveScreenshot, sidewaysOverflow } from './support/screen-checks';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductListPage } from './pages/ProductListPage';
import { createLocationApi } from './support/locations';

/**
 * Scan to find, in Chromium with a fake camera that films a generated video of
 * a code: the EAN-13 of one product, text that several products' names hold, or
 * a case's ITF-14 that no product carries. No camera, no scan button.
 */

const scanButton = (page: Page) => page.getByRole('search', { name: 'Search and filter products' }).getByRole('button', { name: ScannerMessages.scanButton });
const scannerDialog = (page: Page) => page.getByRole('dialog', { name: ScannerMessages.title });

/** Every camera track the page opened has ended (the camera light is off). */
async function cameraTracksLive(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { e2eTracks: MediaStreamTrack[] }).e2eTracks.filter((t) => t.readyState === 'live').length);
}

/** Keeps every track getUserMedia hands out, so the test can see whether closing the scanner stopped them. */
async function recordCameraTracks(s: GuardedSession): Promise<void> {
  await s.context.addInitScript(() => {
    const tracks: MediaStreamTrack[] = [];
    (window as unknown as { e2eTracks: MediaStreamTrack[] }).e2eTracks = tracks;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      tracks.push(...stream.getTracks());
      return stream;
    };
  });
}

/** A signed-in tab with the camera allowed, on the product list. */
async function listWithCamera(b: ReturnType<typeof useBrowser>, tag: string, items: Array<string | Partial<CreateProductInput>>, viewport = DESKTOP) {
  const s = await b.open(b.browser(), { viewport, permissions: ['camera'], isMobile: viewport === MOBILE, hasTouch: viewport === MOBILE });
  const api = await signedInUser(s, tag);
  const products = await createProductsApi(
    api,
    items.map((item, i) => ({ price: 12.5 + i, quantity: 3, ...(typeof item === 'string' ? { name: item } : item) }) as CreateProductInput),
  );
  await recordCameraTracks(s);
  const scripts: string[] = [];
  s.page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const list = new ProductListPage(s.page);
  await list.goto();
  return { s, api, list, products, scripts };
}

describe('scan to find: the barcode of one product', () => {
  // The bars of a retail pack, as a shop's products carry them.
  const b = cameraFilming({ symbology: 'ean13', text: '4006381333931' });

  it('reads an EAN-13 with the camera and opens the product with that barcode, though another names it; the camera stops', async () => {
    const { s, products, scripts } = await listWithCamera(b, 'scan-one', [
      { name: 'Bench Vise', barcode: '4006381333931', sku: 'VISE-4' },
      'Adapter for 4006381333931',
      'Unrelated Lamp',
    ]);
    // The list loads neither the scanner nor the decoder; this Chromium has no BarcodeDetector, so opening it loads zxing.
    expect(scripts.filter((url) => /\/(ScannerDialog|zxing-reader)-/.test(url))).toEqual([]);
    await scanButton(s.page).click();
    const details = new ProductDetailPage(s.page);
    await details.ready();
    expect(s.page.url()).toBe(s.url(`/products/${products[0].id}`));
    expect(scripts.filter((url) => /\/zxing-reader-/.test(url))).toHaveLength(1);
    await expect(details.heading.textContent()).resolves.toBe('Bench Vise');
    await expect(scannerDialog(s.page).count()).resolves.toBe(0);
    await s.page.waitForFunction(() => (window as unknown as { e2eTracks: MediaStreamTrack[] }).e2eTracks.length > 0);
    await expect(cameraTracksLive(s.page)).resolves.toBe(0);
    s.assertClean();
  });
});

describe('scan to find: a code that several products match', () => {
  const b = cameraFilming({ symbology: 'code128', text: 'SCANPAIR-0427' });

  it('reads a Code 128 and searches the list for it when two products match', async () => {
    const { s, list } = await listWithCamera(b, 'scan-two', ['SCANPAIR-0427 Blue', 'SCANPAIR-0427 Red', 'Other Thing']);
    await scanButton(s.page).click();
    await s.page.waitForURL((url) => url.searchParams.get('search') === 'SCANPAIR-0427');
    await list.ready();
    await expect(list.search.inputValue()).resolves.toBe('SCANPAIR-0427');
    await s.page.waitForFunction(() => document.querySelectorAll('table[aria-label="Products"] tbody > tr').length === 2);
    await expect(list.rows.allInnerTexts()).resolves.toEqual([expect.stringContaining('SCANPAIR-0427 Red'), expect.stringContaining('SCANPAIR-0427 Blue')]);
    await expect(cameraTracksLive(s.page)).resolves.toBe(0);
    s.assertClean();
  });
});

describe('scan to find: a location label', () => {
  // A location label's barcode is its code, as Code 128.
  const b = cameraFilming({ symbology: 'code128', text: 'BIN-B3' });

  it('reads a location’s code that no product carries and opens that location', async () => {
    const { s, api } = await listWithCamera(b, 'scan-loc', ['Plain thing']);
    const bin = await createLocationApi(api, { name: 'Bin B3', code: 'BIN-B3' });
    await scanButton(s.page).click();
    await s.page.waitForURL((url) => url.pathname === `/locations/${bin.id}`);
    await s.page.getByRole('heading', { name: 'Bin B3', level: 1 }).waitFor();
    await expect(cameraTracksLive(s.page)).resolves.toBe(0);
    s.assertClean();
  });
});

describe('scan to find: a code no product carries', () => {
  // The ITF-14 on an outer case: a GTIN-14 that no product has yet.
  const b = cameraFilming({ symbology: 'itf14', text: '10012345678902' });

  it('reads an ITF-14 and searches the list for it: no match, the code in the search box, Clear Filters lists everything again', async () => {
    const { s, list } = await listWithCamera(b, 'scan-none', [{ name: 'Bench Vise', barcode: '4006381333931' }, 'Unrelated Lamp']);
    await scanButton(s.page).click();
    await s.page.waitForURL((url) => url.searchParams.get('search') === '10012345678902');
    await list.noMatch.waitFor();
    await expect(list.search.inputValue()).resolves.toBe('10012345678902');
    await expect(scannerDialog(s.page).count()).resolves.toBe(0);
    await expect(cameraTracksLive(s.page)).resolves.toBe(0);
    await list.noMatchClearFilters.click();
    await list.waitForNames(['Unrelated Lamp', 'Bench Vise']);
    await expect(list.search.inputValue()).resolves.toBe('');
    s.assertClean();
  });
});

/**
 * Hides the camera from the page, as on a computer without one: enumerateDevices
 * lists no video input until the test plugs one in (`window.e2ePlugCamera()`,
 * which also fires devicechange as the browser does). Counts the lists handed out.
 */
async function withoutCamera(s: GuardedSession): Promise<void> {
  await s.context.addInitScript(() => {
    const w = window as unknown as { e2eDeviceLists: number; e2ePlugCamera(): void };
    const devices = navigator.mediaDevices;
    const original = devices.enumerateDevices.bind(devices);
    let plugged = false;
    w.e2eDeviceLists = 0;
    devices.enumerateDevices = async () => {
      const list = await original();
      w.e2eDeviceLists += 1;
      return plugged ? list : list.filter((device) => device.kind !== 'videoinput');
    };
    w.e2ePlugCamera = () => {
      plugged = true;
      devices.dispatchEvent(new Event('devicechange'));
    };
  });
}

describe('scan to find: the scanner dialog', () => {
  // Chromium's own fake camera (a moving test pattern, no code): the dialog stays open.
  const b = useBrowser({ args: ['--use-fake-device-for-media-stream'], fullChromium: true });

  it.each([
    ['1280', DESKTOP],
    ['375', MOBILE],
  ])('at %s px: a 44 px button opens the preview, no axe violations light or dark, Close stops the camera', async (width, viewport) => {
    const { s } = await listWithCamera(b, `scan-dialog-${width}`, ['Lamp'], viewport);
    const button = scanButton(s.page);
    const box = (await button.boundingBox())!;
    if (viewport === MOBILE) expect({ width: box.width >= 44, height: box.height >= 44 }).toEqual({ width: true, height: true });
    await button.click();
    const dialog = scannerDialog(s.page);
    await dialog.getByText(ScannerMessages.hint).waitFor();
    await animationsDone(s.page);
    await s.page.waitForFunction(() => ((document.querySelector('.scanner__video') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0);
    await saveScreenshot(s.page, 'scanner', `dialog-${width}`);
    await expectNoAxeViolations(s.page, `scanner dialog ${width} light`);
    await s.page.emulateMedia({ colorScheme: 'dark' });
    await s.page.waitForFunction(() => document.body.classList.contains('bp6-dark'));
    await saveScreenshot(s.page, 'scanner', `dialog-${width}-dark`);
    await expectNoAxeViolations(s.page, `scanner dialog ${width} dark`);
    if (viewport === MOBILE) {
      await s.page.setViewportSize({ width: 320, height: 640 });
      await expect(sidewaysOverflow(s.page)).resolves.toEqual([]);
    }
    await expect(cameraTracksLive(s.page)).resolves.toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(cameraTracksLive(s.page)).resolves.toBe(0);
    s.assertClean();
  });

  it('shows no scan button on a device without a camera, and shows it when one is plugged in', async () => {
    const s = await b.open(b.browser(), { permissions: ['camera'] });
    await withoutCamera(s);
    await signedInUser(s, 'scan-no-camera');
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.search.waitFor();
    await s.page.waitForFunction(() => (window as unknown as { e2eDeviceLists: number }).e2eDeviceLists > 0);
    await expect(scanButton(s.page).count()).resolves.toBe(0);
    await s.page.evaluate(() => (window as unknown as { e2ePlugCamera(): void }).e2ePlugCamera());
    await scanButton(s.page).waitFor();
    s.assertClean();
  });

  it('says the camera was refused when the permission is denied, and nothing breaks', async () => {
    // No camera permission granted to this tab: Chromium refuses getUserMedia.
    const s = b.session();
    await signedInUser(s, 'scan-denied');
    const list = new ProductListPage(s.page);
    await list.goto();
    await scanButton(s.page).click();
    const dialog = scannerDialog(s.page);
    await dialog.getByRole('alert').getByText(ScannerMessages.denied).waitFor();
    await expect(dialog.locator('video').isVisible()).resolves.toBe(false);
    await saveScreenshot(s.page, 'scanner', 'denied-1280');
    await expectNoAxeViolations(s.page, 'scanner denied');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await list.search.waitFor();
    s.assertClean();
  });
});
