import { toastButton, toastLocator } from './pages/AppShell';
import { ProductListPage } from './pages/ProductListPage';
import { ProductSelectionBar } from './pages/ProductSelectionBar';
import { axeLines } from './support/axe';
import { createProductsApi, createUserWithSession, useSessionInBrowser, type ApiSession } from './support/api';
import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { e2eEnv } from './support/env';
import { animationsDone, saveScreenshot, sidewaysOverflow } from './support/screen-checks';

/** Prices changed in bulk from the list: one price typed as people write money, then each moved by a percentage, then undone. */

async function serverPrices(session: ApiSession): Promise<Record<string, number>> {
  const res = await fetch(`${e2eEnv().baseUrl}/api/products?limit=100`, { headers: { authorization: `Bearer ${session.accessToken}` } });
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}`);
  const { products } = (await res.json()) as { products: Array<{ name: string; price: number }> };
  return Object.fromEntries(products.map(({ name, price }) => [name, price]));
}

describe('changing prices of many products at once', () => {
  const b = useBrowser({ sessionPerTest: false });
  jest.setTimeout(150_000);

  it.each([
    ['375', MOBILE],
    ['1280', DESKTOP],
  ] as const)('at %s px: "Set price" reads "12,50", "Change price by %%" refuses -150 and raises by 10, in dialogs that are axe clean, and Undo puts the prices back', async (width, viewport) => {
    const { session } = await createUserWithSession(`bulk-price-${width}`);
    await createProductsApi(session, ['Tap A', 'Tap B', 'Tap C'].map((name) => ({ name, category: 'Taps', price: 3, quantity: 1 })));
    const mobile = viewport === MOBILE;
    const s = await b.open(b.browser(), { viewport, isMobile: mobile, hasTouch: mobile });
    await useSessionInBrowser(s.context, session);
    const list = new ProductListPage(s.page);
    const selection = new ProductSelectionBar(s.page);
    const how = mobile ? 'tap' : 'click';
    await list.goto('?sortBy=name&sortOrder=asc');
    await list.waitForSummary(3, 3);

    for (const name of ['Tap A', 'Tap B']) await selection.toggle(selection.checkbox(name), how);
    await selection.run('Set price', how);
    let dialog = selection.dialog('Set price');
    await dialog.getByLabel('Price').fill('12,50');
    await animationsDone(s.page);
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, String(width), 'bulk-price-dialog');
    await dialog.getByRole('button', { name: 'Set price' })[how]();
    await toastLocator(s.page, 'Price set on 2 products').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await serverPrices(session)).toEqual({ 'Tap A': 12.5, 'Tap B': 12.5, 'Tap C': 3 });

    for (const name of ['Tap A', 'Tap C']) await selection.toggle(selection.checkbox(name), how);
    await selection.run('Change price by %', how);
    dialog = selection.dialog('Change price by %');
    await dialog.getByLabel('Change (%)').fill('-150');
    await dialog.getByRole('button', { name: 'Change price' })[how]();
    await dialog.getByText('Price change (%) must be at least -100').waitFor();
    await animationsDone(s.page);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, String(width), 'bulk-price-percent-dialog');
    await dialog.getByLabel('Change (%)').fill('10');
    await dialog.getByRole('button', { name: 'Change price' })[how]();
    await toastLocator(s.page, 'Price changed on 2 products').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await serverPrices(session)).toEqual({ 'Tap A': 13.75, 'Tap B': 12.5, 'Tap C': 3.3 });

    // The change's toast offers Undo, which puts back the prices it replaced.
    await toastButton(s.page, 'Price changed on 2 products', 'Undo')[how]();
    await toastLocator(s.page, 'Change undone on 2 products').waitFor();
    expect(await serverPrices(session)).toEqual({ 'Tap A': 12.5, 'Tap B': 12.5, 'Tap C': 3 });
    s.assertClean();
  });
});
