import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { createProductApi, createUserWithSession, signedInUser } from './support/api';
import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { e2eEnv } from './support/env';

/**
 * The build renders each entry page, and each signed-in screen, into HTML: the page paints
 * before its script runs (a signed-in screen with its own heading, as a stored session
 * draws it), and the signed-in layout (side navigation included) is the same before and
 * after the session check, so nothing moves when it answers.
 */
/** A signed-in screen's first script, which sends its first requests before the app has loaded. */
const EARLY_REQUESTS_SCRIPT = /^\/assets\/ask-early-[\w-]+\.js$/;

describe('page shells', () => {
  const b = useBrowser();

  /** A tab with JavaScript off: what a visitor sees before the script has run. */
  async function withoutScript(viewport: { width: number; height: number }): Promise<Page> {
    const context = await b.browser().newContext({ baseURL: e2eEnv().baseUrl, viewport, javaScriptEnabled: false });
    return context.newPage();
  }

  it('the public entry pages paint their content before any script runs', async () => {
    const page = await withoutScript(DESKTOP);
    await page.goto('/auth/login');
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    // The tab is named before the script runs, not just "Stockroom".
    expect(await page.title()).toBe('Sign In - Stockroom');
    await page.getByLabel('Email').waitFor();
    await page.goto('/auth/forgot-password');
    await page.getByRole('button').first().waitFor();
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.context().close();
  });

  it("the shells carry no renderer's messages: no stack trace, no path of the machine that built them", async () => {
    for (const path of ['/', '/auth/login', '/dashboard', '/products', '/products/1', '/products/new', '/profile', '/admin']) {
      const html = await (await fetch(`${e2eEnv().baseUrl}${path}`)).text();
      expect({ path, shell: html.includes('<div id="root"><div') }).toEqual({ path, shell: true });
      expect({ path, traces: html.match(/data-(msg|stck)=|file:\/\/|dist-ssr/g) }).toEqual({ path, traces: null });
    }
  });

  it("a shell's forms take no typing and no submit before the script has run (no password ends up in the address)", async () => {
    const page = await withoutScript(MOBILE);
    for (const path of ['/auth/login', '/products/new']) {
      await page.goto(path);
      const submit = page.locator('form button[type="submit"]').first();
      await submit.waitFor();
      const field = page.locator('form input').first();
      await field.focus();
      expect({ path, focused: await field.evaluate((el) => document.activeElement === el) }).toEqual({ path, focused: false });
      // A tap where the button is reaches something outside the form, so the browser's own submit
      // (a reload with the fields in the query string) never happens.
      const tapped = await submit.evaluate((button) => {
        button.scrollIntoView({ block: 'center' });
        const r = button.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit === null ? 'nothing' : button.closest('form')!.contains(hit) ? 'the form' : 'the page';
      });
      expect({ path, tapped }).toEqual({ path, tapped: 'the page' });
    }
    await page.context().close();
  });

  it("a page's scripts load after its stylesheets (low priority): the shell paints with the stylesheets alone", async () => {
    const s = b.session();
    await s.page.setViewportSize(MOBILE);
    await signedInUser(s, 'priority');
    const cdp = await s.context.newCDPSession(s.page);
    await cdp.send('Network.enable');
    // The priority Chromium gave each request as it was sent: what decides what waits on a slow line.
    const priorities: { url: string; type: string; priority: string }[] = [];
    cdp.on('Network.requestWillBeSent', ({ request, type }) => priorities.push({ url: new URL(request.url).pathname, type: type ?? '', priority: request.initialPriority }));
    for (const path of ['/auth/login', '/products', '/dashboard']) {
      priorities.length = 0;
      const html = await (await s.page.goto(path, { waitUntil: 'networkidle' }))!.text();
      await s.page.locator('h1').first().waitFor();
      // The scripts the page's HTML names; those a page fetches later, when it needs them, go at the usual priority.
      const named = new Set([...html.matchAll(/<(?:script|link rel="modulepreload")[^>]* (?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]));
      // A signed-in screen's first script (src/ask-early.ts, 2 KB) draws nothing: it sends the page's first requests, and goes first.
      const early = priorities.filter((r) => r.type === 'Script' && EARLY_REQUESTS_SCRIPT.test(r.url)).map((r) => r.priority);
      expect({ path, early }).toEqual({ path, early: path.startsWith('/auth') ? [] : ['High'] });
      const scripts = priorities.filter((r) => r.type === 'Script' && named.has(r.url) && !EARLY_REQUESTS_SCRIPT.test(r.url));
      const styles = priorities.filter((r) => r.type === 'Stylesheet');
      expect({ path, scripts: scripts.length > 3, styles: styles.length > 0 }).toEqual({ path, scripts: true, styles: true });
      expect({ path, notLow: scripts.filter((r) => r.priority !== 'Low').map((r) => `${r.url} ${r.priority}`) }).toEqual({ path, notLow: [] });
      expect({ path, notHighest: styles.filter((r) => r.priority !== 'VeryHigh').map((r) => `${r.url} ${r.priority}`) }).toEqual({ path, notHighest: [] });
    }
    s.assertClean();
  });

  it('a page draws its first render with the scripts its HTML names: none of them is found only once another has run', async () => {
    const s = b.session();
    await s.page.setViewportSize(MOBILE);
    const session = await signedInUser(s, 'named-scripts');
    const product = await createProductApi(session, { name: 'Named scripts lamp', price: 3 });
    // When the client's first render replaces the build-time shell in #root.
    await s.context.addInitScript(() => {
      new MutationObserver((changes, observer) => {
        if (!changes.some((change) => change.target instanceof Element && change.target.id === 'root' && change.removedNodes.length > 0)) return;
        (window as unknown as { __rendered: number }).__rendered = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/auth/login', '/products', `/products/${product.id}`, '/dashboard']) {
      const html = await (await s.page.goto(path))!.text();
      await s.page.waitForFunction(() => (window as unknown as { __rendered?: number }).__rendered !== undefined);
      const named = new Set([...html.matchAll(/<(?:script|link rel="modulepreload")[^>]* (?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]));
      const fetchedFirst = await s.page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js') && entry.startTime < (window as unknown as { __rendered: number }).__rendered)
          .map((entry) => new URL(entry.name).pathname),
      );
      expect({ path, some: fetchedFirst.length > 3, unnamed: fetchedFirst.filter((script) => !named.has(script)) }).toEqual({ path, some: true, unnamed: [] });
    }
    s.assertClean();
  });

  it('a page is drawn only once its build-time HTML is parsed whole, never half of it first', async () => {
    const { session } = await createUserWithSession('whole-shell');
    const product = await createProductApi(session, { name: 'Whole shell lamp', price: 3 });
    for (const path of ['/', '/auth/login', '/products', `/products/${product.id}`, '/dashboard']) {
      const html = await (await fetch(`${e2eEnv().baseUrl}${path}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      // Render-blocking until the marker after #root's build-time HTML is parsed: drawn half-parsed (a busy machine's
      // parser yields mid-page), the shell's parts moved as the rest came.
      expect({ path, holdsFirstFrame: /<link rel="expect" href="#root-parsed" blocking="render"/.test(head) }).toEqual({ path, holdsFirstFrame: true });
      expect({ path, markerAfterRoot: html.indexOf('<template id="root-parsed">') > html.lastIndexOf('</main>') }).toEqual({ path, markerAfterRoot: true });
    }

    // The list's HTML comes in two parts, held between them (as a slow network or a busy parser splits it): no frame is
    // drawn until the second part has come, though the stylesheets have and half the toolbar is in the page.
    const shell = await (await fetch(`${e2eEnv().baseUrl}/products`)).text();
    const cut = shell.indexOf('<div aria-label="View"');
    expect(cut).toBeGreaterThan(shell.indexOf('<div id="root">'));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const proxy = createServer((req, res) => {
      if (req.url === '/products') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.write(shell.slice(0, cut));
        void released.then(() => res.end(shell.slice(cut)));
        return;
      }
      void fetch(`${e2eEnv().baseUrl}${req.url}`).then(async (upstream) => {
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const context = await b.browser().newContext({ baseURL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await page.goto('/products', { waitUntil: 'commit' });
      // Polled by interval: the default polls on animation frames, which are what is being held.
      await page.waitForFunction(
        () => document.getElementById('product-list-controls') !== null && [...document.querySelectorAll('link[rel="stylesheet"]')].every((link) => (link as HTMLLinkElement).sheet !== null),
        undefined,
        { polling: 20 },
      );
      // A frame that is allowed comes within one refresh; a held one never does.
      const frameWhileHalf = await page.evaluate(() => new Promise<boolean>((resolve) => {
        requestAnimationFrame(() => resolve(true));
        setTimeout(() => resolve(false), 500);
      }));
      release();
      await page.locator('#root-parsed').waitFor({ state: 'attached' });
      const frameOnceWhole = await page.evaluate(() => new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(true))));
      expect({ frameWhileHalf, frameOnceWhole }).toEqual({ frameWhileHalf: false, frameOnceWhole: true });
    } finally {
      release();
      await context.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  /** Where the main content and the side navigation sit, and how much the page has shifted so far. */
  const layoutOf = (page: Page) =>
    page.evaluate(() => {
      const box = (selector: string) => {
        const el = document.querySelector(selector);
        if (!el || (el as HTMLElement).offsetParent === null) return null;
        const r = el.getBoundingClientRect();
        return { left: Math.round(r.left), top: Math.round(r.top), width: Math.round(r.width) };
      };
      return { main: box('main#main-content'), sideNav: box('aside.side-nav') };
    });

  it.each([
    ['desktop', DESKTOP, true],
    ['phone', MOBILE, false],
  ] as const)('a signed-in screen (%s) keeps its layout from the shell to the loaded page', async (_name, viewport, sideNavShown) => {
    const { session } = await createUserWithSession('shell');
    const product = await createProductApi(session, { name: 'Shell product', price: 12.5 });

    const titles: Record<string, string> = { '/products': 'Product Management', [`/products/${product.id}`]: 'Product Details', '/dashboard': 'Dashboard' };
    for (const path of ['/products', `/products/${product.id}`, '/dashboard']) {
      // The build-time shell, before any script: the signed-in layout, and the screen's name on the tab.
      const shell = await withoutScript(viewport);
      await shell.goto(path);
      expect({ path, title: await shell.title() }).toEqual({ path, title: `${titles[path]} - Stockroom` });
      // The screen's own heading is there before the script, not a session check: it is what paints first.
      // (A product's page names the product, which comes with its data: until then its heading says it is loading.)
      const heading = await shell.locator('main#main-content h1').allTextContents();
      expect({ path, heading }).toEqual({ path, heading: [path === `/products/${product.id}` ? 'Loading product' : titles[path]] });
      const before = await layoutOf(shell);
      await shell.context().close();

      // The same page in a signed-in tab once everything has loaded, with every layout shift recorded.
      const s = await b.open(b.browser(), { viewport });
      await s.context.addInitScript(({ token, expiresAt }) => {
        localStorage.setItem('mean_auth_token', token);
        localStorage.setItem('mean_token_expiration', String(expiresAt));
        (window as unknown as { e2eShifts: number[] }).e2eShifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) (window as unknown as { e2eShifts: number[] }).e2eShifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      }, { token: session.accessToken, expiresAt: session.expiresAt });
      await s.page.goto(path, { waitUntil: 'networkidle' });
      await s.page.locator('main#main-content h1').first().waitFor();
      const after = await layoutOf(s.page);
      const shifts = await s.page.evaluate(() => (window as unknown as { e2eShifts: number[] }).e2eShifts);

      expect({ path, sideNav: before.sideNav !== null }).toEqual({ path, sideNav: sideNavShown });
      expect({ path, main: before.main?.left, sideNav: before.sideNav?.width }).toEqual({ path, main: after.main?.left, sideNav: after.sideNav?.width });
      // The account is new and unverified: the dashboard's reminder and cards arrive together, below a heading that stays put.
      expect({ path, shift: shifts.reduce((sum, v) => sum + v, 0) <= 0.02 }).toEqual({ path, shift: true });
      s.assertClean();
    }
  });
});
