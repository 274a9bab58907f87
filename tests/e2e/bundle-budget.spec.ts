import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { IconNames } from '@blueprintjs/icons';
import type { Response } from 'playwright-core';
import { useBrowser } from './support/browser';
import { SignInPage } from './pages/SignInPage';

/**
 * The budgets of the sign-in page's initial load, gzipped: 170 KB of JS and 45 KB of CSS (Blueprint's stylesheet,
 * pruned, is most of it). The icons the signed-in pages draw wait in a chunk of their own, so the first view
 * carries only its own (167.3 KB when this budget was set).
 */
const JS_BUDGET = 170 * 1024;
const CSS_BUDGET = 45 * 1024;
/**
 * And at most 12 scripts: on a phone each costs a round trip, six at a time. The app's first modules are
 * one chunk (vite.config.ts, `app-start`), and small common chunks are copied into the chunks that use them:
 * left to rolldown, the sign-in page loaded 35 scripts, 20 with `app-start` alone, and 9 now.
 */
const SCRIPT_BUDGET = 12;

const ICON_NAMES = new Set<string>(Object.values(IconNames));
/** Blueprint's dynamic icon loading: one chunk per icon path, or the all-paths loader. */
function isIconChunk(url: string): boolean {
  const file = new URL(url).pathname.split('/').pop() ?? '';
  const stem = file.replace(/\.[cm]?js$/, '').replace(/-[A-Za-z0-9_-]{8}$/, '');
  return ICON_NAMES.has(stem) || /^(allPaths|allPathsLoader|iconLoader|blueprint-icons-\d+)$/.test(stem) || /\/paths\//.test(url);
}

function kind(res: Response): 'js' | 'css' | undefined {
  const path = new URL(res.url()).pathname;
  const type = res.request().resourceType();
  if (type === 'stylesheet' || /\.css$/.test(path)) return 'css';
  if (type === 'script' || /\.[cm]?js$/.test(path)) return 'js';
  return undefined;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('bundle budget of the sign-in page', () => {
  const b = useBrowser();

  it(`loads at most ${JS_BUDGET / 1024} KB of JS in ${SCRIPT_BUDGET} scripts and ${CSS_BUDGET / 1024} KB of CSS (gzipped), no icon-path, locale or polyfill chunks`, async () => {
    const s = b.session();
    const assets: Promise<{ url: string; kind: 'js' | 'css'; raw: number; gzip: number }>[] = [];
    const urls: string[] = [];
    s.page.on('response', (res) => {
      urls.push(res.url());
      const k = kind(res);
      if (!k || res.status() !== 200) return;
      assets.push(
        res.body().then((body) => ({ url: res.url(), kind: k, raw: body.length, gzip: gzipSync(body).length })),
      );
    });

    await s.page.goto('/auth/login', { waitUntil: 'networkidle' });
    await new SignInPage(s.page).ready();
    await s.page.waitForLoadState('networkidle');

    const loaded = await Promise.all(assets);
    const total = (k: 'js' | 'css') => loaded.filter((a) => a.kind === k).reduce((sum, a) => sum + a.gzip, 0);
    const scripts = loaded.filter((a) => a.kind === 'js').length;
    const rows = loaded
      .sort((a, b2) => b2.gzip - a.gzip)
      .map((a) => `  ${a.kind.padEnd(3)} ${kb(a.gzip).padStart(9)} gzip ${kb(a.raw).padStart(9)} raw  ${new URL(a.url).pathname}`);
    console.log(
      `sign-in page assets:\n${rows.join('\n')}\n  JS total ${kb(total('js'))} gzip (budget ${kb(JS_BUDGET)}) in ` +
        `${scripts} scripts (budget ${SCRIPT_BUDGET}), ` +
        `CSS total ${kb(total('css'))} gzip (budget ${kb(CSS_BUDGET)})`,
    );

    expect(scripts).toBeGreaterThan(0);
    expect(scripts).toBeLessThanOrEqual(SCRIPT_BUDGET);
    expect(total('js')).toBeLessThanOrEqual(JS_BUDGET);
    expect(total('css')).toBeLessThanOrEqual(CSS_BUDGET);
    expect(urls.filter(isIconChunk)).toEqual([]);
    expect(urls.filter((u) => /locale|polyfill/i.test(new URL(u).pathname))).toEqual([]);
    s.assertClean();
  });

  it("carries React Router's production build, not its development one (no dev-only warnings in the client)", () => {
    const assets = join(__dirname, '../../frontend/dist/assets');
    const scripts = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, text: readFileSync(join(assets, file), 'utf8') }));
    expect(scripts.length).toBeGreaterThan(0);
    // A warning React Router prints only from its development build.
    expect(scripts.filter(({ text }) => text.includes('No routes matched location')).map(({ file }) => file)).toEqual([]);
    expect(scripts.some(({ text }) => text.includes('useNavigate'))).toBe(true);
  });
});
