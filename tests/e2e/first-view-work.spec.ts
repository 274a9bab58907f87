import type { Page } from 'playwright-core';
import { adjustStockApi, createProductApi, createUserWithSession, signedInUser, useSessionInBrowser } from './support/api';
import { MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { AppShell } from './pages/AppShell';
import { DashboardPage } from './pages/DashboardPage';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductListPage } from './pages/ProductListPage';

/**
 * Work the signed-in pages no longer do while they first draw, on a phone above all: they build
 * no Intl formatter (the first one a page builds loads the browser's locale data, 30-50 ms of main
 * thread on this machine and several times that on a phone). Counted in the page itself, from
 * before its first script: the list, a product with its stock history and chart, the dashboard
 * with its charts and a reorder count. And work that would hold up the first paint of a page's
 * content: a product's stock history (its data and its list's code) and its dialogs' code wait
 * until the product is on screen, the dashboard's chart code until its body is drawn, and the
 * user menu's code (its popover and menu) until the page's content is on screen, unless the
 * button is used first. The product list's menus (a phone's row actions, Export) and its dialogs
 * load the same way, after its first page of products.
 */

/** The user menu's chunk, fetched on its own (never preloaded by the HTML). */
const USER_MENU_CHUNK = /\/assets\/UserMenu-[\w-]+\.js$/;
/** A product's stock and delete dialogs, and its stock history's list. */
const DETAIL_DIALOGS_CHUNK = /\/assets\/ProductDetailDialogs-[\w-]+\.js$/;
/** The list's row actions menu, its Export menu, its dialogs, its Import dialog, and the popover code the menus share. */
const ROW_MENU_CHUNK = /\/assets\/ProductActionsPopover-[\w-]+\.js$/;
const EXPORT_MENU_CHUNK = /\/assets\/ProductExportPopover-[\w-]+\.js$/;
const LIST_DIALOGS_CHUNK = /\/assets\/ProductListDialogs-[\w-]+\.js$/;
const IMPORT_DIALOG_CHUNK = /\/assets\/ProductImportDialog-[\w-]+\.js$/;
const MENU_POPOVER_CHUNK = /\/assets\/MenuPopover-[\w-]+\.js$/;
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
    await s.page.getByRole('region', { name: 'Product list' }).getByText('Out of Stock', { exact: true }).first().waitFor();
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

  it("draws a product before asking for its stock history, and the dashboard's body before fetching its chart code", async () => {
    const s = b.session();
    await s.page.setViewportSize(MOBILE);
    const session = await signedInUser(s, 'paint-first');
    const lamp = await createProductApi(session, { name: 'Paint first lamp', price: 10, quantity: 4 });
    await adjustStockApi(session, lamp.id, { delta: -1, reason: 'SALE' });
    // Recorded in the page from before its first script: each frame, when the product's name is in
    // the heading, when each GraphQL operation leaves and answers, and when the chart chunk is asked for.
    await s.context.addInitScript((name) => {
      const seen = {
        frames: [] as number[],
        named: null as number | null,
        sent: {} as Record<string, number>,
        answered: {} as Record<string, number>,
        chartChunk: null as number | null,
        detailChunks: {} as Record<string, number>,
      };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      const frame = () => {
        seen.frames.push(performance.now());
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      new MutationObserver(() => {
        if (seen.named === null && document.querySelector('main#main-content h1')?.textContent === name) seen.named = performance.now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (/\/InventoryCharts-[\w-]+\.js$/.test(entry.name)) seen.chartChunk ??= entry.startTime;
          const detailChunk = /\/(ProductDetailDialogs|StockMovements)-[\w-]+\.js$/.exec(entry.name)?.[1];
          if (detailChunk) seen.detailChunks[detailChunk] ??= entry.startTime;
        }
      }).observe({ type: 'resource', buffered: true });
      const fetchOriginal = window.fetch;
      window.fetch = async (input, init) => {
        const operation = typeof init?.body === 'string' ? (JSON.parse(init.body) as { operationName?: string }).operationName ?? '' : '';
        seen.sent[operation] ??= performance.now();
        const answer = await fetchOriginal(input, init);
        seen.answered[operation] ??= performance.now();
        return answer;
      };
    }, lamp.name);
    const seen = () =>
      s.page.evaluate(
        () =>
          (
            window as unknown as {
              __seen: { frames: number[]; named: number | null; sent: Record<string, number>; answered: Record<string, number>; chartChunk: number | null; detailChunks: Record<string, number> };
            }
          ).__seen,
      );

    const detail = new ProductDetailPage(s.page);
    await detail.goto(lamp.id);
    await detail.movements.first().waitFor();
    // The dialogs' code comes last, once the product and its history are on screen and the page is idle.
    await s.page.waitForFunction(() => (window as unknown as { __seen: { detailChunks: Record<string, number> } }).__seen.detailChunks.ProductDetailDialogs !== undefined);
    const onDetail = await seen();
    const named = onDetail.named ?? Infinity;
    const historyAsked = onDetail.sent.ProductStockHistory ?? -Infinity;
    // Frames drawn between the name arriving and the history leaving: with the history asked for in the
    // same task that draws the product, there are none and the product's first paint waits for it.
    const framesBetween = onDetail.frames.filter((t) => t > named && t < historyAsked).length;
    expect({ named: onDetail.named !== null, historyAsked: onDetail.sent.ProductStockHistory !== undefined, framesBetween: framesBetween >= 1 }).toEqual({
      named: true,
      historyAsked: true,
      framesBetween: true,
    });
    // Nor do the dialogs' code and the history list's: both are asked for once the product is drawn.
    const afterName = (chunk: string) => (onDetail.detailChunks[chunk] ?? -Infinity) > named;
    expect({ dialogs: afterName('ProductDetailDialogs'), movements: afterName('StockMovements') }).toEqual({ dialogs: true, movements: true });

    await s.page.goto('/dashboard');
    await new DashboardPage(s.page).categoryChart.locator('svg .ct-bar').first().waitFor({ state: 'attached' });
    const onDashboard = await seen();
    expect({ chartChunk: onDashboard.chartChunk !== null, dashboardAnswered: onDashboard.answered.Dashboard !== undefined }).toEqual({ chartChunk: true, dashboardAnswered: true });
    // The chart chunk leaves once the data is back and drawn: the body neither waits for it nor shares the line with it.
    expect({ chartChunkAfterData: onDashboard.chartChunk! > onDashboard.answered.Dashboard }).toEqual({ chartChunkAfterData: true });
  });

  it("loads the user menu's code only once the dashboard's content is on screen", async () => {
    const s = b.session();
    await s.page.setViewportSize(MOBILE);
    const session = await signedInUser(s, 'menu-after');
    await createProductApi(session, { name: 'Menu after lamp', price: 10, quantity: 4 });
    const record = await recordFirstView(s, { operation: 'Dashboard', drawnText: 'Inventory value', chunks: [USER_MENU_CHUNK] });

    const dashboard = new DashboardPage(s.page);
    await s.page.goto('/dashboard');
    await dashboard.overviewFigure('Inventory value').filter({ hasText: /^\$40\.00$/ }).waitFor();
    const seen = await record.whenAllChunksAsked();
    expect({ menuChunkAfterData: seen.chunks[0]! > seen.answered, menuChunkAfterContent: seen.chunks[0]! > seen.drawn }).toEqual({
      menuChunkAfterData: true,
      menuChunkAfterContent: true,
    });
    await new AppShell(s.page).openUserMenu();
    s.assertClean();
  });

  it("goes from the build-time shell straight to the list and to a product, with the user's name, their answers asked for once, before the app has loaded", async () => {
    const s = b.session();
    await s.page.setViewportSize(MOBILE);
    const { user, session } = await createUserWithSession('first-answers');
    await useSessionInBrowser(s.context, session);
    const lamp = await createProductApi(session, { name: 'First answers lamp', price: 10, quantity: 4, category: 'Lighting' });
    // Marks every element a script makes (React's), so the shell's own loading states (the parser's) are told apart.
    await s.context.addInitScript(() => {
      const drawn = { loadingByApp: 0, placeholderUserByApp: 0 };
      (window as unknown as { __drawn: typeof drawn }).__drawn = drawn;
      const made = new WeakSet<Node>();
      const createElement = Document.prototype.createElement;
      Document.prototype.createElement = function (this: Document, ...args: Parameters<Document['createElement']>) {
        const element = createElement.apply(this, args);
        made.add(element);
        return element;
      } as Document['createElement'];
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element && made.has(node)) {
              if (node.matches('.loading-screen') || node.querySelector('.loading-screen')) drawn.loadingByApp += 1;
              // The name a restored session shows until its profile has come.
              if (node.textContent?.includes('Unknown User')) drawn.placeholderUserByApp += 1;
            }
      }).observe(document, { childList: true, subtree: true });
    });
    const operations: string[] = [];
    s.page.on('request', (req) => {
      if (req.url().endsWith('/graphql') && req.method() === 'POST') operations.push((JSON.parse(req.postData() ?? '{}') as { operationName: string }).operationName);
    });
    const drawnByApp = () => s.page.evaluate(() => (window as unknown as { __drawn: { loadingByApp: number; placeholderUserByApp: number } }).__drawn);
    // Which script sent each GraphQL request: the page's first ones go before the app has loaded (src/ask-early.ts).
    await s.context.addInitScript(() => {
      const sentBy: Record<string, string> = {};
      (window as unknown as { __sentBy: typeof sentBy }).__sentBy = sentBy;
      const original = window.fetch;
      window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
        if (String(input).endsWith('/graphql') && typeof init?.body === 'string') {
          const script = /\/assets\/([\w]+(?:-[\w]+)*?)-[\w-]{8}\.js/.exec(new Error().stack ?? '')?.[1] ?? '?';
          sentBy[(JSON.parse(init.body) as { operationName: string }).operationName] ??= script;
        }
        return original.call(this, input, init);
      };
    });
    const sentBy = () => s.page.evaluate(() => (window as unknown as { __sentBy: Record<string, string> }).__sentBy);

    const list = new ProductListPage(s.page);
    await list.goto();
    await s.page.getByRole('link', { name: 'First answers lamp' }).first().waitFor();
    // On a phone the statistics are folded away: they are there, not shown.
    await s.page.getByTestId('stat-total-products').getByText('1', { exact: true }).waitFor({ state: 'attached' });
    await s.page.getByRole('button', { name: /^User menu for / }).filter({ hasText: user.fullName }).waitFor();
    expect(await drawnByApp()).toEqual({ loadingByApp: 0, placeholderUserByApp: 0 });
    expect(operations.sort()).toEqual(['Me', 'ProductCategories', 'ProductList', 'ProductStats']);
    expect(await sentBy()).toEqual({ ProductList: 'ask-early', ProductStats: 'ask-early', ProductCategories: 'ask-early', Me: 'ask-early' });

    operations.length = 0;
    const detail = new ProductDetailPage(s.page);
    await detail.goto(lamp.id);
    await s.page.getByRole('heading', { level: 1, name: 'First answers lamp' }).waitFor();
    expect(await drawnByApp()).toEqual({ loadingByApp: 0, placeholderUserByApp: 0 });
    expect(operations.filter((name) => name === 'ProductDetails' || name === 'Me')).toEqual(['ProductDetails', 'Me']);
    expect(await sentBy()).toMatchObject({ ProductDetails: 'ask-early', Me: 'ask-early' });
    s.assertClean();
  });

  it("loads the product list's menus and dialogs only once its first page of products is on screen", async () => {
    const s = b.session();
    await s.page.setViewportSize(MOBILE);
    const session = await signedInUser(s, 'list-menus-after');
    await createProductApi(session, { name: 'Menus after lamp', price: 10, quantity: 4 });
    const chunks = [ROW_MENU_CHUNK, EXPORT_MENU_CHUNK, LIST_DIALOGS_CHUNK, MENU_POPOVER_CHUNK];
    const record = await recordFirstView(s, { operation: 'ProductList', drawnText: 'Menus after lamp', chunks });

    const list = new ProductListPage(s.page);
    await list.goto();
    await list.actionsMenuButton('Menus after lamp').waitFor();
    const seen = await record.whenAllChunksAsked();
    // Each leaves once the list has answered and is drawn: none is in the first view, or shares the line with its data.
    expect(seen.chunks.map((start) => start! > seen.answered && start! > seen.drawn)).toEqual(chunks.map(() => true));
    s.assertClean();
  });

  it("lays out the list's first view in one face, the first its font stack names, without asking the system for each missing one", async () => {
    const s = b.session();
    await s.page.setViewportSize(MOBILE);
    const session = await signedInUser(s, 'first-face');
    await createProductApi(session, { name: 'First face lamp', price: 10, quantity: 4 });
    // Each family the page's text needs and the renderer has not met yet is asked of the browser, for each weight and style.
    await b.browser().startTracing(s.page, { categories: ['fonts'] });
    await new ProductListPage(s.page).goto();
    await s.page.getByRole('link', { name: 'First face lamp' }).first().waitFor();
    const trace = JSON.parse((await b.browser().stopTracing()).toString()) as { traceEvents: { name: string; args?: { family_name?: string } }[] };
    const asked = new Set(trace.traceEvents.filter((event) => event.name === 'FontDataManager::onMatchFamilyStyle').map((event) => event.args?.family_name));
    // The browser's own defaults (serif and sans-serif here) are sometimes resolved for the document before its stylesheets apply.
    const browserDefaults = ['Times New Roman', 'Arial'];
    const ours = [...asked].filter((family) => !browserDefaults.includes(family!));
    // One: the system's face, for the text and the buttons and fields alike. Blueprint's own stack had the browser ask for
    // eleven families here, eight of them missing, which was most of the time of the page's first layout.
    expect({ families: ours.length, asked: [...asked] }).toEqual({ families: 1, asked: [...asked] });
    s.assertClean();
  });

  it("asks for the list's menus' and dialogs' code one piece per idle period: no one task starts them all", async () => {
    const s = b.session();
    await s.page.setViewportSize(MOBILE);
    const session = await signedInUser(s, 'list-pieces');
    await createProductApi(session, { name: 'Pieces lamp', price: 10, quantity: 4 });
    const pieces = [USER_MENU_CHUNK, ROW_MENU_CHUNK, EXPORT_MENU_CHUNK, LIST_DIALOGS_CHUNK, IMPORT_DIALOG_CHUNK];
    // The preload links a piece adds for its modules (its own chunk among them) come to one observer call per task.
    await s.context.addInitScript((sources: string[]) => {
      const batches: number[][] = [];
      Object.assign(window, { __pieceBatches: batches });
      new MutationObserver((records) => {
        const found = new Set<number>();
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLLinkElement) sources.forEach((source, i) => new RegExp(source).test(node.href) && found.add(i));
        if (found.size > 0) batches.push([...found]);
      }).observe(document, { childList: true, subtree: true });
    }, pieces.map((chunk) => chunk.source));

    const list = new ProductListPage(s.page);
    await list.goto();
    await list.actionsMenuButton('Pieces lamp').waitFor();
    const batches = () => s.page.evaluate(() => (window as unknown as { __pieceBatches: number[][] }).__pieceBatches);
    await s.page.waitForFunction((count) => new Set((window as unknown as { __pieceBatches: number[][] }).__pieceBatches.flat()).size === count, pieces.length);
    // One task each: asked for back to back they made one task of some 25 ms here, a phone's several times that.
    expect((await batches()).map((batch) => batch.length)).toEqual(pieces.map(() => 1));
    s.assertClean();
  });

  it('draws the product list in one pass: its buttons are not drawn twice, and fetching its menus and dialogs draws nothing again', async () => {
    const s = b.session();
    await s.page.setViewportSize(MOBILE);
    const session = await signedInUser(s, 'list-one-pass');
    for (const name of ['One pass lamp', 'One pass shelf', 'One pass desk']) await createProductApi(session, { name, price: 10, quantity: 4 });
    // React tells an installed developer-tools hook of each commit (each time it changes the page); this stand-in counts them.
    await s.context.addInitScript(() => {
      const commits: number[] = [];
      let renderers = 0;
      Object.assign(window, {
        __commits: commits,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          supportsFiber: true,
          renderers: new Map(),
          inject: () => ++renderers,
          checkDCE: () => undefined,
          onScheduleFiberRoot: () => undefined,
          onCommitFiberRoot: () => commits.push(performance.now()),
          onCommitFiberUnmount: () => undefined,
          onPostCommitFiberRoot: () => undefined,
        },
      });
    });
    const chunks = [ROW_MENU_CHUNK, EXPORT_MENU_CHUNK, LIST_DIALOGS_CHUNK, IMPORT_DIALOG_CHUNK];
    const record = await recordFirstView(s, { operation: 'ProductList', drawnText: 'One pass desk', chunks });

    const list = new ProductListPage(s.page);
    await list.goto();
    await list.actionsMenuButton('One pass desk').waitFor();
    await record.whenAllChunksAsked();
    // The chunks have come; their code has run once a frame has been drawn and the page is idle.
    await s.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve)))));
    // The app's first render, and Blueprint's search box fitting its padding to the scan button beside it. It was five:
    // every button drew its text again as it mounted, and the whole list was drawn again to start its dialogs' download.
    expect(await s.page.evaluate(() => (window as unknown as { __commits: number[] }).__commits.length)).toBe(2);
    s.assertClean();
  });

  it("opens a phone's row actions menu pressed before its code has come, and gives focus back to its button", async () => {
    const s = b.session();
    await s.page.setViewportSize(MOBILE);
    const session = await signedInUser(s, 'row-menu-early');
    await createProductApi(session, { name: 'Early menu lamp', price: 10, quantity: 4 });
    const release = await holdChunk(s.page, ROW_MENU_CHUNK);
    const list = new ProductListPage(s.page);
    await list.goto();
    const button = list.actionsMenuButton('Early menu lamp');
    await button.focus();
    await s.page.keyboard.press('Enter');
    expect(await list.menuItem('Early menu lamp', 'View').count()).toBe(0);
    release();
    // The menu opens on its first item, as it does once its code is there.
    await s.page.waitForFunction(() => ((document.activeElement as HTMLElement | null)?.innerText ?? '').trim() === 'View');
    await s.page.keyboard.press('ArrowDown');
    await s.page.waitForFunction(() => ((document.activeElement as HTMLElement | null)?.innerText ?? '').trim() === 'Edit');
    await s.page.keyboard.press('Escape');
    await list.menuItem('Early menu lamp', 'View').waitFor({ state: 'hidden' });
    // Focus is back on the menu's own button, which replaced the stand-in.
    await s.page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Actions for Early menu lamp' && document.activeElement.isConnected);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    s.assertClean();
  });

  it('opens the Export menu clicked before its code has come', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'export-early');
    await createProductApi(session, { name: 'Early export lamp', price: 10, quantity: 4 });
    const release = await holdChunk(s.page, EXPORT_MENU_CHUNK);
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.exportButton.click();
    expect(await list.exportMenu.count()).toBe(0);
    release();
    await list.exportMenu.getByRole('menuitem').first().waitFor();
    expect(await list.exportMenu.getByRole('menuitem').allInnerTexts()).toEqual(['CSV', 'Excel']);
    // Escape closes the menu that has the focus: wait until the opened menu has taken it.
    await s.page.waitForFunction(() => {
      const menu = document.querySelector('[role="menu"][aria-label="Export the list as"]');
      const focused = document.activeElement;
      return menu !== null && focused !== null && (menu.contains(focused) || focused.contains(menu));
    });
    await s.page.keyboard.press('Escape');
    await list.exportMenu.waitFor({ state: 'hidden' });
    s.assertClean();
  });

  it("opens a product's delete confirmation pressed before the dialogs' code has come", async () => {
    const s = b.session();
    const session = await signedInUser(s, 'dialogs-early');
    const product = await createProductApi(session, { name: 'Early delete lamp', price: 10, quantity: 4 });
    const release = await holdChunk(s.page, DETAIL_DIALOGS_CHUNK);
    const detail = new ProductDetailPage(s.page);
    await detail.goto(product.id);
    await detail.deleteProduct.click();
    expect(await detail.confirmDialog.count()).toBe(0);
    release();
    await detail.confirmDialog.waitFor();
    await s.page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.innerText.trim() === 'Cancel');
    await s.page.keyboard.press('Escape');
    await detail.confirmDialog.waitFor({ state: 'hidden' });
    s.assertClean();
  });

  it('opens the user menu clicked before its code has come', async () => {
    const s = b.session();
    await signedInUser(s, 'menu-early');
    const release = await holdChunk(s.page, USER_MENU_CHUNK);
    const dashboard = new DashboardPage(s.page);
    await dashboard.goto();
    await dashboard.overview.waitFor();
    await new AppShell(s.page).userMenuButton.click();
    expect(await s.page.getByRole('menuitem', { name: 'Sign Out' }).count()).toBe(0);
    release();
    await s.page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
    await s.page.keyboard.press('Escape');
    await s.page.getByRole('menuitem', { name: 'Sign Out' }).waitFor({ state: 'hidden' });
    s.assertClean();
  });

  it('opens the user menu on its first item for ArrowDown pressed before its code has come', async () => {
    const s = b.session();
    await signedInUser(s, 'menu-early-keys');
    const release = await holdChunk(s.page, USER_MENU_CHUNK);
    await new DashboardPage(s.page).goto();
    await new AppShell(s.page).userMenuButton.focus();
    await s.page.keyboard.press('ArrowDown');
    release();
    await s.page.waitForFunction(() => ((document.activeElement as HTMLElement | null)?.innerText ?? '').trim() === 'Profile');
    await s.page.keyboard.press('Escape');
    // Focus comes back to the menu's own button, which replaced the stand-in.
    await s.page.waitForFunction(() => document.activeElement?.matches('.bp6-popover-target .user-menu__target') === true);
    s.assertClean();
  });
});

