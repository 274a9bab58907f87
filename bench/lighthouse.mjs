/**
 * `npm run bench -- lighthouse [--mobile-runs=5] [--desktop-runs=3] [--products=300] [--pages=home,dashboard]`
 *
 * The pages' Lighthouse scores as medians, on a quiet machine: the figures the browser suite's
 * `lighthouse.spec.ts` only guards with floors (one run a page there, three on a miss).
 *
 * One run: start the built server (production, its own DATA_DIR and ports), sign up one user,
 * make `--products` products (all their stock at Main), then run Lighthouse 13
 * (tests/e2e/support/lighthouse-run.mjs, Debian's Chromium with the browser suites' flags, a cold
 * cache each run) `--mobile-runs` times on each page with Lighthouse's mobile profile (simulated
 * slow 4G, 4x CPU slowdown) and `--desktop-runs` times with its desktop profile: home, sign-in, the
 * product list, a product, the dashboard and the Locations page (`--pages`: some of them, by name:
 * home, sign-in, product-list, product-detail, dashboard, locations). Each page reports its median run.
 *
 * Baseline: the same Lighthouse runs, in the same run of the bench, on a raw page (a heading and a
 * paragraph in 200 bytes of HTML, no script, no style) served by Node's own HTTP server: the best
 * this machine and profile score. Ratios: a page's median LCP over the baseline's.
 *
 * Targets (issue 34's "Lighthouse mobile medians of 95 or more", the goals of the spec): mobile
 * median 95 or more and desktop 95 or more on every page, accessibility 100 and CLS at most 0.02.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { removeDir, startServer, stopServer } from '../tests/e2e/support/server.mjs';
import { signUpForBench } from './_accounts.mjs';
import { api, option } from './_cli.mjs';
import { codeVersion, machine, repoRoot, runFooter, writeDocsSection, writeJson } from './_report.mjs';

const require = createRequire(join(repoRoot, 'package.json'));
const CHROMIUM_ARGS = require(join(repoRoot, 'tests/e2e/support/chromium-args.json'));
const LIGHTHOUSE_RUN = join(repoRoot, 'tests/e2e/support/lighthouse-run.mjs');
const run = promisify(execFile);

const TARGETS = { mobile: 95, desktop: 95, accessibility: 100, maxCls: 0.02 };
const RAW_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title></head><body><h1>Baseline</h1><p>A raw page.</p></body></html>';

/** Lighthouse's figures for `pages` at `baseUrl`, each page's median of `runs` per form factor. */
async function lighthouse(baseUrl, session, pages, runs) {
  const input = {
    baseUrl,
    session,
    pages,
    formFactors: ['mobile', 'desktop'],
    runs,
    chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromiumArgs: CHROMIUM_ARGS,
    // Set to keep every run's report and trace, to see why a page scores what it does.
    reportDir: process.env.LIGHTHOUSE_REPORT_DIR || undefined,
  };
  const { stdout } = await run(process.execPath, [LIGHTHOUSE_RUN, JSON.stringify(input)], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop());
}

