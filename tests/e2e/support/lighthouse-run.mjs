/**
 * Runs Lighthouse on a list of pages and prints the figures as JSON on stdout. A separate
 * Node process because Lighthouse is an ES module that jest's CommonJS runtime cannot load.
 *
 * Input (argv[2], JSON): { baseUrl, session: { token, expiresAt }, pages: [{ name, path, signedIn }],
 * formFactors: ['mobile', 'desktop'], runs?: { mobile: 3, desktop: 1 }, confirm?: { runs, floors }, chromiumPath,
 * chromiumArgs, reportDir? } (chromiumArgs: the flags every browser test starts Chromium with).
 *
 * With `confirm` ({ runs: 3, floors: { [page name]: { [form factor]: { performance, accessibility, maxCls } } } }),
 * a page whose runs so far miss a floor is measured again up to `confirm.runs` runs and reports the
 * median of those: one run that a busy second spoiled does not decide, and a page that misses in
 * most runs still fails.
 *
 * A page measured more than once (runs) reports its median run, as Lighthouse's own guidance on
 * variability and Lighthouse CI do: one run's score follows whatever else the machine was doing
 * in that second. Every run's score is listed beside it (performanceRuns). CLS must hold on most
 * runs (the figures carry the median run's, and every run's beside it in clsRuns), since a shift
 * seen in one run of three follows the moment the frame was drawn, where one the page's layout
 * causes shows in every run. Accessibility is audited in a page's first run of each form factor
 * only: axe's verdict on the same page at the same width does not change from run to run, and
 * each further audit cost up to half a second. The back/forward cache audit (a navigation away
 * and back after each load, no part of the score) is skipped.
 *
 * With reportDir, each run's full report and its trace are written there as
 * <form factor>-<page>[-<run>].report.json and .trace.json: the scores say how a page did, the report
 * (long tasks, requests, the LCP element) and the trace (every main-thread task) say why.
 *
 * It launches Chromium itself with a remote-debugging port and hands the port to Lighthouse.
 * Lighthouse's own storage reset would also wipe the session the signed-in pages need, so it
 * is turned off; instead, before every run, the browser's cache, the app's service worker and its
 * caches are cleared (a cold load, as Lighthouse would do) and the origin's localStorage is set to
 * the page's signed-in state.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';

const input = JSON.parse(process.argv[2]);

const freePort = () =>
  new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });

async function waitForDevtools(port) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Chromium did not open its debugging port ${port}`);
}

/** What the spec reads of one run's report. */
function figuresOf(lhr, formFactor, page) {
  const accessibilityRefs = lhr.categories.accessibility?.auditRefs ?? [];
  const failedAudits = Object.values(lhr.audits)
    .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0 && accessibilityRefs.some((ref) => ref.id === audit.id))
    .map((audit) => audit.id);
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  return {
    page: page.name,
    formFactor,
    performance: score('performance'),
    accessibility: score('accessibility'),
    accessibilityAudited: lhr.categories.accessibility !== undefined,
    lcpMs: metric('largest-contentful-paint') === null ? null : Math.round(metric('largest-contentful-paint')),
    cls: metric('cumulative-layout-shift') === null ? null : Number(metric('cumulative-layout-shift').toFixed(3)),
    tbtMs: metric('total-blocking-time') === null ? null : Math.round(metric('total-blocking-time')),
    fcpMs: metric('first-contentful-paint') === null ? null : Math.round(metric('first-contentful-paint')),
    failedAudits,
    /** Lighthouse's measure of this machine's speed at the time: low when the machine is busy. */
    benchmarkIndex: lhr.environment?.benchmarkIndex == null ? null : Math.round(lhr.environment.benchmarkIndex),
    /** What moved most, for a CLS above zero. */
    shifted: (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 3).map((item) => `${item.node?.selector ?? '?'} ${Number(item.score).toFixed(3)}`),
    runtimeError:
      lhr.runtimeError?.message ??
      (['largest-contentful-paint', 'cumulative-layout-shift'].map((id) => lhr.audits[id]?.errorMessage).find(Boolean) || null),
  };
}

/**
 * A page's runs as one: the run with the median performance score (a run that measured nothing
 * counts as the lowest), with every run's score and CLS beside it, the median CLS, and the worst
 * accessibility of the runs that audited it, and the failed audits and error of any run, since
 * those must hold every time.
 */
