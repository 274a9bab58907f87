import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ProductMessages, StockCountMessages, WORKSPACE_HEADER } from '@stockroom/schema';
import { CHROMIUM_ARGS, DESKTOP, MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { adjustStockApi, createProductApi, createUserWithSession, deleteProductApi, stockMovementsApi, useSessionInBrowser, type ApiSession } from './support/api';
import { e2eEnv } from './support/env';
import { axeLines } from './support/axe';
import { CLEAN_AT_EVERY_WIDTH, checkAtEveryWidth, sidewaysScroll } from './support/no-violations';
import { saveScreenshot } from './support/screen-checks';
import { addMemberSql, createProductInWorkspace, createWorkspaceApi } from './support/workspaces';
import { AppShell } from './pages/AppShell';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { QuickSearch } from './pages/QuickSearch';

/**
 * The offline client (issue 39): the installable app opens with no network, signed in, finds the
 * workspace's products in its local copy, queues stock changes and, on a stock count's screen opened
 * once online, count lines, across a reload, and replays them when the network is back, each exactly
 * once, also when the connection drops in the middle of the replay; a change the server refuses
 * waits in "Needs attention" (and a count line in its count's list) with its message. A product's page
 * offline shows where it is as the device last read it, on the product's own page online or a count's.
 */

/** One stock change as the product page records it: a sale or receipt (units) or a stocktake (count). */
type StockChange = { units: number } | { count: number };

async function api<T>(session: ApiSession, method: string, path: string, body?: unknown, workspaceId?: string): Promise<T> {
  const res = await fetch(`${e2eEnv().baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const productQuantity = async (session: ApiSession, id: string) => (await api<{ product: { quantity: number } }>(session, 'GET', `/api/products/${id}`)).product.quantity;
type ServerLine = { productId: string; quantity: number; ledgerPosition: string };
const serverLines = async (session: ApiSession, countId: string) => (await api<{ lines: ServerLine[] }>(session, 'GET', `/api/stock-counts/${countId}`)).lines;
const countLines = async (session: ApiSession, countId: string) => (await serverLines(session, countId)).map((line) => line.quantity).sort((a, b) => a - b);
/** The product's ledger position at its one place (the default location), as the server has it now. */
const ledgerPositionNow = async (session: ApiSession, productId: string) => (await api<{ levels: { ledgerPosition: string }[] }>(session, 'GET', `/api/products/${productId}/stock`)).levels[0].ledgerPosition;

/** The quantity after the changes, applied once each and in order. */
const afterChanges = (start: number, changes: readonly StockChange[]) => changes.reduce((quantity, change) => ('count' in change ? change.count : quantity + change.units), start);

/** Whether a GraphQL request is the count screen's read of its scope's stock. */
const isScopeStock = (request: { postData(): string | null }) => request.postData()?.includes('StockCountScopeStock') ?? false;

/** A browser tab with the service worker allowed, signed in as a fresh account with products and an open stock count, opened once online. */
async function offlineReadySession(
  b: ReturnType<typeof useBrowser>,
  products: readonly { name: string; sku: string; quantity: number; notLookedUp?: true }[],
  viewport = DESKTOP,
  readsScopeStock = true,
) {
  const s = await b.open(b.browser(), { serviceWorkers: 'allow', viewport });
  // What the browser logs of requests with no network (or cut here), and of the refusal the first test provokes.
  s.allowConsoleError(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|status of 404/);
  const { user, session } = await createUserWithSession('offline');
  const created = [];
  for (const { notLookedUp: _, ...product } of products) created.push(await createProductApi(session, { price: 3, ...product }));
  const stockCount = (await api<{ stockCount: { id: string } }>(session, 'POST', '/api/stock-counts', {})).stockCount;
  await useSessionInBrowser(s.context, session);
  // The app's files are kept by its worker, and the products copied to the device, while online.
  await s.page.goto('/offline');
  await s.page.getByRole('heading', { name: 'Offline changes', level: 1 }).waitFor();
  await s.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await s.page.getByTestId('offline-product-copy').getByText(`${products.length} ${products.length === 1 ? 'product' : 'products'} of this workspace`).waitFor({ timeout: 15_000 });
  // The counter opens the count online and looks each product up once: the device keeps the count and each product's stock.
  // The count's screen also reads its scope's stock once, after its own answers; cut here, the device never gets it.
  if (!readsScopeStock) await s.context.route('**/graphql', (route) => (isScopeStock(route.request()) ? route.abort() : route.fallback()));
  const scopeStockRead = readsScopeStock ? s.page.waitForResponse((response) => isScopeStock(response.request())) : null;
  await s.page.goto(`/stock-counts/${stockCount.id}`);
  await s.page.getByRole('heading', { name: 'Count: Whole workspace', level: 1 }).waitFor();
  await scopeStockRead;
  for (const product of products.filter((candidate) => !candidate.notLookedUp)) {
    const form = await findOnCountScreen(s.page, product.sku, product.name);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
  }
  return { s, user, session, products: created, stockCountId: stockCount.id };
}

/**
 * What keeps Chromium from offering to install the app (none: a manifest with its icons, a worker).
 * Asked in a profile of its own: a test's usual context is incognito, where no app is ever installable.
 */
async function installabilityErrors(): Promise<unknown[]> {
  const profile = mkdtempSync(join(tmpdir(), 'stockroom-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS],
    baseURL: e2eEnv().baseUrl,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/auth/login');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    return (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Opens a product from the quick search, by what is typed (its name or SKU), from the device's copy. */
async function openFromQuickSearch(page: Page, text: string, name: string): Promise<void> {
  const search = new QuickSearch(page);
  await search.button.click();
  await search.input.fill(text);
  await search.waitForResults();
  await search.status.getByText('offline: from the copy on this device').waitFor();
  await search.option(new RegExp(`^${name}`)).click();
  await search.waitForClosed();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

async function recordChanges(page: Page, changes: readonly StockChange[]): Promise<void> {
  const detail = new ProductDetailPage(page);
  for (const change of changes) {
    if ('count' in change) await detail.count(change.count);
    else await detail.adjust(change.units);
  }
}

/** Finds a product on a count's screen by what a counter types (or a barcode reader sends), and answers its count form. */
async function findOnCountScreen(page: Page, code: string, name: string) {
  await page.getByLabel('Product code or name').fill(code);
  await page.getByLabel('Product code or name').press('Enter');
  const form = page.getByRole('form', { name: `Count ${name}` });
  await form.waitFor();
  return form;
}

/** Counts lines on the count's screen, as a counter does: the code, Enter, the quantity, Enter. */
async function countOnScreen(page: Page, lines: readonly { sku: string; name: string; quantity: number }[]): Promise<void> {
  for (const line of lines) {
    const form = await findOnCountScreen(page, line.sku, line.name);
    await form.getByLabel('Counted quantity').fill(String(line.quantity));
    await form.getByLabel('Counted quantity').press('Enter');
    await form.waitFor({ state: 'detached' });
  }
}

/** The count's line list: its lines still on the device in a state ('pending', 'refused'). */
const queuedLines = (page: Page, state: 'pending' | 'refused') => page.getByRole('list', { name: 'Counted lines' }).locator(`[data-testid="count-line"][data-state="${state}"]`);

/** How many records each of the offline client's IndexedDB stores holds. */
function offlineStoreSizes(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('stockroom-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          const tx = db.transaction(names, 'readonly');
          const sizes: Record<string, number> = {};
          for (const name of names) {
            const count = tx.objectStore(name).count();
            count.onsuccess = () => (sizes[name] = count.result);
          }
          tx.oncomplete = () => {
            db.close();
            resolve(sizes);
          };
        };
      }),
  );
}

/**
 * Waits until the device's known stock passes the check: `productId` at one place with `quantity`, or
 * `records` records in all. Checked in the page every 50 ms, for up to 15 s: page.waitForFunction would
 * take the promise an async check returns for a truthy answer, and not wait at all.
 */
async function knownStockReaches(page: Page, expected: { productId: string; quantity: number } | { records: number }): Promise<void> {
  await page.evaluate(async (want) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('stockroom-offline');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const kept = await new Promise<{ productId: string; levels: { quantity: number | null }[] }[]>((resolve) => {
        const request = db.transaction('knownStock').objectStore('knownStock').getAll();
        request.onsuccess = () => resolve(request.result as { productId: string; levels: { quantity: number | null }[] }[]);
      });
      db.close();
      const reached =
        'records' in want
          ? kept.length === want.records
          : kept.some((stock) => stock.productId === want.productId && stock.levels.length === 1 && stock.levels[0].quantity === want.quantity);
      if (reached) return;
      if (Date.now() > deadline) throw new Error(`The device's known stock never reached ${JSON.stringify(want)}: ${JSON.stringify(kept)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, expected);
}

/** Waits until the device keeps the product's stock at its one place as `quantity`. */
const keptStockAt = (page: Page, productId: string, quantity: number) => knownStockReaches(page, { productId, quantity });

/** A product page's "Where it is" row for the default place, with its quantity. */
const mainLevel = (page: Page, quantity: number) => page.getByTestId('stock-level').filter({ hasText: new RegExp(`Main\\s*${quantity}(?!\\d)`) });

/** The header's link to the offline changes, by its name ("Offline, 3 changes waiting: see the changes on this device"). */
const statusLink = (s: GuardedSession, name: RegExp) => s.page.getByRole('banner').getByRole('link', { name });

/** The toasts of the changes just saved have gone (they cover the header on a phone). */
const toastsGone = (page: Page) => page.getByRole('region', { name: 'Notifications' }).getByRole('alert').first().waitFor({ state: 'detached', timeout: 10_000 });

const waitingTag = (s: GuardedSession) => s.page.getByRole('banner').getByTestId('offline-waiting');

async function expectWaiting(s: GuardedSession, count: number): Promise<void> {
  await waitingTag(s).getByText(`${count} changes waiting`, { exact: true }).waitFor();
}

describe('the offline app', () => {
  const b = useBrowser({ sessionPerTest: false });

  it('installs, opens offline signed in, finds products locally, and sends 20 stock changes and 30 count lines exactly once', async () => {
    const { s, user, session, products, stockCountId } = await offlineReadySession(b, [
      { name: 'Offline Lamp', sku: 'OFF-LAMP-1', quantity: 100 },
      { name: 'Basement Bolt', sku: 'OFF-BOLT-2', quantity: 100 },
      { name: 'Doomed Widget', sku: 'OFF-GONE-3', quantity: 5 },
      { name: 'Cellar Nut', sku: 'OFF-NUT-4', quantity: 50 },
      { name: 'Cellar Screw', sku: 'OFF-SCREW-5', quantity: 60 },
      { name: 'Gone Gasket', sku: 'OFF-GONE-6', quantity: 3 },
      { name: 'Crawlspace Hinge', sku: 'OFF-HINGE-10', quantity: 20, notLookedUp: true },
    ]);
    const [lamp, bolt, doomed, nut, screw, gasket, hinge] = products;
    // What the device read of each product's stock as the counter looked it up online, or (the hinge) as the count's screen read its scope.
    const seen = Object.fromEntries(await Promise.all([nut, screw, hinge].map(async (product) => [product.id, await ledgerPositionNow(session, product.id)])));
    expect((await offlineStoreSizes(s.page)).knownStock).toBe(7);

    expect(await installabilityErrors()).toEqual([]);
    const worker = await s.page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');

    await s.context.setOffline(true);
    await s.page.reload();
    // Signed in as the last account, not sent to sign in; the header says there is no network; the count opens as the device kept it.
    await s.page.getByRole('banner').getByText('Offline', { exact: true }).waitFor();
    await s.page.getByRole('button', { name: new RegExp(`^User menu for ${user.fullName}`) }).waitFor();
    await s.page.getByRole('heading', { name: 'Count: Whole workspace', level: 1 }).waitFor();
    await s.page.getByTestId('stock-count-kept').getByText(/^Offline: this count as this device last saw it/).waitFor();

    const lampChanges: StockChange[] = [{ units: -2 }, { units: -2 }, { units: 1 }, { units: -2 }, { units: 1 }, { count: 80 }, { units: -2 }, { units: 1 }, { units: -2 }, { units: -5 }];
    const boltChanges: StockChange[] = [{ units: -1 }, { units: -1 }, { units: 2 }, { count: 50 }, { units: -3 }, { units: 2 }, { units: -1 }, { units: -1 }, { units: 4 }, { units: -1 }];
    await openFromQuickSearch(s.page, 'offline lamp', 'Offline Lamp');
    await recordChanges(s.page, lampChanges);
    await openFromQuickSearch(s.page, 'OFF-BOLT-2', 'Basement Bolt');
    await recordChanges(s.page, boltChanges);
    // The page shows the copy's quantity with the changes recorded here.
    await new ProductDetailPage(s.page).currentStock.filter({ hasText: new RegExp(`^${afterChanges(100, boltChanges)}$`) }).waitFor();
    await openFromQuickSearch(s.page, 'OFF-GONE-3', 'Doomed Widget');
    await recordChanges(s.page, [{ units: -1 }]);

    // The product list is the device's copy, and says so; its search narrows it by name or SKU as the quick search does.
    await s.page.goto('/products');
    await s.page.getByTestId('offline-product-list-notice').getByText(/^Offline: the products as this device last saw them, .+\.$/).waitFor();
    const listed = s.page.getByRole('list', { name: 'Products' }).getByRole('link');
    await listed.nth(6).waitFor();
    expect(await listed.allInnerTexts()).toEqual(['Basement Bolt', 'Cellar Nut', 'Cellar Screw', 'Crawlspace Hinge', 'Doomed Widget', 'Gone Gasket', 'Offline Lamp']);
    for (const needsServer of ['Add New Product', 'Import', 'Export']) await expect(s.page.getByRole('button', { name: needsServer }).isDisabled()).resolves.toBe(true);
    await toastsGone(s.page);
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    await saveScreenshot(s.page, 'offline', 'product-list-1280');
    const search = s.page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('CELLAR');
    await listed.nth(2).waitFor({ state: 'detached' });
    expect(await listed.allInnerTexts()).toEqual(['Cellar Nut', 'Cellar Screw']);
    await s.page.setViewportSize(MOBILE);
    await saveScreenshot(s.page, 'offline', 'product-list-375');
    await s.page.setViewportSize(DESKTOP);
    await search.fill('off-hinge-10');
    await listed.nth(1).waitFor({ state: 'detached' });
    await listed.getByText('Crawlspace Hinge', { exact: true }).click();
    await s.page.getByTestId('offline-product-notice').waitFor();
    // The dashboard's figures are the server's: it says it needs the network and points to what works.
    await s.page.goto('/dashboard');
    const needsNetwork = s.page.getByTestId('dashboard-offline');
    await needsNetwork.getByRole('heading', { name: 'Offline: the dashboard needs the network' }).waitFor();
    await needsNetwork.getByRole('link', { name: 'Products' }).waitFor();
    await needsNetwork.getByRole('link', { name: 'Stock counts' }).waitFor();
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    await saveScreenshot(s.page, 'offline', 'dashboard-1280');
    await s.page.setViewportSize(MOBILE);
    await saveScreenshot(s.page, 'offline', 'dashboard-375');
    await s.page.setViewportSize(DESKTOP);

    // The counter counts on the count's screen, started again with no network, while the till sells on.
    await s.page.goto(`/stock-counts/${stockCountId}`);
    await s.page.getByRole('heading', { name: 'Count: Whole workspace', level: 1 }).waitFor();
    for (const product of [nut, screw, hinge]) await api(session, 'POST', `/api/products/${product.id}/stock`, { delta: -1, reason: 'SALE' });
    // The lamp's sales recorded on this device are not in the stock it last read: counted now, they would count twice.
    const sold = await findOnCountScreen(s.page, 'OFF-LAMP-1', 'Offline Lamp');
    await sold.getByTestId('count-entry-own-changes').getByText(/^Stock changes of this product recorded on this device have not reached the server yet/).waitFor();
    await expect(sold.getByRole('button', { name: 'Record count' }).isDisabled()).resolves.toBe(true);
    await sold.getByRole('button', { name: 'Cancel' }).click();
    const lines = Array.from({ length: 30 }, (_, i) => ({ ...(i % 2 ? { sku: nut.sku!, name: nut.name, productId: nut.id } : { sku: screw.sku!, name: screw.name, productId: screw.id }), quantity: i + 1 }));
    await countOnScreen(s.page, [...lines, { sku: gasket.sku!, name: gasket.name, quantity: 99 }]);
    // The hinge was never looked up, but the count's scope read gave the device its stock: it is counted like the others.
    const unlooked = await findOnCountScreen(s.page, hinge.sku!, hinge.name);
    expect(await unlooked.getByTestId('count-entry-expected').textContent()).toBe('Expected here: 20');
    await unlooked.getByLabel('Counted quantity').fill('17');
    await unlooked.getByLabel('Counted quantity').press('Enter');
    await unlooked.waitFor({ state: 'detached' });
    // Each waits in the count's list (25 a page), and in the header with the stock changes.
    await expect(queuedLines(s.page, 'pending').count()).resolves.toBe(25);
    await queuedLines(s.page, 'pending').filter({ hasText: 'Gone Gasket' }).getByText('Waiting to be sent').waitFor();
    await expectWaiting(s, 53);
    // The expected quantity is the device's last read, and says so.
    const next = await findOnCountScreen(s.page, 'OFF-NUT-4', 'Cellar Nut');
    await next.getByTestId('count-entry-stock-stale').getByText(/^Offline: expected as this device last read it, .*It may have changed since\.$/).waitFor();
    expect(await next.getByTestId('count-entry-expected').textContent()).toBe('Expected here: 50');
    await toastsGone(s.page);
    expect(await checkAtEveryWidth(s.page, () => next.waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    await saveScreenshot(s.page, 'offline', 'count-waiting-1280');
    await s.page.setViewportSize(MOBILE);
    await saveScreenshot(s.page, 'offline', 'count-waiting-375');
    await s.page.setViewportSize(DESKTOP);

    // The queue survives a reload; meanwhile the product of one change is deleted on the server.
    await s.page.reload();
    await expectWaiting(s, 53);
    await queuedLines(s.page, 'pending').first().waitFor();
    await deleteProductApi(session, doomed.id);
    await deleteProductApi(session, gasket.id);

    await s.context.setOffline(false);
    await s.page.getByRole('banner').getByTestId('offline-refused').getByText('2 need attention').waitFor({ timeout: 30_000 });
    await waitingTag(s).waitFor({ state: 'detached' });
    expect(await productQuantity(session, lamp.id)).toBe(afterChanges(100, lampChanges));
    expect(await productQuantity(session, bolt.id)).toBe(afterChanges(100, boltChanges));
    // Each change once: the initial stock and one movement per change.
    expect((await stockMovementsApi(session, lamp.id)).length).toBe(1 + lampChanges.length);
    expect((await stockMovementsApi(session, bolt.id)).length).toBe(1 + boltChanges.length);
    expect(await countLines(session, stockCountId)).toEqual([...lines.map((line) => line.quantity), 17].sort((a, b) => a - b));
    // Each line names the newest movement the device knew, not the till's sales since (they stand when the count is approved).
    const recorded = await serverLines(session, stockCountId);
    expect(recorded.map((line) => line.ledgerPosition === seen[line.productId])).toEqual(recorded.map(() => true));
    expect(BigInt(await ledgerPositionNow(session, nut.id))).toBeGreaterThan(BigInt(seen[nut.id]));

    // The refused line stays in the count's list with the server's message until dismissed; the sent ones are the server's.
    const refusedLine = queuedLines(s.page, 'refused');
    await refusedLine.getByTestId('count-line-message').getByText(ProductMessages.notFound, { exact: true }).waitFor();
    await expect(queuedLines(s.page, 'pending').count()).resolves.toBe(0);
    await s.page.getByTestId('count-line').filter({ hasText: user.fullName }).first().waitFor();
    await toastsGone(s.page);
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    await saveScreenshot(s.page, 'offline', 'count-refused-1280');
    await refusedLine.getByRole('button', { name: 'Dismiss the refused line: 99 of Gone Gasket' }).click();
    await refusedLine.waitFor({ state: 'detached' });

    // The refused change waits in Needs attention with the server's message until dismissed.
    await s.page.getByRole('banner').getByTestId('offline-status').click();
    const attention = s.page.getByRole('region', { name: 'Needs attention' });
    await attention.getByTestId('offline-change-message').getByText(ProductMessages.notFound, { exact: true }).waitFor();
    await expect(attention.getByText('Sale of 1 · Doomed Widget').count()).resolves.toBe(1);
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    await saveScreenshot(s.page, 'offline', 'needs-attention-1280');
    await attention.getByRole('button', { name: 'Dismiss: Sale of 1 · Doomed Widget' }).click();
    await attention.waitFor({ state: 'detached' });
    await s.page.getByRole('banner').getByTestId('offline-status').waitFor({ state: 'detached' });
    s.assertClean();
    // Thirty-one lines through the count screen, twenty changes and the checks at two widths: longer than a test's usual minute on a busy machine.
  }, 120_000);

  it('replays 1,000 queued changes in batches, each exactly once, and reports how long the replay took', async () => {
    const { s, session, products, stockCountId } = await offlineReadySession(b, [{ name: 'Bulk Bin', sku: 'OFF-BIN-7', quantity: 10 }]);
    const [bin] = products;
    const accountId = (JSON.parse(Buffer.from(session.accessToken.split('.')[1], 'base64url').toString()) as { sub: string }).sub;
    await s.context.setOffline(true);
    // 500 receipts of one unit and 500 count lines, alternating, written into the device's queue as the app queues them.
    await s.page.evaluate(
      ({ accountId, productId, countId }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('stockroom-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction('changes', 'readwrite');
            for (let n = 0; n < 1000; n++) {
              const common = { idempotencyKey: crypto.randomUUID(), accountId, workspaceId: null, productId, queuedAt: Date.now(), state: 'pending' };
              tx.objectStore('changes').add(
                n % 2 === 0
                  ? { ...common, kind: 'adjust', path: `/api/products/${productId}/stock`, body: { delta: 1, reason: 'RECEIPT' }, label: 'Receipt of 1 · Bulk Bin' }
                  : { ...common, kind: 'countLine', path: `/api/stock-counts/${countId}/lines`, body: { productId, quantity: n, ledgerPosition: '0', countedAt: new Date().toISOString() }, label: `Count line: ${n} · Bulk Bin` },
              );
            }
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      { accountId, productId: bin.id, countId: stockCountId },
    );
    await s.page.reload();
    await expectWaiting(s, 1000);

    const started = Date.now();
    await s.context.setOffline(false);
    await s.page.getByRole('banner').getByTestId('offline-status').waitFor({ state: 'detached', timeout: 60_000 });
    process.stdout.write(`offline replay: 1,000 queued changes sent in ${Date.now() - started} ms\n`);
    expect(await productQuantity(session, bin.id)).toBe(510);
    expect((await api<{ pagination: { total: number } }>(session, 'GET', `/api/products/${bin.id}/movements?limit=1`)).pagination.total).toBe(501);
    expect((await countLines(session, stockCountId)).length).toBe(500);
    s.assertClean();
  });

  it('sends every change exactly once when the connection drops in the middle of the replay', async () => {
    const { s, session, products, stockCountId } = await offlineReadySession(
      b,
      [
        { name: 'Cellar Crate', sku: 'OFF-CRATE-9', quantity: 40 },
        { name: 'Cellar Jar', sku: 'OFF-JAR-7', quantity: 12 },
        { name: 'Attic Fan', sku: 'OFF-FAN-8', quantity: 7, notLookedUp: true },
        { name: 'Loft Rope', sku: 'OFF-ROPE-14', quantity: 7, notLookedUp: true },
      ],
      MOBILE,
      false,
    );
    const [crate, jar, , rope] = products;
    // The rope is only ever looked at on its own page, online: never counted, nor read with the count's scope.
    expect((await offlineStoreSizes(s.page)).knownStock).toBe(2);
    const detail = new ProductDetailPage(s.page);
    await detail.goto(rope.id);
    await mainLevel(s.page, 7).waitFor();
    await keptStockAt(s.page, rope.id, 7);
    // Offline, its page shows where it is as last read online, at both widths.
    await s.context.setOffline(true);
    await s.page.reload();
    await statusLink(s, /^Offline: see/).waitFor();
    await s.page.getByTestId('offline-product-notice').waitFor();
    await mainLevel(s.page, 7).waitFor();
    await s.page.getByTestId('offline-product-stock-read').getByText(/^Where it is as this device last read it, .*It may have changed since\.$/).waitFor();
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    await saveScreenshot(s.page, 'offline', 'product-read-online-1280');
    await s.page.setViewportSize(MOBILE);
    await saveScreenshot(s.page, 'offline', 'product-read-online-375');
    // Sold elsewhere; the page opened online once more; offline again, it shows the newer read.
    await adjustStockApi(session, rope.id, { delta: -2, reason: 'SALE' });
    await s.context.setOffline(false);
    await s.page.reload();
    await s.page.getByTestId('offline-product-notice').waitFor({ state: 'detached' });
    await mainLevel(s.page, 5).waitFor();
    await keptStockAt(s.page, rope.id, 5);
    await s.context.setOffline(true);
    await s.page.reload();
    await s.page.getByTestId('offline-product-notice').waitFor();
    await mainLevel(s.page, 5).waitFor();
    // The Stock card says the same, from that read: the product copy, not refreshed since, still has 7.
    await expect(detail.currentStock.innerText()).resolves.toBe('5');
    await openFromQuickSearch(s.page, 'cellar', 'Cellar Crate');
    const changes: StockChange[] = [{ units: -1 }, { units: -2 }, { units: 3 }, { count: 30 }, { units: -4 }, { units: 1 }, { units: -1 }, { units: 2 }, { units: -3 }, { units: 1 }];
    await recordChanges(s.page, changes);
    await statusLink(s, /^Offline, 10 changes waiting: see/).waitFor();
    // On a phone the header's one tag says it; the product's page fits the screen and passes axe.
    await expect(statusLink(s, /^Offline/).innerText()).resolves.toBe('Offline · 10');
    await toastsGone(s.page);
    expect(await sidewaysScroll(s.page)).toBe(0);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, 'offline', 'product-offline-375');
    await s.page.goto(`/stock-counts/${stockCountId}`);
    await s.page.getByRole('heading', { name: 'Count: Whole workspace', level: 1 }).waitFor();
    // A product whose stock the device never read has no ledger position to be counted against: not with no network.
    const fan = await findOnCountScreen(s.page, 'attic', 'Attic Fan');
    await fan.getByTestId('count-entry-stock-unknown').waitFor();
    await expect(fan.getByRole('button', { name: 'Record count' }).isDisabled()).resolves.toBe(true);
    await expect(fan.getByTestId('count-entry-expected').count()).resolves.toBe(0);
    await toastsGone(s.page);
    expect(await sidewaysScroll(s.page)).toBe(0);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, 'offline', 'count-unknown-375');
    await fan.getByRole('button', { name: 'Cancel' }).click();
    const lines = Array.from({ length: 10 }, (_, i) => ({ sku: jar.sku!, name: jar.name, quantity: i + 1 }));
    await countOnScreen(s.page, lines);
    await statusLink(s, /^Offline, 20 changes waiting: see/).waitFor();

    // The changes go in one batch; it reaches the server and is recorded, but the connection drops before its answer comes back.
    let batches = 0;
    let singles = 0;
    let dropped!: () => void;
    const droppedOnce = new Promise<void>((resolve) => (dropped = resolve));
    await s.page.route(/\/api\/(products|stock-counts)\/[^/]+\/(stock|stock\/count|lines)$/, (route) => {
      singles += 1;
      return route.continue();
    });
    await s.page.route(/\/api\/stock-changes$/, async (route) => {
      batches += 1;
      if (batches !== 1) return route.continue();
      await route.fetch();
      await s.context.setOffline(true);
      await route.abort('internetdisconnected');
      dropped();
    });
    await s.context.setOffline(false);
    await droppedOnce;
    await statusLink(s, /^Offline, 20 changes waiting: see/).waitFor();

    // Sent again with the same keys, the batch is answered as recorded and nothing is written twice.
    await s.context.setOffline(false);
    await s.page.getByRole('banner').getByTestId('offline-status').waitFor({ state: 'detached', timeout: 30_000 });
    expect({ batches, singles }).toEqual({ batches: 2, singles: 0 });
    expect(await productQuantity(session, crate.id)).toBe(afterChanges(40, changes));
    expect((await stockMovementsApi(session, crate.id)).length).toBe(1 + changes.length);
    expect(await countLines(session, stockCountId)).toEqual(lines.map((line) => line.quantity));

    // Signing out leaves nothing of the account on the device: its copies and its changes are gone.
    await new AppShell(s.page).signOut();
    expect(await offlineStoreSizes(s.page)).toEqual({ accounts: 0, products: 0, productCopies: 0, changes: 0, knownStock: 0, stockCounts: 0, stockCountLists: 0 });
    s.assertClean();
  });

  it("a counter's blind count, the list and a product open offline as last seen; the scope read is retried; out of scope is refused as online", async () => {
    const s = await b.open(b.browser(), { serviceWorkers: 'allow', viewport: DESKTOP });
    // What the browser logs of the cut scope reads and requests with no network, and of the refusal of the line outside the count.
    s.allowConsoleError(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|status of 400 .*\/api\/stock-changes|status of 400 .*\/lines/);
    const { session: owner } = await createUserWithSession('offlineowner');
    const { user: counterUser, session: counter } = await createUserWithSession('offlinecounter');
    const shop = await createWorkspaceApi(owner, 'Cellar shop');
    await addMemberSql(shop.id, counterUser.email, 'COUNTER');
    await createProductInWorkspace(owner, shop.id, { name: 'Cellar Hammer', sku: 'OFF-HAM-11', category: 'Tools', price: 9, quantity: 5 });
    const saw = await createProductInWorkspace(owner, shop.id, { name: 'Cellar Saw', sku: 'OFF-SAW-12', category: 'Tools', price: 9, quantity: 3 });
    const paint = await createProductInWorkspace(owner, shop.id, { name: 'Cellar Paint', sku: 'OFF-PAINT-13', category: 'Paint', price: 9, quantity: 9 });
    await api(owner, 'POST', '/api/stock-counts', { category: 'Tools', blind: true }, shop.id);
    await useSessionInBrowser(s.context, counter);

    // The workspace is chosen, its products copied to the device, and the app's files kept by its worker.
    await s.page.goto(`/offline?workspace=${shop.id}`);
    await s.page.waitForFunction((id) => Object.keys(localStorage).some((key) => key.startsWith('stockroom_workspace:') && localStorage.getItem(key) === id), shop.id);
    await s.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await s.page.getByRole('button', { name: 'Refresh now' }).click();
    await s.page.getByTestId('offline-product-copy').getByText('3 products of this workspace').waitFor({ timeout: 15_000 });

    // The list, online; the count opened from it while its scope read fails (the server out of reach for it).
    let scopeCut = true;
    await s.context.route('**/graphql', (route) => (scopeCut && isScopeStock(route.request()) ? route.abort() : route.fallback()));
    await s.page.goto('/stock-counts');
    const scopeReadFailed = s.page.waitForEvent('requestfailed', { predicate: isScopeStock });
    await s.page.getByRole('list', { name: 'Stock counts' }).getByRole('link', { name: 'category Tools' }).click();
    await s.page.getByRole('heading', { name: 'Count: category Tools', level: 1 }).waitFor();
    await scopeReadFailed;
    // Online, the server refuses a product of another category, and the counter sees no expected quantity.
    const outside = await findOnCountScreen(s.page, 'OFF-PAINT-13', 'Cellar Paint');
    await expect(outside.getByTestId('count-entry-expected').count()).resolves.toBe(0);
    await outside.getByLabel('Counted quantity').fill('1');
    await outside.getByRole('button', { name: 'Record count' }).click();
    const onlineRefusal = await outside.getByRole('alert').textContent();
    expect(onlineRefusal).toBe(StockCountMessages.outsideScope);
    await outside.getByRole('button', { name: 'Cancel' }).click();
    const hammerForm = await findOnCountScreen(s.page, 'OFF-HAM-11', 'Cellar Hammer');
    await expect(hammerForm.getByTestId('count-entry-expected').count()).resolves.toBe(0);
    await hammerForm.getByRole('button', { name: 'Cancel' }).click();

    // The network drops and comes back: the scope read is tried again, and the device keeps the saw's stock, never looked up.
    scopeCut = false;
    await s.context.setOffline(true);
    const retried = s.page.waitForRequest(isScopeStock);
    await s.context.setOffline(false);
    expect((await (await retried).response())?.ok()).toBe(true);
    await knownStockReaches(s.page, { records: 3 });

    // Offline, after a reload: the blind count still shows no expected quantity, and the saw is counted from the scope read.
    await s.context.setOffline(true);
    await s.page.reload();
    await s.page.getByTestId('stock-count-kept').getByText(/^Offline: this count as this device last saw it/).waitFor();
    const sawForm = await findOnCountScreen(s.page, 'OFF-SAW-12', 'Cellar Saw');
    await sawForm.getByTestId('count-entry-stock-stale').waitFor();
    await expect(sawForm.getByTestId('count-entry-expected').count()).resolves.toBe(0);
    await sawForm.getByLabel('Counted quantity').fill('2');
    await sawForm.getByLabel('Counted quantity').press('Enter');
    await sawForm.waitFor({ state: 'detached' });
    await queuedLines(s.page, 'pending').filter({ hasText: 'Cellar Saw' }).waitFor();
    // The product of another category is refused on the device with the server's own words.
    const outsideOffline = await findOnCountScreen(s.page, 'OFF-PAINT-13', 'Cellar Paint');
    await expect(outsideOffline.getByTestId('count-entry-expected').count()).resolves.toBe(0);
    await outsideOffline.getByLabel('Counted quantity').fill('1');
    await outsideOffline.getByRole('button', { name: 'Record count' }).click();
    await expect(outsideOffline.getByRole('alert').textContent()).resolves.toBe(onlineRefusal);
    await toastsGone(s.page);
    expect(await checkAtEveryWidth(s.page, () => outsideOffline.waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    await saveScreenshot(s.page, 'offline', 'blind-outside-1280');
    await s.page.setViewportSize(MOBILE);
    await saveScreenshot(s.page, 'offline', 'blind-outside-375');

    // The list opens with no network, as this device last saw it, the count in it.
    await s.page.goto('/stock-counts');
    await s.page.getByTestId('stock-counts-kept').getByText(/^Offline: the stock counts as this device last saw them, /).waitFor();
    await s.page.getByRole('list', { name: 'Stock counts' }).getByRole('listitem').filter({ hasText: 'category Tools' }).filter({ hasText: 'blind' }).waitFor();
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    await s.page.setViewportSize(MOBILE);
    await saveScreenshot(s.page, 'offline', 'list-offline-375');

    // A product's page: as the device last saw it, where it is from its last read (the paint's own read, whole); the saw's, known from the blind count's read only, without quantities.
    await s.page.goto(`/products/${paint.id}`);
    await s.page.getByTestId('offline-product-notice').getByText(/^Offline: this product as this device last saw it, /).waitFor();
    await s.page.getByTestId('stock-level').filter({ hasText: /Main\s*9/ }).waitFor();
    await s.page.getByTestId('offline-product-stock-read').getByText(/^Where it is as this device last read it, .*It may have changed since\.$/).waitFor();
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    await saveScreenshot(s.page, 'offline', 'product-last-seen-1280');
    await s.page.setViewportSize(MOBILE);
    await saveScreenshot(s.page, 'offline', 'product-last-seen-375');
    await s.page.goto(`/products/${saw.id}`);
    await s.page.getByRole('heading', { name: 'Cellar Saw', level: 1 }).waitFor();
    await s.page.getByText("This device's last read of its stock did not include quantities (a blind count).").waitFor();
    s.assertClean();
  });
});