/** Node's HTTP server answering every path with the raw page. */
async function startRawServer() {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(RAW_PAGE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${server.address().port}` };
}

const seconds = (ms) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);

function markdown(data) {
  const row = (f, baseline) =>
    `| ${f.page} | ${f.formFactor} | ${f.performance} (${f.performanceRuns.join(', ')}) | ${f.accessibility ?? '-'} | ${seconds(f.lcpMs)} | ${baseline && f.lcpMs && baseline.lcpMs ? (f.lcpMs / baseline.lcpMs).toFixed(2) : '-'} | ${f.tbtMs} ms | ${f.cls} | ${f.benchmarkIndex ?? '-'} |`;
  const baselineOf = (formFactor) => data.baseline.find((f) => f.formFactor === formFactor);
  const rows = ['mobile', 'desktop'].flatMap((formFactor) => [
    row({ ...baselineOf(formFactor), page: 'raw page (baseline)' }, baselineOf(formFactor)),
    ...data.pages.filter((f) => f.formFactor === formFactor).map((f) => row(f, baselineOf(formFactor))),
  ]);
  const targets = data.targets.map((t) => `- ${t.name}: ${t.value} (target ${t.limit}): ${t.met ? 'met' : '**missed**'}`);
  return [
    `Median of ${data.config.runs.mobile} runs a page on mobile, ${data.config.runs.desktop} on desktop (each run's score in brackets); ${data.config.products} products, all at Main. LCP ratio: the page's median LCP over the raw page's. CPU benchmark: Lighthouse's index of the machine's speed in the median run.`,
    '',
    '| page | form factor | performance (each run) | accessibility | LCP | LCP ratio | TBT | CLS | CPU benchmark |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...targets,
    '',
    runFooter(data),
  ].join('\n');
}

/** Every page's misses of the targets, one entry per figure. */
function targetsOf(pages) {
  return pages.flatMap((f) => [
    { name: `${f.page}, ${f.formFactor}: performance median`, value: f.performance, limit: `${TARGETS[f.formFactor]} or more`, met: (f.performance ?? 0) >= TARGETS[f.formFactor] },
    { name: `${f.page}, ${f.formFactor}: accessibility`, value: f.accessibility, limit: TARGETS.accessibility, met: f.accessibility === TARGETS.accessibility },
    { name: `${f.page}, ${f.formFactor}: CLS`, value: f.cls, limit: `${TARGETS.maxCls} or less`, met: f.cls !== null && f.cls <= TARGETS.maxCls },
  ]);
}

export default async function bench(args = []) {
  const runs = { mobile: option(args, 'mobile-runs', 5), desktop: option(args, 'desktop-runs', 3) };
  const productCount = option(args, 'products', 300);
  const only = option(args, 'pages', '');
  const startMachine = machine();
  const server = await startServer({
    label: 'bench-lighthouse',
    env: { JWT_SECRET: randomBytes(48).toString('base64url'), AUTH_RATE_LIMIT: '100000000', API_RATE_LIMIT: '100000000' },
  });
  const raw = await startRawServer();
  try {
    const user = await signUpForBench(server.baseUrl, { tag: 'lighthouse', lastName: 'Lighthouse', password: 'Bench#Passw0rd!' });
    const session = { token: user.token, expiresAt: user.expiresAt };
    const ids = [];
    for (let start = 0; start < productCount; start += 10) {
      const batch = Array.from({ length: Math.min(10, productCount - start) }, (_, i) => start + i);
      const made = await Promise.all(
        batch.map((n) =>
          api(server.baseUrl, user.token, 'POST', '/api/products', {
            name: `Lighthouse product ${String(n).padStart(3, '0')}`,
            price: 1 + (n % 97) * 1.25,
            quantity: n % 13,
            category: ['Tools', 'Garden', 'Kitchen', 'Office'][n % 4],
          }),
        ),
      );
      ids.push(...made.map((answer) => answer.product.id));
    }
    const pages = [
      { name: 'home', path: '/', signedIn: false },
      { name: 'sign-in', path: '/auth/login', signedIn: false },
      { name: 'product list', path: '/products', signedIn: true },
      { name: 'product detail', path: `/products/${ids[0]}`, signedIn: true },
      { name: 'dashboard', path: '/dashboard', signedIn: true },
      { name: 'locations', path: '/locations', signedIn: true },
    ].filter((page) => !only || only.split(',').includes(page.name.replace(/ /g, '-')));
    console.log(`Lighthouse: the raw page, then ${pages.length} pages, ${runs.mobile} mobile and ${runs.desktop} desktop runs each ...`);
    const baseline = await lighthouse(raw.baseUrl, session, [{ name: 'raw page', path: '/', signedIn: false }], runs);
    const measured = await lighthouse(server.baseUrl, session, pages, runs);
    const targets = targetsOf(measured);
    const data = {
      benchmark: 'lighthouse',
      date: new Date().toISOString(),
      machine: startMachine,
      code: codeVersion(),
      config: { runs, products: productCount },
      baseline,
      pages: measured,
      targets: targets.filter((t) => !t.met).length ? targets.filter((t) => !t.met) : [{ name: 'every page, both form factors: performance, accessibility and CLS', value: 'all within', limit: 'the targets', met: true }],
      meetsTargets: targets.every((t) => t.met),
    };
    const jsonFile = writeJson('lighthouse', data);
    const defaults = runs.mobile === 5 && runs.desktop === 3 && productCount === 300 && !only;
    const docs = writeDocsSection(defaults ? 'Lighthouse (`npm run bench -- lighthouse`)' : `Lighthouse (\`npm run bench -- lighthouse ${args.join(' ')}\`)`, markdown(data));
    console.log(markdown(data));
    console.log(`wrote ${jsonFile} and ${docs}`);
    if (!data.meetsTargets) process.exitCode = 1;
  } finally {
    await new Promise((resolve) => raw.server.close(resolve));
    await stopServer(server);
    removeDir(server.dataDir);
  }
}
