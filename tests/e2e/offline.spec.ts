import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ProductMessages } from '@stockroom/schema';
import { CHROMIUM_ARGS, DESKTOP, MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { createProductApi, createUserWithSession, deleteProductApi, stockMovementsApi, useSessionInBrowser, type ApiSession } from './support/api';
import { e2eEnv } from './support/env';
import { axeLines } from './support/axe';
import { CLEAN_AT_EVERY_WIDTH, checkAtEveryWidth, sidewaysScroll } from './support/no-violations';
import { saveScreenshot } from './support/screen-checks';
import { AppShell } from './pages/AppShell';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { QuickSearch } from './pages/QuickSearch';

/**
 * The offline client (issue 39): the installable app opens with no network, signed in, finds the
 * workspace's products in its local copy, queues stock changes and count lines across a reload, and
 * replays them when the network is back, each exactly once, also when the connection drops in the
 * middle of the replay; a change the server refuses waits in "Needs attention" with its message.
 */

/** The offline queue's count-line entry, as the app puts it on the window. */
type OfflineWindow = Window & { stockroomOffline?: { queueCountLine(stockCountId: string, body: { productId: string; quantity: number; ledgerPosition: string }): Promise<unknown> } };

/** One stock change as the product page records it: a sale or receipt (units) or a stocktake (count). */
type StockChange = { units: number } | { count: number };

async function api<T>(session: ApiSession, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${e2eEnv().baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const productQuantity = async (session: ApiSession, id: string) => (await api<{ product: { quantity: number } }>(session, 'GET', `/api/products/${id}`)).product.quantity;
const countLines = async (session: ApiSession, countId: string) => (await api<{ lines: { quantity: number }[] }>(session, 'GET', `/api/stock-counts/${countId}`)).lines.map((line) => line.quantity).sort((a, b) => a - b);

/** The quantity after the changes, applied once each and in order. */
const afterChanges = (start: number, changes: readonly StockChange[]) => changes.reduce((quantity, change) => ('count' in change ? change.count : quantity + change.units), start);

/** A browser tab with the service worker allowed, signed in as a fresh account with products and an open stock count. */
async function offlineReadySession(b: ReturnType<typeof useBrowser>, products: readonly { name: string; sku: string; quantity: number }[], viewport = DESKTOP) {
  const s = await b.open(b.browser(), { serviceWorkers: 'allow', viewport });
  // What the browser logs of requests with no network, and of the refusal the first test provokes.
  s.allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|status of 404/);
  const { user, session } = await createUserWithSession('offline');
  const created = [];
  for (const product of products) created.push(await createProductApi(session, { price: 3, ...product }));
  const stockCount = (await api<{ stockCount: { id: string } }>(session, 'POST', '/api/stock-counts', {})).stockCount;
  await useSessionInBrowser(s.context, session);
  // The app's files are kept by its worker, and the products copied to the device, while online.
  await s.page.goto('/offline');
  await s.page.getByRole('heading', { name: 'Offline changes', level: 1 }).waitFor();
  await s.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await s.page.getByTestId('offline-product-copy').getByText(`${products.length} ${products.length === 1 ? 'product' : 'products'} of this workspace`).waitFor({ timeout: 15_000 });
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

/** Queues count lines through the offline queue's count-line entry (the count screens send their lines through it). */
async function queueCountLines(page: Page, stockCountId: string, lines: readonly { productId: string; quantity: number }[]): Promise<void> {
  await page.waitForFunction(() => (window as OfflineWindow).stockroomOffline !== undefined);
  await page.evaluate(
    async ({ id, all }) => {
      for (const line of all) await (window as OfflineWindow).stockroomOffline!.queueCountLine(id, { ...line, ledgerPosition: '0' });
    },
    { id: stockCountId, all: lines },
  );
}

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
    ]);
    const [lamp, bolt, doomed] = products;

    expect(await installabilityErrors()).toEqual([]);
    const worker = await s.page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');

    await s.context.setOffline(true);
    await s.page.reload();
    // Signed in as the last account, not sent to sign in; the header says there is no network.
    await s.page.getByRole('banner').getByText('Offline', { exact: true }).waitFor();
    await s.page.getByRole('button', { name: new RegExp(`^User menu for ${user.fullName}`) }).waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/offline');

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
    const lines = Array.from({ length: 30 }, (_, i) => ({ productId: i % 2 ? lamp.id : bolt.id, quantity: i + 1 }));
    await queueCountLines(s.page, stockCountId, lines);
    await expectWaiting(s, 51);

    // The queue survives a reload; meanwhile the product of one change is deleted on the server.
    await s.page.reload();
    await expectWaiting(s, 51);
    await deleteProductApi(session, doomed.id);

    await s.context.setOffline(false);
    await s.page.getByRole('banner').getByTestId('offline-refused').getByText('1 needs attention').waitFor({ timeout: 30_000 });
    await waitingTag(s).waitFor({ state: 'detached' });
    expect(await productQuantity(session, lamp.id)).toBe(afterChanges(100, lampChanges));
    expect(await productQuantity(session, bolt.id)).toBe(afterChanges(100, boltChanges));
    // Each change once: the initial stock and one movement per change.
    expect((await stockMovementsApi(session, lamp.id)).length).toBe(1 + lampChanges.length);
    expect((await stockMovementsApi(session, bolt.id)).length).toBe(1 + boltChanges.length);
    expect(await countLines(session, stockCountId)).toEqual(lines.map((line) => line.quantity));

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
  });

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
    const { s, session, products, stockCountId } = await offlineReadySession(b, [{ name: 'Cellar Crate', sku: 'OFF-CRATE-9', quantity: 40 }], MOBILE);
    const [crate] = products;
    await s.context.setOffline(true);
    await s.page.reload();
    await statusLink(s, /^Offline: see/).waitFor();
    await openFromQuickSearch(s.page, 'cellar', 'Cellar Crate');
    const changes: StockChange[] = [{ units: -1 }, { units: -2 }, { units: 3 }, { count: 30 }, { units: -4 }, { units: 1 }, { units: -1 }, { units: 2 }, { units: -3 }, { units: 1 }];
    await recordChanges(s.page, changes);
    const lines = Array.from({ length: 10 }, (_, i) => ({ productId: crate.id, quantity: i + 1 }));
    await queueCountLines(s.page, stockCountId, lines);
    await statusLink(s, /^Offline, 20 changes waiting: see/).waitFor();
    // On a phone the header's one tag says it; the product's page fits the screen and passes axe.
    await expect(statusLink(s, /^Offline/).innerText()).resolves.toBe('Offline · 20');
    await toastsGone(s.page);
    expect(await sidewaysScroll(s.page)).toBe(0);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, 'offline', 'product-offline-375');

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
    expect(await offlineStoreSizes(s.page)).toEqual({ accounts: 0, products: 0, productCopies: 0, changes: 0 });
    s.assertClean();
  });
});
