import type { Page, Response } from 'playwright-core';
import { useBrowser, DESKTOP, MOBILE, type GuardedSession } from './support/browser';
import type { CreateProductInput } from '../support/product-shapes';
import { createProductsApi, createUserWithSession, signedInUser, signInApi, useSessionInBrowser } from './support/api';
import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH } from './support/no-violations';
import { saveScreenshot } from './support/screen-checks';
import { failGraphqlOperationUntilReleased } from './support/graphql';
import { createLocationApi, listLocationsApi, transferStockApi } from './support/locations';
import { AppShell } from './pages/AppShell';
import { DashboardPage } from './pages/DashboardPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { ProductListPage } from './pages/ProductListPage';
import { SignInPage } from './pages/SignInPage';

/** Three categories: Tools 2 x 10.50 = 21.00, Garden 3 x 2.00 = 6.00, Books out of stock (0 x 5.00). */
const CATALOGUE = [
  { name: 'Claw Hammer', price: 10.5, quantity: 2, category: 'Tools' },
  { name: 'Seed Tray', price: 2, quantity: 3, category: 'Garden' },
  { name: 'Field Guide', price: 5, quantity: 0, category: 'Books' },
];

/** "Jan 5, 2025, 3:04 PM": the exact date-time on hover. */
const EXACT_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/;

/** Chartist's own class names: present in a script only if the chart library is in it. */
const CHARTIST_MARK = 'ct-chart-bar';

/**
 * Every script the page fetches, and whether Chartist's code is in it. Bodies
 * are read as the responses come in (a later navigation can discard them).
 */
function recordScripts(page: Page): { scripts: Promise<{ url: string; chartist: boolean }>[] } {
  const scripts: Promise<{ url: string; chartist: boolean }>[] = [];
  page.on('response', (res: Response) => {
    if (res.request().resourceType() !== 'script' || res.status() !== 200) return;
    scripts.push(
      res
        .body()
        .then((body) => ({ url: res.url(), chartist: body.toString('utf8').includes(CHARTIST_MARK) }))
        .catch(() => ({ url: res.url(), chartist: false })),
    );
  });
  return { scripts };
}

