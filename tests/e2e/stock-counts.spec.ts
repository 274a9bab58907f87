import type { Page } from 'playwright-core';
import { StockCountMessages, WORKSPACE_HEADER } from '@stockroom/schema';
import { useBrowser, DESKTOP, MOBILE } from './support/browser';
import { createProductApi, createUserWithSession, useSessionInBrowser, type ApiSession } from './support/api';
import { e2eEnv } from './support/env';
import { addMemberSql, createProductInWorkspace, createWorkspaceApi } from './support/workspaces';
import { createLocationApi, listLocationsApi, productStockApi, transferStockApi } from './support/locations';
import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH } from './support/no-violations';
import { animationsDone, saveScreenshot } from './support/screen-checks';

/** A REST call as the till or an admin's script makes it, beside the browser. */
async function call<T>(session: ApiSession, method: string, path: string, body?: unknown, workspaceId?: string): Promise<T> {
  const res = await fetch(`${e2eEnv().baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json', ...(workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Checks the screen at 375 and 1280 px with axe (and no sideways scroll), then photographs it at both. */
async function checkAndPhotograph(page: Page, name: string, settle: () => Promise<unknown>) {
  // A toast fading out would be checked half transparent: each is closed first.
  const toasts = page.locator('.bp6-toast');
  for (const close of await toasts.getByRole('button', { name: 'Close' }).all()) await close.click().catch(() => undefined);
  await toasts.first().waitFor({ state: 'detached' });
  await animationsDone(page);
  expect(await checkAtEveryWidth(page, settle)).toEqual(CLEAN_AT_EVERY_WIDTH);
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await saveScreenshot(page, 'stock-counts', `${name}-${viewport.width}`);
  }
}

/** Finds a product on a count's page by what a counter types (or a barcode reader sends). */
async function findProduct(page: Page, code: string, name: string) {
  await page.getByLabel('Product code or name').fill(code);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  const form = page.getByRole('form', { name: `Count ${name}` });
  await form.waitFor();
  return form;
}

describe('stock counts', () => {
  const b = useBrowser();

  it('counts a location while the till sells, reviews the variance, approves (10, 8 counted, 2 sold after: 6), and a closed count refuses a line', async () => {
    const s = b.session();
    const { user, session } = await createUserWithSession('stocktake');
    await useSessionInBrowser(s.context, session);
    const main = (await listLocationsApi(session)).find((location) => location.isDefault)!;
    const shelf = await createLocationApi(session, { name: 'Shelf A' });
    await createLocationApi(session, { name: 'Bin 1', parentId: shelf.id });
    const lamp = await createProductApi(session, { name: 'Desk lamp', sku: 'LAMP-1', price: 2.5, quantity: 10 });
    await transferStockApi(session, lamp.id, { fromLocationId: main.id, toLocationId: shelf.id, quantity: 10 });

    await s.page.goto('/stock-counts');
    await s.page.getByRole('heading', { name: 'Stock counts', level: 1 }).waitFor();
    await s.page.getByRole('heading', { name: 'No stock counts yet' }).waitFor();

    // An admin (here the owner) opens a count of Shelf A, with the bin inside it.
    await s.page.getByRole('button', { name: 'New stock count' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'New stock count' });
    await dialog.getByLabel('Location', { exact: true }).selectOption({ label: 'Shelf A' });
    await checkAndPhotograph(s.page, 'new-count', () => dialog.waitFor());
    await dialog.getByRole('button', { name: 'Start count' }).click();
    await s.page.getByRole('heading', { name: 'Count: Shelf A', level: 1 }).waitFor();
    const countId = new URL(s.page.url()).pathname.split('/').pop()!;

    // The counter finds the lamp: the screen reads its stock (and ledger position) now, 10 on the shelf.
    const line = await findProduct(s.page, 'LAMP-1', 'Desk lamp');
    expect(await line.getByLabel('Where').locator('option').allTextContents()).toEqual(['Shelf A', 'Shelf A / Bin 1']);
    expect(await line.getByLabel('Where').inputValue()).toBe(shelf.id);
    expect(await line.getByTestId('count-entry-expected').textContent()).toBe('Expected here: 10');
    await checkAndPhotograph(s.page, 'counting', () => line.waitFor());
    // While the counter counts, the till sells two from the shelf.
    for (let sale = 0; sale < 2; sale++) await call(session, 'POST', `/api/products/${lamp.id}/stock`, { delta: -1, locationId: shelf.id });
    await line.getByLabel('Counted quantity').fill('8');
    await line.getByRole('button', { name: 'Record count' }).click();
    const recorded = s.page.getByTestId('count-line').filter({ hasText: 'Desk lamp' });
    await recorded.filter({ hasText: user.fullName }).filter({ hasText: 'Shelf A' }).waitFor();
    expect(await recorded.getByTestId('count-line-quantity').textContent()).toBe('8');

    await s.page.getByRole('button', { name: 'Submit for review' }).click();
    const submit = s.page.getByRole('alertdialog', { name: 'Submit for review?' }).getByRole('button', { name: 'Submit', exact: true });
    // Submitting and approving complete a piece of work: the primary colour, not the red of what destroys.
    expect(await submit.getAttribute('class')).toContain('bp6-intent-primary');
    await submit.click();
    await s.page.getByTestId('stock-count-status').filter({ hasText: 'In review' }).waitFor();
    // Expected is what the shelf held at the counter's position: the sales after it are not the counter's to explain.
    const item = s.page.getByTestId('count-review-item').filter({ hasText: 'Desk lamp' });
    await item.waitFor();
    const figures = ['expected', 'counted', 'variance', 'value'].map((figure) => item.getByTestId(`count-review-${figure}`).textContent());
    expect(await Promise.all(figures)).toEqual(['10', '8', '-2', '-$5.00']);
    await checkAndPhotograph(s.page, 'review', () => item.waitFor());

    await s.page.getByRole('button', { name: 'Approve all' }).click();
    const approve = s.page.getByRole('alertdialog', { name: 'Approve the count?' }).getByRole('button', { name: 'Approve', exact: true });
    expect(await approve.getAttribute('class')).toContain('bp6-intent-primary');
    await approve.click();
    await s.page.getByTestId('stock-count-status').filter({ hasText: 'Approved' }).waitFor();
    await recorded.getByText('Booked').waitFor();
    // 10 - 2 counted short - 2 sold after the position: both the count and the sales stand.
    const stock = await productStockApi(session, lamp.id);
    expect(stock.total).toBe(6);
    expect(stock.levels.find((level) => level.location.id === shelf.id)?.quantity).toBe(6);

    // A count closed behind the counter's back refuses the next line, and says why.
    const { stockCount: second } = await call<{ stockCount: { id: string } }>(session, 'POST', '/api/stock-counts', { blind: true });
    await s.page.goto(`/stock-counts/${second.id}`);
    await s.page.getByRole('heading', { name: 'Count: Whole workspace', level: 1 }).waitFor();
    const late = await findProduct(s.page, 'LAMP-1', 'Desk lamp');
    await call(session, 'POST', `/api/stock-counts/${second.id}/cancel`);
    s.allowConsoleError(/status of 409 \(Conflict\).*\/api\/stock-counts\/[^/]+\/lines/);
    await late.getByLabel('Counted quantity').fill('3');
    await late.getByRole('button', { name: 'Record count' }).click();
    await late.getByRole('alert').filter({ hasText: StockCountMessages.closed }).waitFor();
    expect(await s.page.getByTestId('count-line').count()).toBe(0);

    await s.page.getByRole('link', { name: 'Back to Stock counts' }).click();
    const listed = s.page.getByRole('list', { name: 'Stock counts' }).getByRole('listitem');
    await listed.filter({ hasText: 'Whole workspace' }).filter({ hasText: 'Cancelled' }).waitFor();
    await listed.filter({ hasText: 'Shelf A' }).filter({ hasText: 'Approved' }).waitFor();
    expect(await s.page.getByRole('link', { name: 'Shelf A' }).getAttribute('href')).toBe(`/stock-counts/${countId}`);
    await checkAndPhotograph(s.page, 'list', () => listed.first().waitFor());
    s.assertClean();
  });

  it('a counter counts a blind count without the expected quantities, submits it, and may not approve it', async () => {
    const s = b.session();
    const { session: owner } = await createUserWithSession('countowner');
    const { user: counter, session } = await createUserWithSession('blindcounter');
    const shop = await createWorkspaceApi(owner, 'Blind shop');
    await addMemberSql(shop.id, counter.email, 'COUNTER');
    await createProductInWorkspace(owner, shop.id, { name: 'Hammer', sku: 'HAM-1', price: 12, quantity: 5 });
    const { stockCount } = await call<{ stockCount: { id: string } }>(owner, 'POST', '/api/stock-counts', { blind: true }, shop.id);
    await useSessionInBrowser(s.context, session);

    await s.page.goto(`/stock-counts/${stockCount.id}?workspace=${shop.id}`);
    await s.page.getByRole('heading', { name: 'Count: Whole workspace', level: 1 }).waitFor();
    await s.page.getByText('blind count').waitFor();
    const line = await findProduct(s.page, 'HAM-1', 'Hammer');
    expect(await line.getByTestId('count-entry-expected').count()).toBe(0);
    await line.getByText('At Main').waitFor();
    expect(await s.page.getByRole('button', { name: 'Cancel count' }).count()).toBe(0);
    await line.getByLabel('Counted quantity').fill('4');
    await line.getByRole('button', { name: 'Record count' }).click();
    await s.page.getByTestId('count-line').filter({ hasText: 'Hammer' }).filter({ hasText: counter.fullName }).waitFor();

    await s.page.getByRole('button', { name: 'Submit for review' }).click();
    await s.page.getByRole('alertdialog', { name: 'Submit for review?' }).getByRole('button', { name: 'Submit', exact: true }).click();
    const item = s.page.getByTestId('count-review-item').filter({ hasText: 'Hammer' });
    await item.waitFor();
    const figures = ['expected', 'counted', 'variance', 'value'].map((figure) => item.getByTestId(`count-review-${figure}`).textContent());
    expect(await Promise.all(figures)).toEqual(['—', '4', '—', '—']);
    await s.page.getByText('This is a blind count').waitFor();
    expect(await s.page.getByRole('button', { name: /^Approve/ }).count()).toBe(0);

    await s.page.getByRole('link', { name: 'Back to Stock counts' }).click();
    await s.page.getByRole('list', { name: 'Stock counts' }).getByRole('listitem').filter({ hasText: 'In review' }).waitFor();
    expect(await s.page.getByRole('button', { name: 'New stock count' }).count()).toBe(0);
    s.assertClean();
  });
});
