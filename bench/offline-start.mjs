/**
 * `npm run bench -- offline-start [--runs=10] [--products=20]`
 *
 * How fast the installed app starts with no network, from its service worker (issue 39's "the
 * offline start paints in under 1 s"):
 *
 * One run: start the built server (production, its own DATA_DIR and ports), sign up one user and
 * sign in through the API, make `--products` products and an open stock count of the whole
 * workspace. Debian's Chromium (playwright-core; CHROMIUM_PATH, the e2e flags), unthrottled, opens
 * the app online in one context with service workers allowed, signed in with that session: /offline
 * until the worker is ready and the device's product copy holds every product, then the count's
 * screen, which keeps the count on the device. Then `--runs` times, for each page (the product list,
 * the dashboard, a product, the kept count): a fresh tab on it online (the baseline: the server's
 * page with a warm HTTP cache and the worker's copies of the scripts), and a fresh tab on it with
 * the network cut (`context.setOffline(true)`: the worker answers with the page's precached shell). Each tab
 * reads its first contentful paint (the `paint` entry) and the moment its main content is on
 * screen (the page's h1 with its text, polled every frame). One tab of each kind per page first,
 * not counted, warms the caches and the worker.
 * Target: the offline first contentful paint's p95 under 1,000 ms on every page.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { removeDir, startServer, stopServer } from '../tests/e2e/support/server.mjs';
import { signUpForBench } from './_accounts.mjs';
import { api, option } from './_cli.mjs';
import { codeVersion, machine, repoRoot, runFooter, writeDocsSection, writeJson } from './_report.mjs';

const require = createRequire(join(repoRoot, 'package.json'));
const { chromium } = require('playwright-core');

const TARGET_FCP_P95_MS = 1_000;
const PASSWORD = 'Bench#Passw0rd!';
/** The flags every browser test starts Chromium with: Debian's Chromium as root, and no request leaves this machine. */
const CHROMIUM_ARGS = require(join(repoRoot, 'tests/e2e/support/chromium-args.json'));
const VIEWPORT = { width: 1280, height: 800 };

/**
 * Opens `path` in a fresh tab and resolves with its first contentful paint, the moment its h1 reads
 * `heading`, and the navigation's own timings (ms since the navigation started).
 */
async function openOnce(context, path, heading) {
  const page = await context.newPage();
  try {
    await page.goto(path, { waitUntil: 'commit' });
    const main = await page.waitForFunction(
      (text) => ([...globalThis.document.querySelectorAll('h1')].some((h1) => h1.textContent.trim() === text && h1.getClientRects().length > 0) ? performance.now() : false),
      heading,
      { polling: 'raf', timeout: 30_000 },
    );
    const mainMs = await main.jsonValue();
    const timings = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const nav = performance.getEntriesByType('navigation')[0];
          const answer = (fcp) => resolve({ fcp, responseStart: nav.responseStart, domInteractive: nav.domInteractive, fromNetwork: nav.transferSize > 0 });
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) answer(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
          setTimeout(() => answer(null), 10_000);
        }),
    );
    if (timings.fcp === null) throw new Error(`${path}: no first-contentful-paint entry`);
    // Polled in the frame before it is painted: the content is on screen no sooner than the first paint.
    return { ...timings, main: Math.max(mainMs, timings.fcp) };
  } finally {
    await page.close();
  }
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const ms = (n) => Math.round(n);

function summary(samples) {
  const of = (key) => ({ p50: ms(percentile(samples.map((s) => s[key]), 50)), p95: ms(percentile(samples.map((s) => s[key]), 95)) });
  return { fcp: of('fcp'), main: of('main'), responseStart: of('responseStart') };
}

function markdown(data) {
  const rows = data.pages.flatMap((p) => [
    `| ${p.label} | online, warm cache (baseline) | ${p.baseline.fcp.p50} | ${p.baseline.fcp.p95} | ${p.baseline.main.p50} | ${p.baseline.main.p95} | ${p.baseline.responseStart.p50} | 1 |`,
    `|  | **offline, from the worker** | ${p.offline.fcp.p50} | ${p.offline.fcp.p95} | ${p.offline.main.p50} | ${p.offline.main.p95} | ${p.offline.responseStart.p50} | ${p.ratio} |`,
  ]);
  const targets = data.targets.map((t) => `- ${t.name}: ${t.value} ms (target under ${t.limit} ms): ${t.met ? 'met' : '**missed**'}`);
  return [
    `${data.config.runs} fresh tabs per page and mode, ${data.config.products} products in the workspace, Chromium headless at ${VIEWPORT.width}×${VIEWPORT.height}, no CPU throttling. Times in ms from the start of the navigation; "main content" is the page's h1 with its text on screen; ratio: offline FCP p95 over the baseline's.`,
    '',
    '| page | mode | FCP p50 | FCP p95 | main content p50 | main content p95 | response p50 | ratio |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...targets,
    '',
    runFooter(data),
  ].join('\n');
}