function medianRun(runs) {
  const byScore = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  const median = byScore[Math.floor((byScore.length - 1) / 2)];
  // A run that measured no CLS or accessibility counts as the worst (null fails the spec).
  const byCls = [...runs].sort((a, b) => (a.cls ?? Infinity) - (b.cls ?? Infinity));
  const medianCls = byCls[Math.floor((byCls.length - 1) / 2)];
  const audited = runs.filter((run) => run.accessibilityAudited);
  const worstAccessibility =
    audited.length === 0 ? { accessibility: null } : audited.reduce((worst, run) => ((run.accessibility ?? -1) < (worst.accessibility ?? -1) ? run : worst));
  return {
    ...median,
    performanceRuns: runs.map((run) => run.performance),
    accessibility: worstAccessibility.accessibility,
    cls: medianCls.cls,
    clsRuns: runs.map((run) => run.cls),
    shifted: runs.flatMap((run) => run.shifted ?? []),
    failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))],
    runtimeError: runs.map((run) => run.runtimeError).find(Boolean) ?? null,
  };
}

const port = await freePort();
const profile = mkdtempSync(join(tmpdir(), 'stockroom-lighthouse-'));
const browserProcess = spawn(
  input.chromiumPath,
  [
    `--remote-debugging-port=${port}`,
    `--user-data-dir=${profile}`,
    '--headless=new',
    ...input.chromiumArgs,
    'about:blank',
  ],
  { stdio: 'ignore' },
);

const results = [];
if (input.reportDir) mkdirSync(input.reportDir, { recursive: true });
try {
  await waitForDevtools(port);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const setup = await context.newPage();
  const cdp = await context.newCDPSession(setup);
  await setup.goto(`${input.baseUrl}/help`);

  /** One cold Lighthouse run of the page; its report and trace kept in reportDir when asked. */
  async function measure(formFactor, page, suffix, withAccessibility) {
    await cdp.send('Network.clearBrowserCache');
    // The app's service worker and what it keeps too: each run is a first visit, not one served from the worker's copy.
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(input.baseUrl).origin, storageTypes: 'service_workers,cache_storage' });
    await setup.evaluate(
      ({ session, signedIn }) => {
        localStorage.clear();
        if (!signedIn) return;
        localStorage.setItem('mean_auth_token', session.token);
        localStorage.setItem('mean_token_expiration', String(session.expiresAt));
      },
      { session: input.session, signedIn: page.signedIn },
    );
    // Screenshots score nothing asked for here and cost seconds per run on a busy machine.
    const flags = {
      port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: true,
      disableFullPageScreenshot: true,
      skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'bf-cache'],
      onlyCategories: withAccessibility ? ['performance', 'accessibility'] : ['performance'],
    };
    const config = formFactor === 'desktop' ? desktopConfig : undefined;
    // On a busy machine a run now and then fails to measure (no paint seen in time): it gets one more try.
    let result = await lighthouse(`${input.baseUrl}${page.path}`, flags, config);
    if (result.lhr.runtimeError || result.lhr.categories.performance?.score == null) {
      console.error(`lighthouse: ${formFactor} ${page.name} measured nothing (${result.lhr.runtimeError?.message ?? 'no score'}), once more`);
      await cdp.send('Network.clearBrowserCache');
      result = await lighthouse(`${input.baseUrl}${page.path}`, flags, config);
    }
    if (input.reportDir) {
      const name = `${formFactor}-${page.name.replace(/\W+/g, '-')}${suffix}`;
      writeFileSync(join(input.reportDir, `${name}.report.json`), JSON.stringify(result.lhr));
      writeFileSync(join(input.reportDir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    return result.lhr;
  }

  /** Whether a page's figures miss any of its floors (none given: they never do). */
  function missesFloor(figures) {
    const floor = input.confirm?.floors?.[figures.page]?.[figures.formFactor];
    if (!floor) return false;
    return (figures.performance ?? 0) < floor.performance || (figures.accessibility ?? 0) < floor.accessibility || figures.cls === null || figures.cls > floor.maxCls;
  }

  for (const formFactor of input.formFactors) {
    const runs = input.runs?.[formFactor] ?? 1;
    for (const page of input.pages) {
      const measured = [];
      const measureOnce = async () => {
        const lhr = await measure(formFactor, page, `-${measured.length + 1}`, measured.length === 0);
        measured.push(figuresOf(lhr, formFactor, page));
      };
      while (measured.length < runs) await measureOnce();
      let figures = medianRun(measured);
      if (missesFloor(figures) && measured.length < (input.confirm?.runs ?? 0)) {
        console.error(`lighthouse: ${formFactor} ${page.name} missed a floor in ${measured.length} run(s); the median of ${input.confirm.runs} decides`);
        while (measured.length < input.confirm.runs) await measureOnce();
        figures = medianRun(measured);
      }
      console.error(`lighthouse: ${JSON.stringify(figures)}`);
      results.push(figures);
    }
  }
  await browser.close();
  process.stdout.write(`${JSON.stringify(results)}\n`);
} finally {
  const exited = new Promise((resolveExit) => browserProcess.once('exit', resolveExit));
  if (browserProcess.exitCode === null) browserProcess.kill('SIGKILL');
  await exited;
  rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
}
