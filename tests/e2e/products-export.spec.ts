import { readFile } from 'node:fs/promises';
import { DESKTOP, MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { axeLines } from './support/axe';
import { createProductsApi, createUserWithSession, useSessionInBrowser, type ApiSession } from './support/api';
import { toastLocator } from './pages/AppShell';
import { ProductListPage } from './pages/ProductListPage';

/**
 * The list toolbar's Export menu: CSV and Excel of what the list shows (its
 * filters and sort, every page), downloaded through the signed-in session,
 * reachable by touch at 375 px and by mouse at 1280 px, axe clean.
 */

const HEADER = 'sku,name,description,category,price,cost_price,quantity,reorder_level,barcode,featured,image_url,created_at,updated_at,id';
/** 14 lamps (every third out of stock) and 3 desks: the filtered export runs past the list's first page of 10. */
const LAMPS = Array.from({ length: 14 }, (_, i) => ({ name: `Lamp ${String(i + 1).padStart(2, '0')}, brass`, category: 'Lamps', price: 20 + i, quantity: i % 3 === 0 ? 0 : 4 }));
const DESKS = ['Oak desk', 'Pine desk', 'Steel desk'].map((name) => ({ name, category: 'Desks', price: 300, quantity: 2 }));
const IN_STOCK_LAMPS_Z_TO_A = LAMPS.filter((lamp) => lamp.quantity > 0)
  .map((lamp) => lamp.name)
  .sort()
  .reverse();

/** The names (second column) of a CSV export's rows; names here hold a comma, so they come quoted. */
function csvNames(text: string): string[] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines[0]).toBe(HEADER);
  expect(lines.at(-1)).toBe('');
  return lines.slice(1, -1).map((line) => /^[^,]*,"((?:[^"]|"")*)"/.exec(line)?.[1] ?? `unparsed: ${line}`);
}

describe('exporting the product list', () => {
  const b = useBrowser({ sessionPerTest: false });
  let session: ApiSession;

  beforeAll(async () => {
    ({ session } = await createUserWithSession('export'));
    await createProductsApi(session, [...LAMPS, ...DESKS]);
  });

  async function open(viewport: typeof MOBILE | typeof DESKTOP): Promise<GuardedSession> {
    const mobile = viewport === MOBILE;
    const s = await b.open(b.browser(), { viewport, isMobile: mobile, hasTouch: mobile });
    await useSessionInBrowser(s.context, session);
    return s;
  }

  it.each([
    ['375', MOBILE],
    ['1280', DESKTOP],
  ])('at %s px: Export > CSV downloads the filtered, sorted list (every page), from a menu that is axe clean', async (_width, viewport) => {
    const s = await open(viewport);
    const list = new ProductListPage(s.page);
    await list.goto('?category=Lamps&sortBy=name');
    await list.filterStock('In Stock');
    await list.waitForPath('/products', '?category=Lamps&inStock=true&sortBy=name');

    await list.unfold();
    await list.exportButton.scrollIntoViewIfNeeded();
    const button = await list.exportButton.boundingBox();
    if (viewport === MOBILE) expect(button!.height).toBeGreaterThanOrEqual(44);
    expect(button!.x + button!.width).toBeLessThanOrEqual(viewport.width);
    if (viewport === MOBILE) await list.exportButton.tap();
    else await list.exportButton.click();
    await list.exportMenu.waitFor();
    const csvItem = list.exportMenu.getByRole('menuitem', { name: 'CSV' });
    // Focus moves to the first item once the menu has opened.
    await s.page.waitForFunction((el) => el === document.activeElement, await csvItem.elementHandle());
    for (const item of await list.exportMenu.getByRole('menuitem').all()) {
      const box = (await item.boundingBox())!;
      if (viewport === MOBILE) expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
    }
    expect(await axeLines(s.page)).toEqual([]);

    const [download] = await Promise.all([s.page.waitForEvent('download'), viewport === MOBILE ? csvItem.tap() : csvItem.click()]);
    expect(download.suggestedFilename()).toBe(`stockroom-products-${new Date().toISOString().slice(0, 10)}.csv`);
    const text = await readFile((await download.path())!, 'utf8');
    expect(csvNames(text)).toEqual(IN_STOCK_LAMPS_Z_TO_A);
    await list.exportMenu.waitFor({ state: 'hidden' });
    expect(await axeLines(s.page)).toEqual([]);
    s.assertClean();
  });

  it('Export > Excel downloads an .xlsx of the list', async () => {
    const s = await open(DESKTOP);
    const list = new ProductListPage(s.page);
    await list.goto('?category=Desks');
    await list.exportButton.click();
    const [download] = await Promise.all([s.page.waitForEvent('download'), list.exportMenu.getByRole('menuitem', { name: 'Excel' }).click()]);
    expect(download.suggestedFilename()).toBe(`stockroom-products-${new Date().toISOString().slice(0, 10)}.xlsx`);
    const bytes = await readFile((await download.path())!);
    // A ZIP archive: the XLSX container (the integration tests read its rows).
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    s.assertClean();
  });

  it('a download that fails says so in a toast, and the button works again', async () => {
    const s = await open(DESKTOP);
    const list = new ProductListPage(s.page);
    await list.goto();
    // The network drops the request: no answer at all.
    await s.page.route('**/api/products/export**', (route) => route.abort('internetdisconnected'));
    s.allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to load resource/);
    await list.exportButton.click();
    await list.exportMenu.getByRole('menuitem', { name: 'CSV' }).click();
    await toastLocator(s.page, 'The export could not be downloaded. Please try again').waitFor();
    await expect(list.exportButton.isEnabled()).resolves.toBe(true);
    s.assertClean();
  });
});