describe('dashboard', () => {
  const b = useBrowser();

  /** A fresh account with these products, on its dashboard. */
  async function openDashboard(s: GuardedSession, products: readonly CreateProductInput[] = []): Promise<DashboardPage> {
    const session = await signedInUser(s, 'dash');
    await createProductsApi(session, products);
    const dashboard = new DashboardPage(s.page);
    await dashboard.goto();
    return dashboard;
  }

  it('shows a product created through the form at the top of Recent activity, with a relative and an exact time', async () => {
    const s = b.session();
    const dashboard = await openDashboard(s);
    // A fresh account: its creation is logged.
    expect((await dashboard.activityEntry(0)).title).toBe('Account created');

    // To the form and back inside the app: the dashboard's cached answer must be refreshed.
    await dashboard.featureAction('Add New Product').click();
    const form = new ProductFormPage(s.page);
    await form.readyToCreate();
    await form.fill({ name: 'Dashboard Lamp', description: 'A lamp for the activity log.', price: '12.00', category: 'Lighting', quantity: '4' });
    await form.createButton.click();
    // Back on the list once it is saved.
    await new ProductListPage(s.page).ready();

    await new AppShell(s.page).sideNavLink('Dashboard').click();
    await dashboard.ready();
    await dashboard.activityItems.first().filter({ hasText: 'Dashboard Lamp' }).waitFor();
    const top = await dashboard.activityEntry(0);
    expect(top).toEqual({
      title: 'Product created',
      description: 'Added “Dashboard Lamp” to your catalogue',
      relative: 'just now',
      dateTime: expect.any(String),
      exact: expect.stringMatching(EXACT_TIME),
      href: expect.stringMatching(/^\/products\/[\w-]+$/),
    });
    expect(Math.abs(Date.parse(top.dateTime!) - Date.now())).toBeLessThan(60_000);
    await dashboard.overviewFigure('Products').filter({ hasText: /^1$/ }).waitFor();

    // The entry's link opens the product.
    await dashboard.activityItems.first().getByRole('link', { name: 'Product created' }).click();
    await dashboard.waitForPath(top.href!);
    await s.page.getByRole('heading', { name: 'Dashboard Lamp' }).waitFor();
    s.assertClean();
  });

  it('charts value by category and the stock split, with the numbers as a table', async () => {
    const s = b.session();
    const dashboard = await openDashboard(s, CATALOGUE);

    // A bar is an SVG line: no area, so it is waited for in the DOM rather than "visible".
    await dashboard.categoryChart.locator('svg .ct-bar').nth(2).waitFor({ state: 'attached' });
    expect(await dashboard.categoryChart.locator('svg .ct-bar').count()).toBe(3);
    expect(await dashboard.categoryChart.getAttribute('aria-label')).toBe(
      'Inventory value by category, 3 categories: Tools $21.00, Garden $6.00, Books $0.00.',
    );
    // Highest value first, top to bottom.
    const axis = await dashboard.categoryChart.locator('.ct-label.ct-vertical').evaluateAll((labels) =>
      labels.map((l) => ({ text: (l.textContent ?? '').trim(), y: l.getBoundingClientRect().y })).sort((a, b) => a.y - b.y).map((l) => l.text),
    );
    expect(axis).toEqual(['Tools', 'Garden', 'Books']);

    await dashboard.stockChart.locator('svg .ct-slice-donut').nth(1).waitFor({ state: 'attached' });
    expect(await dashboard.stockChart.locator('svg .dashboard-chart__slice--in .ct-slice-donut').count()).toBe(1);
    expect(await dashboard.stockChart.locator('svg .dashboard-chart__slice--out .ct-slice-donut').count()).toBe(1);
    expect(await dashboard.stockChart.getAttribute('aria-label')).toBe('Stock of 3 products: 2 in stock (67%), 1 out of stock (33%).');

    // The tables are there for screen readers while the charts show...
    expect(await dashboard.tableRows(dashboard.categoryTable)).toEqual([
      ['Tools', '1', '1', '$21.00'],
      ['Garden', '1', '1', '$6.00'],
      ['Books', '1', '0', '$0.00'],
    ]);
    expect(await dashboard.tableRows(dashboard.stockTable)).toEqual([
      ['In stock', '2'],
      ['Out of stock', '1'],
    ]);
    // ...and take the charts' place on "Show as table".
    expect(await dashboard.showAsTable.getAttribute('aria-pressed')).toBe('false');
    await dashboard.showAsTable.click();
    expect(await dashboard.showAsTable.getAttribute('aria-pressed')).toBe('true');
    await dashboard.categoryChart.waitFor({ state: 'detached' });
    const box = await dashboard.categoryTable.boundingBox();
    expect(box!.width).toBeGreaterThan(100);
    await dashboard.showAsTable.click();
    await dashboard.categoryChart.locator('svg .ct-bar').first().waitFor({ state: 'attached' });
    s.assertClean();
  });

  it('splits the value by location on asking: the top-level places as bars, every place in the table, at 375 and 1280 px', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'dashloc');
    const [tools] = await createProductsApi(session, [{ name: 'Hammer', price: 7, quantity: 3, category: 'Tools' }]);
    const main = (await listLocationsApi(session)).find((location) => location.isDefault)!;
    const shop = await createLocationApi(session, { name: 'Shop' });
    const backRoom = await createLocationApi(session, { name: 'Back room', parentId: shop.id });
    await transferStockApi(session, tools.id, { fromLocationId: main.id, toLocationId: backRoom.id, quantity: 2 });
    const dashboard = new DashboardPage(s.page);
    await dashboard.goto();
    await dashboard.categoryChart.waitFor();

    await dashboard.inventory.getByRole('radiogroup', { name: 'Split the value by' }).getByRole('radio', { name: 'Location' }).click();
    const locationChart = dashboard.inventory.getByRole('img', { name: /^Inventory value by location/ });
    await locationChart.locator('svg .ct-bar').nth(1).waitFor({ state: 'attached' });
    expect(await locationChart.getAttribute('aria-label')).toBe('Inventory value by location, 2 top-level places: Shop $14.00, Main $7.00.');
    const table = dashboard.inventory.getByRole('table', { name: 'Inventory value by location, each with the places below it' });
    expect(await dashboard.tableRows(table)).toEqual([
      ['Main', '1', '$7.00'],
      ['Shop', '1', '$14.00'],
      ['Shop / Back room', '1', '$14.00'],
    ]);
    expect(await dashboard.inventory.getByRole('heading', { name: 'Value by location' }).count()).toBe(1);
    expect(await checkAtEveryWidth(s.page, () => locationChart.locator('svg .ct-bar').first().waitFor({ state: 'attached' }), 'main')).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await locationChart.locator('svg .ct-bar').first().waitFor({ state: 'attached' });
      await saveScreenshot(s.page, 'dashboard', `value-by-location-${viewport.width}`);
    }
    s.assertClean();
  });

  it('shows the product count and inventory value in the account overview', async () => {
    const s = b.session();
    const dashboard = await openDashboard(s, CATALOGUE);
    await dashboard.overviewFigure('Products').filter({ hasText: /^3$/ }).waitFor();
    await dashboard.overviewFigure('Inventory value').filter({ hasText: /^\$27\.00$/ }).waitFor();
    expect((await dashboard.overviewFigure('Status').innerText()).trim()).toBe('Active');
    expect((await dashboard.overviewFigure('Role').innerText()).trim()).toBe('Member');
    s.assertClean();
  });

  it('lists what needs reordering, out of stock first, each a link to its product, and leads to the Low Stock filter, at 375 and 1280 px', async () => {
    const s = b.session();
    const dashboard = await openDashboard(s, [
      ...CATALOGUE,
      { name: 'Desk Lamp', price: 30, quantity: 2, category: 'Lighting', reorderLevel: 5, sku: 'LMP-01' },
      { name: 'Light Bulb', price: 2, quantity: 0, category: 'Lighting', reorderLevel: 20 },
      { name: 'Plenty', price: 1, quantity: 50, category: 'Lighting', reorderLevel: 5 },
    ]);
    await dashboard.reorderItems.first().waitFor();
    expect(await dashboard.reorderEntries()).toEqual([
      { name: 'Light Bulb', level: 'Out of stock, reorder level 20' },
      { name: 'Desk Lamp', level: '2 left, reorder level 5' },
    ]);
    await dashboard.reorder.getByText('LMP-01', { exact: true }).waitFor();
    await dashboard.overviewFigure('Needs reordering').filter({ hasText: /^2$/ }).waitFor();
    expect(await checkAtEveryWidth(s.page, () => dashboard.reorderItems.first().waitFor(), 'main')).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await dashboard.showOutOfStock.waitFor();
      await saveScreenshot(s.page, 'dashboard', `needs-reordering-${viewport.width}`);
    }
    // On a phone the two links stand one above the other, each a 44 px target.
    await s.page.setViewportSize(MOBILE);
    for (const link of [dashboard.showLowStock, dashboard.showOutOfStock]) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await s.page.setViewportSize(DESKTOP);

    await dashboard.reorder.getByRole('link', { name: 'Desk Lamp' }).click();
    await s.page.getByRole('heading', { name: 'Desk Lamp', level: 1 }).waitFor();
    expect(new URL(s.page.url()).pathname).toMatch(/^\/products\/[0-9a-f-]{36}$/);

    await s.page.goBack();
    await dashboard.ready();
    await dashboard.showLowStock.click();
    await dashboard.waitForPath('/products');
    expect(new URL(s.page.url()).search).toBe('?stockStatus=low');
    const list = new ProductListPage(s.page);
    await list.ready();
    await s.page.getByRole('link', { name: 'Desk Lamp' }).first().waitFor();
    expect(await s.page.getByRole('link', { name: 'Light Bulb' }).count()).toBe(0);

    // Low Stock leaves out the empty shelves the panel lists first: they have a link of their own.
    await s.page.goBack();
    await dashboard.ready();
    await dashboard.showOutOfStock.click();
    await dashboard.waitForPath('/products');
    expect(new URL(s.page.url()).search).toBe('?inStock=false');
    await list.ready();
    await s.page.getByRole('link', { name: 'Light Bulb' }).first().waitFor();
    expect(await s.page.getByRole('link', { name: 'Desk Lamp' }).count()).toBe(0);
    s.assertClean();
  });

  it('says nothing needs reordering when every product is above its level', async () => {
    const s = b.session();
    const dashboard = await openDashboard(s, [{ name: 'Plenty', price: 1, quantity: 50, category: 'Lighting', reorderLevel: 5 }]);
    await dashboard.reorder.getByText('Nothing needs reordering', { exact: true }).waitFor();
    await dashboard.overviewFigure('Needs reordering').filter({ hasText: /^0$/ }).waitFor();
    expect(await dashboard.showOutOfStock.count()).toBe(0);
    s.assertClean();
  });

  it('Manage Products goes to /products and Edit Profile to /profile/edit', async () => {
    const s = b.session();
    const dashboard = await openDashboard(s);

    await dashboard.featureAction('Manage Products').click();
    await dashboard.waitForPath('/products');
    await new ProductListPage(s.page).ready();

    await s.page.goBack();
    await dashboard.ready();
    await dashboard.featureAction('Edit Profile').click();
    await dashboard.waitForPath('/profile/edit');
    s.assertClean();
  });

  it('an empty catalogue gets a friendly empty state, not an empty chart', async () => {
    const s = b.session();
    const dashboard = await openDashboard(s);
    await dashboard.noProducts.waitFor();
    await s.page.getByRole('link', { name: 'Add Your First Product' }).waitFor();
    expect(await dashboard.inventory.count()).toBe(0);
    await dashboard.overviewFigure('Products').filter({ hasText: /^0$/ }).waitFor();
    s.assertClean();
  });

  it('loads the chart library on /dashboard only, not on /auth/login or /products', async () => {
    const s = b.session();
    const { scripts } = recordScripts(s.page);

    await s.page.goto('/auth/login');
    await new SignInPage(s.page).ready();
    await s.page.waitForLoadState('networkidle');
    const onLogin = await Promise.all(scripts.splice(0));
    expect(onLogin.length).toBeGreaterThan(0);
    expect(onLogin.filter((r) => r.chartist || /InventoryCharts/.test(r.url))).toEqual([]);

    const session = await signedInUser(s, 'dash');
    await createProductsApi(session, CATALOGUE);
    const list = new ProductListPage(s.page);
    await list.goto();
    await s.page.waitForLoadState('networkidle');
    const onProducts = await Promise.all(scripts.splice(0));
    expect(onProducts.filter((r) => r.chartist || /InventoryCharts/.test(r.url))).toEqual([]);

    await new AppShell(s.page).sideNavLink('Dashboard').click();
    const dashboard = new DashboardPage(s.page);
    await dashboard.ready();
    await dashboard.categoryChart.locator('svg .ct-bar').first().waitFor({ state: 'attached' });
    const onDashboard = await Promise.all(scripts.splice(0));
    const chartChunks = onDashboard.filter((r) => r.chartist);
    // The library is a chunk of its own (the product detail page's stock chart shares it), fetched with the dashboard's charts.
    expect(chartChunks.map((r) => new URL(r.url).pathname)).toEqual([expect.stringMatching(/^\/assets\/chartist-[\w-]+\.js$/)]);
    expect(onDashboard.filter((r) => /\/assets\/InventoryCharts-[\w-]+\.js$/.test(r.url))).toHaveLength(1);
    s.assertClean();
  });

  it('says when the dashboard cannot be loaded and Try again brings it', async () => {
    const s = b.session();
    await signedInUser(s, 'dash');
    const serverBack = await failGraphqlOperationUntilReleased(s.page, 'Dashboard');
    const dashboard = new DashboardPage(s.page);
    await s.page.goto('/dashboard');
    await dashboard.loadError.waitFor();
    // Who is signed in still shows: it comes from the session.
    await dashboard.overview.waitFor();
    serverBack();
    await dashboard.tryAgain.click();
    await dashboard.ready();
    await dashboard.loadError.waitFor({ state: 'detached' });
    s.assertClean();
  });

  it('fits a 375 px screen with no horizontal scrolling', async () => {
    const s = await b.open(b.browser(), { viewport: MOBILE, isMobile: true, hasTouch: true });
    const dashboard = await openDashboard(s, [...CATALOGUE, { name: 'Very long category product', price: 1, quantity: 1, category: 'An extraordinarily long category name' }]);
    await dashboard.categoryChart.locator('svg .ct-bar').first().waitFor({ state: 'attached' });
    await dashboard.features.waitFor();
    const layout = await s.page.evaluate(() => {
      const client = document.documentElement.clientWidth;
      // What sticks out, named by tag and class, so a failure says where to look.
      const overflowing = [...document.querySelectorAll('main *')]
        .filter((el) => !el.closest('.visually-hidden') && el.getBoundingClientRect().right > client + 1)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').trim().replace(/\s+/g, '.')}`);
      return { scroll: document.documentElement.scrollWidth, client, overflowing };
    });
    expect(layout).toEqual({ scroll: layout.client, client: MOBILE.width, overflowing: [] });
    s.assertClean();
  });

  it('welcomes a new account, and welcomes back one that has signed in again', async () => {
    const s = b.session();
    const { user, session } = await createUserWithSession('greet');
    await useSessionInBrowser(s.context, session);
    const dashboard = new DashboardPage(s.page);
    await dashboard.goto();
    await dashboard.greeting(`Welcome, ${user.firstName}.`).waitFor();
    expect(await dashboard.greeting(/Welcome back/).count()).toBe(0);

    await signInApi(user);
    await s.page.reload();
    await dashboard.ready();
    await dashboard.greeting(`Welcome back, ${user.firstName}.`).waitFor();
    s.assertClean();
  });

  it('shows sign-ins in a row as one item: "Signed in 3 times today"', async () => {
    const s = b.session();
    const { user, session } = await createUserWithSession('signins');
    for (let n = 0; n < 3; n++) await signInApi(user);
    await useSessionInBrowser(s.context, session);
    const dashboard = new DashboardPage(s.page);
    await dashboard.goto();
    expect(await dashboard.activityItems.count()).toBe(2);
    expect(await dashboard.activityEntry(0)).toMatchObject({ title: 'Signed in 3 times today', description: '3 new sessions were started', relative: 'just now' });
    expect((await dashboard.activityEntry(1)).title).toBe('Account created');
    s.assertClean();
  });

  it('keeps the value axis readable and long category names whole in a tooltip, at 375 and 1280 px, with no axe violations', async () => {
    const s = b.session();
    const longName = 'Industrial Machinery & Heavy Equipment Spares';
    const dashboard = await openDashboard(s, [
      { name: 'Press', price: 999_999.99, quantity: 5000, category: longName },
      { name: 'Lathe', price: 250_000, quantity: 40, category: 'Garden and Outdoor Living Supplies' },
      ...CATALOGUE,
    ]);
    const bars = dashboard.categoryChart.locator('svg .ct-bar');
    // After a resize the chart is drawn again for the new width: its category axis takes a third of it (88 to 180 px), less Chartist's 10 px gap.
    const drawn = async () => {
      await bars.nth(4).waitFor({ state: 'attached' });
      await s.page.waitForFunction(() => {
        const chart = document.querySelector<HTMLElement>('.dashboard-chart--bars');
        const label = chart?.querySelector<HTMLElement>('.ct-label.ct-vertical');
        if (!chart || !label) return false;
        const axis = Math.round(Math.min(Math.max(chart.clientWidth / 3, 88), 180));
        return Math.abs(label.getBoundingClientRect().width - (axis - 10)) <= 1;
      });
    };
    await drawn();

    for (const width of [375, 1280]) {
      await s.page.setViewportSize({ width, height: 800 });
      await drawn();
      const axis = await dashboard.categoryChart.evaluate((chart) => {
        const boxes = [...chart.querySelectorAll('.ct-label.ct-horizontal')].map((label) => {
          const text = label.querySelector('span') ?? label;
          const range = document.createRange();
          range.selectNodeContents(text);
          const { left, right } = range.getBoundingClientRect();
          return { text: (label.textContent ?? '').trim(), left, right };
        });
        const categories = [...chart.querySelectorAll('.ct-label.ct-vertical')].map((label) => ({
          title: label.getAttribute('title'),
          text: (label.textContent ?? '').trim(),
          cut: (() => {
            const text = label.querySelector('.dashboard-chart__category-text');
            return text ? text.scrollHeight > text.clientHeight + 1 : true;
          })(),
        }));
        return { boxes, categories };
      });
      // Abbreviated values ("$5B", "$500K"), and no two of them touching.
      for (const box of axis.boxes) expect(box.text).toMatch(/^\$\d+(\.\d)?[KMB]?$/);
      expect(axis.boxes.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < axis.boxes.length; i++) expect(axis.boxes[i].left).toBeGreaterThan(axis.boxes[i - 1].right + 4);
      // Every name whole in its tooltip; what shows is either the whole name or a start of it ending in "…", never cut mid-line unmarked.
      const long = axis.categories.find((c) => c.title === longName);
      expect(long).toBeDefined();
      for (const category of axis.categories) {
        expect(category.cut).toBe(false);
        expect(category.text === category.title || (category.text.endsWith('…') && category.title!.startsWith(category.text.slice(0, -1).trimEnd()))).toBe(true);
      }
      if (width === 375) expect(long!.text.endsWith('…')).toBe(true);
    }
    expect(await checkAtEveryWidth(s.page, drawn, 'main')).toEqual(CLEAN_AT_EVERY_WIDTH);
    s.assertClean();
  });
});
