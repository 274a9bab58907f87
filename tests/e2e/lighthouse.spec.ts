import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createProductApi, createUserWithSession } from './support/api';
import { CHROMIUM_ARGS } from './support/browser';
import { e2eEnv } from './support/env';

const run = promisify(execFile);

interface Figures {
  page: string;
  formFactor: 'mobile' | 'desktop';
  performance: number | null;
  /** Each run's performance score; `performance` is the median run's. */
  performanceRuns: (number | null)[];
  accessibility: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  fcpMs: number | null;
  failedAudits: string[];
  shifted: string[];
  benchmarkIndex: number | null;
  runtimeError: string | null;
}

/**
 * The goals are mobile performance 90, desktop 95, accessibility 100 and CLS 0.02 on every
 * page. The floors below are for each page's run (or the median of three, below), and sit about 10
 * points under the lowest medians the spec gives on its own on the 2-core machines it runs on:
 * the same build's mobile scores differ by 25 points from one such machine to another (Total
 * Blocking Time above all), so a floor set from the best machine fails on the others whatever the
 * code does, while a page that got slower by a real regression still falls through these.
 * docs/benchmarks.md, "Lighthouse", has the figures. Accessibility is deterministic, so its floor
 * is exactly what the page scores today.
 */
type Floors = { performance: number; accessibility: number; maxCls: number };
const floors = (mobile: number, desktop: number): Record<'mobile' | 'desktop', Floors> => ({
  mobile: { performance: mobile, accessibility: 100, maxCls: 0.02 },
  desktop: { performance: desktop, accessibility: 100, maxCls: 0.02 },
});
const FLOORS: Record<string, Record<'mobile' | 'desktop', Floors>> = {
  home: floors(72, 83),
  'sign-in': floors(72, 83),
  'product list': floors(56, 83),
  'product detail': floors(56, 83),
  dashboard: floors(56, 83),
  locations: floors(56, 83),
};

const PRODUCTS = 300;

/**
 * A guard, not the measure: the pages' medians on a quiet machine are `npm run bench -- lighthouse`'s
 * (five mobile runs a page, three desktop, beside a raw page). Here each page is measured once per
 * form factor, and a page whose run misses a floor is measured up to three times and held to the
 * median of the three (CONFIRM_MISS_WITH), as Lighthouse's guidance on variability and Lighthouse CI
 * do: a single run's score follows whatever else the machine did in that second (a product's TBT
 * went from 111 to 276 ms and back between two runs of the same build, minutes apart; the home
 * page's feature cards once shifted by 0.026 in one desktop run of some forty), where a page that
 * got slower, or whose layout shifts, does so in most runs. CLS holds on the median run;
 * accessibility, which does not vary from run to run, is audited in each page's first run of a
 * form factor.
 */
const RUNS = { mobile: 1, desktop: 1 };
const CONFIRM_MISS_WITH = 3;

describe('Lighthouse on the production build', () => {
  it(
    `home, sign-in, product list (${PRODUCTS} products), product detail, dashboard and locations, on mobile and desktop`,
    async () => {
      const started = Date.now();
      const { session } = await createUserWithSession('lighthouse');
      const created = [];
      // Ten at a time: quick, and the server is not the thing measured here.
      for (let start = 0; start < PRODUCTS; start += 10) {
        const batch = Array.from({ length: Math.min(10, PRODUCTS - start) }, (_, i) => start + i);
        created.push(
          ...(await Promise.all(
            batch.map((n) =>
              createProductApi(session, {
                name: `Lighthouse product ${String(n).padStart(3, '0')}`,
                price: 1 + (n % 97) * 1.25,
                quantity: n % 13,
                category: ['Tools', 'Garden', 'Kitchen', 'Office'][n % 4],
              }),
            ),
          )),
        );
      }
      const seeded = Date.now();
      const pages = [
        { name: 'home', path: '/', signedIn: false },
        { name: 'sign-in', path: '/auth/login', signedIn: false },
        { name: 'product list', path: '/products', signedIn: true },
        { name: 'product detail', path: `/products/${created[0].id}`, signedIn: true },
        { name: 'dashboard', path: '/dashboard', signedIn: true },
        // The tree with each place's item count and value: all the products' stock is at Main.
        { name: 'locations', path: '/locations', signedIn: true },
      ];
      const input = {
        baseUrl: e2eEnv().baseUrl,
        session: { token: session.accessToken, expiresAt: session.expiresAt },
        pages,
        formFactors: ['mobile', 'desktop'],
        runs: RUNS,
        confirm: { runs: CONFIRM_MISS_WITH, floors: FLOORS },
        chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        chromiumArgs: CHROMIUM_ARGS,
        // Set to keep every run's full report and trace, to see why a page scores what it does.
        reportDir: process.env.LIGHTHOUSE_REPORT_DIR || undefined,
      };
      const { stdout } = await run(process.execPath, [join(__dirname, 'support/lighthouse-run.mjs'), JSON.stringify(input)], {
        maxBuffer: 16 * 1024 * 1024,
      });
      console.log(`seeding ${((seeded - started) / 1000).toFixed(1)} s, Lighthouse ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
      const figures = JSON.parse(stdout.trim().split('\n').pop()!) as Figures[];

      const rows = figures.map(
        (f) =>
          `| ${f.page} | ${f.formFactor} | ${f.performance} (${f.performanceRuns.join(', ')}) | ${f.accessibility} | ${f.lcpMs === null ? '-' : `${(f.lcpMs / 1000).toFixed(1)} s`} | ${f.cls} | ${f.tbtMs} ms | ${f.benchmarkIndex ?? '-'} | ${f.failedAudits.join(', ') || '-'} | ${f.runtimeError ?? '-'} |`,
      );
      const shifts = figures.filter((f) => f.shifted.length > 0).map((f) => `${f.page} (${f.formFactor}): ${f.shifted.join(', ')}`);
      if (shifts.length > 0) console.log(`layout shifts:\n${shifts.join('\n')}`);
      console.log(
        ['| page | form factor | performance (each run) | accessibility | LCP | CLS | TBT | CPU benchmark | failed accessibility audits | error |', '|---|---|---|---|---|---|---|---|---|---|', ...rows].join('\n'),
      );

      expect(figures).toHaveLength(pages.length * 2);
      for (const f of figures) {
        const where = `${f.page} (${f.formFactor})`;
        expect({ where, runtimeError: f.runtimeError }).toEqual({ where, runtimeError: null });
        const floor = FLOORS[f.page][f.formFactor];
        expect({ where, performance: (f.performance ?? 0) >= floor.performance }).toEqual({ where, performance: true });
        expect({ where, accessibility: (f.accessibility ?? 0) >= floor.accessibility }).toEqual({ where, accessibility: true });
        expect({ where, cls: f.cls !== null && f.cls <= floor.maxCls }).toEqual({ where, cls: true });
      }
    },
    // Twelve Lighthouse runs take about a minute and a half on a quiet machine; a machine far busier
    // than that, measuring every page three times, would still finish in time.
    900_000,
  );
});