interface FirstViewRecord {
  /** When the operation's answer came, and when the text was first in the main content. */
  answered: number;
  drawn: number;
  /** When each chunk was asked for, in the order given. */
  chunks: (number | null)[];
}

/**
 * Records in the page, from before its first script: when `operation`'s answer came, when
 * `drawnText` was first in the main content, and when each chunk was asked for (times from the
 * page's start). `whenAllChunksAsked` waits for every chunk, then returns what was recorded.
 */
async function recordFirstView(
  s: GuardedSession,
  { operation, drawnText, chunks }: { operation: string; drawnText: string; chunks: readonly RegExp[] },
): Promise<{ whenAllChunksAsked(): Promise<FirstViewRecord> }> {
  await s.context.addInitScript(
    ({ operation, drawnText, chunks }) => {
      const seen = { answered: null as number | null, drawn: null as number | null, chunks: chunks.map(() => null as number | null) };
      (window as unknown as { __firstView: typeof seen }).__firstView = seen;
      new MutationObserver(() => {
        if (seen.drawn === null && document.querySelector('main#main-content')?.textContent?.includes(drawnText)) seen.drawn = performance.now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) chunks.forEach((chunk, i) => new RegExp(chunk).test(entry.name) && (seen.chunks[i] ??= entry.startTime));
      }).observe({ type: 'resource', buffered: true });
      const fetchOriginal = window.fetch;
      window.fetch = async (input, init) => {
        const answer = await fetchOriginal(input, init);
        if (typeof init?.body === 'string' && init.body.includes(`"operationName":"${operation}"`)) seen.answered ??= performance.now();
        return answer;
      };
    },
    { operation, drawnText, chunks: chunks.map((chunk) => chunk.source) },
  );
  return {
    async whenAllChunksAsked() {
      await s.page.waitForFunction(() => (window as unknown as { __firstView: FirstViewRecord }).__firstView.chunks.every((start) => start !== null));
      const seen = await s.page.evaluate(() => (window as unknown as { __firstView: FirstViewRecord }).__firstView);
      expect({ answered: seen.answered !== null, drawn: seen.drawn !== null }).toEqual({ answered: true, drawn: true });
      return seen;
    },
  };
}

/** Holds a chunk back (the server still sends it) until the returned function is called. */
async function holdChunk(page: Page, chunk: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(chunk, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
