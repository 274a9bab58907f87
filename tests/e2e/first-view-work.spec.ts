import { adjustStockApi, createProductApi, signedInUser } from './support/api';
import { MOBILE, useBrowser } from './support/browser';
import { DashboardPage } from './pages/DashboardPage';
import { ProductDetailPage } from './pages/ProductDetailPage';

/**
 * Work the signed-in pages no longer do while they first draw, on a phone above all: they build
 * no Intl formatter (the first one a page builds loads the browser's locale data, 30-50 ms of main
 * thread on this machine and several times that on a phone). Counted in the page itself, from
 * before its first script: the list, a product with its stock history and chart, the dashboard
 * with its charts and a reorder count.
 */
describe('first view of the signed-in pages', () => {
  const b = useBrowser();

  it('builds no Intl formatter on the list, a product and the dashboard', async () => {
    const s = b.session();
    await s.page.setViewportSize(MOBILE);
    const session = await signedInUser(s, 'first-view');
    const lamp = await createProductApi(session, { name: 'First view lamp', price: 1234.5, quantity: 3, category: 'Lighting', reorderLevel: 5 });
    await createProductApi(session, { name: 'First view shelf', price: 89.99, quantity: 0, category: 'Storage' });
    await adjustStockApi(session, lamp.id, { delta: -1, reason: 'SALE' });
    await s.context.addInitScript(() => {
      const counts = { intl: [] as string[] };
      (window as unknown as { __firstView: typeof counts }).__firstView = counts;
      for (const name of ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'PluralRules', 'Collator', 'ListFormat'] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        const Counted = function (this: unknown, ...args: unknown[]) {
          counts.intl.push(name);
          return new Original(...args);
        };
        Object.assign(Counted, Original);
        (Intl as unknown as Record<string, unknown>)[name] = Counted;
      }
    });
    const work = () => s.page.evaluate(() => (window as unknown as { __firstView: { intl: string[] } }).__firstView);

    await s.page.goto('/products');
    await s.page.getByRole('link', { name: 'First view lamp' }).first().waitFor();
    await s.page.getByText('$1,234.50').first().waitFor();
    await s.page.getByText('Out of Stock', { exact: true }).first().waitFor();
    expect({ page: 'list', ...(await work()) }).toEqual({ page: 'list', intl: [] });
    expect(await s.page.getByText('Low Stock', { exact: true }).count()).toBeGreaterThan(0);

    const detail = new ProductDetailPage(s.page);
    await detail.goto(lamp.id);
    await detail.movements.nth(1).waitFor();
    await detail.historyChart.locator('svg .ct-line').first().waitFor({ state: 'attached' });
    expect({ page: 'detail', ...(await work()) }).toEqual({ page: 'detail', intl: [] });

    const dashboard = new DashboardPage(s.page);
    await s.page.goto('/dashboard');
    await dashboard.overviewFigure('Inventory value').filter({ hasText: /^\$2,469\.00$/ }).waitFor();
    await dashboard.categoryChart.locator('svg .ct-bar').first().waitFor({ state: 'attached' });
    await dashboard.reorderItems.first().waitFor();
    await dashboard.activityItems.first().waitFor();
    expect({ page: 'dashboard', ...(await work()) }).toEqual({ page: 'dashboard', intl: [] });
  });
});