export default async function run(args = []) {
  const runs = option(args, 'runs', 10);
  const productCount = option(args, 'products', 20);
  const startMachine = machine();
  const server = await startServer({
    label: 'bench-offline-start',
    env: { JWT_SECRET: randomBytes(48).toString('base64url'), AUTH_RATE_LIMIT: '100000000', API_RATE_LIMIT: '100000000' },
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    const user = await signUpForBench(server.baseUrl, { tag: 'offline-start', lastName: 'Offline', password: PASSWORD });
    const signIn = await fetch(`${server.baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    if (signIn.status !== 200) throw new Error(`signin answered ${signIn.status}: ${await signIn.text()}`);
    const session = await signIn.json();
    const productIds = [];
    for (let n = 0; n < productCount; n++) {
      const { product } = await api(server.baseUrl, session.accessToken, 'POST', '/api/products', { name: `Offline item ${n + 1}`, sku: `OFF-${n + 1}`, price: 3, quantity: 10 });
      productIds.push(product.id);
    }
    const { stockCount } = await api(server.baseUrl, session.accessToken, 'POST', '/api/stock-counts', {});

    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORT, serviceWorkers: 'allow' });
    await context.addInitScript(({ token, expiresAt }) => {
      try {
        if (localStorage.getItem('mean_auth_token')) return;
        localStorage.setItem('mean_auth_token', token);
        localStorage.setItem('mean_token_expiration', String(expiresAt));
      } catch {
        // about:blank has no storage.
      }
    }, { token: session.accessToken, expiresAt: Date.parse(session.expiresAt) });

    // Online once: the worker installs (registered 3 s after the first render) and the device copies the products and the count.
    console.log('installing the app online ...');
    const setup = await context.newPage();
    await setup.goto('/offline');
    await setup.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await setup.getByTestId('offline-product-copy').getByText(`${productCount} products of this workspace`).waitFor({ timeout: 60_000 });
    await setup.goto(`/stock-counts/${stockCount.id}`);
    await setup.getByRole('heading', { name: 'Count: Whole workspace', level: 1 }).waitFor();
    await setup.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await setup.close();

    const pages = [
      { id: 'products', label: 'product list', path: '/products', heading: 'Product Management' },
      { id: 'dashboard', label: 'dashboard', path: '/dashboard', heading: 'Dashboard' },
      { id: 'product', label: 'a product', path: `/products/${productIds[0]}`, heading: 'Offline item 1' },
      { id: 'count', label: 'a kept stock count', path: `/stock-counts/${stockCount.id}`, heading: 'Count: Whole workspace' },
    ];
    const samples = Object.fromEntries(pages.map((p) => [p.id, { baseline: [], offline: [] }]));
    const openIn = async (mode, page) => {
      await context.setOffline(mode === 'offline');
      return openOnce(context, page.path, page.heading);
    };
    for (const page of pages) for (const mode of ['baseline', 'offline']) await openIn(mode, page);
    for (let n = 0; n < runs; n++) {
      console.log(`run ${n + 1} of ${runs} ...`);
      for (const page of pages) {
        for (const mode of ['baseline', 'offline']) {
          const sample = await openIn(mode, page);
          if (mode === 'offline' && sample.fromNetwork) throw new Error(`${page.path} came from the network with the network cut`);
          samples[page.id][mode].push(sample);
        }
      }
    }
    await context.close();

    const results = pages.map((p) => {
      const baseline = summary(samples[p.id].baseline);
      const offline = summary(samples[p.id].offline);
      return { id: p.id, label: p.label, path: p.path.replace(/[0-9a-f-]{36}/, ':id'), baseline, offline, ratio: Math.round((offline.fcp.p95 / baseline.fcp.p95) * 100) / 100 };
    });
    const worst = results.reduce((a, b) => (b.offline.fcp.p95 > a.offline.fcp.p95 ? b : a));
    const targets = [{ name: `offline first contentful paint, p95 (worst page: ${worst.label})`, value: worst.offline.fcp.p95, limit: TARGET_FCP_P95_MS }].map((t) => ({ ...t, met: t.value < t.limit }));
    const data = {
      benchmark: 'offline-start',
      date: new Date().toISOString(),
      machine: startMachine,
      code: codeVersion(),
      config: { runs, products: productCount, viewport: VIEWPORT, cpuThrottling: 'none' },
      pages: results,
      samples,
      targets,
      meetsTargets: targets.every((t) => t.met),
    };
    const jsonFile = writeJson('offline-start', data);
    const docs = writeDocsSection(runs === 10 && productCount === 20 ? 'Offline start (`npm run bench -- offline-start`)' : `Offline start (\`npm run bench -- offline-start --runs=${runs} --products=${productCount}\`)`, markdown(data));
    console.log(markdown(data));
    console.log(`wrote ${jsonFile} and ${docs}`);
    if (!data.meetsTargets) process.exitCode = 1;
  } finally {
    await browser.close();
    await stopServer(server);
    removeDir(server.dataDir);
  }
}
