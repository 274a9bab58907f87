import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { WORKSPACE_HEADER } from '@stockroom/schema';
import chromiumArgs from './chromium-args.json';
import { e2eEnv } from './env';

/**
 * Flags that let Debian's Chromium start here as root with no network: without
 * the background-networking ones it keeps trying (and failing) to reach
 * Google's hosts. The last one makes every host but this machine fail to
 * resolve, so no request leaves it (a catch-all `context.route` would stop them
 * in the test process instead, request by request, and routing turns the HTTP
 * cache off: each navigation would fetch and compile the bundle again). A JSON
 * file, so that the benchmarks (ES modules outside jest) start Chromium alike.
 */
export const CHROMIUM_ARGS: readonly string[] = chromiumArgs;

/**
 * The browser suites drive Debian's `chromium-headless-shell`: the same Chromium (Blink, V8, the
 * network stack, the DevTools protocol) without the desktop browser's layer, which is about a third
 * of the CPU a suite gives Chromium on this machine. What only the desktop browser has (a camera,
 * installing the app) is asked of `chromium` itself with `fullChromium`.
 */
export function headlessShellPath(): string {
  return process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';
}

export function fullChromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** `extraArgs` add to CHROMIUM_ARGS, e.g. a fake camera fed from a file (which needs `fullChromium`). */
export function launchBrowser(extraArgs: readonly string[] = [], options: { fullChromium?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: options.fullChromium ? fullChromiumPath() : headlessShellPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLocalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (['data:', 'blob:', 'about:', 'javascript:'].includes(parsed.protocol)) return true;
  return LOCAL_HOSTS.has(parsed.hostname);
}

export const E2E_TEST_TIMEOUT_MS = 60_000;

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 740 };

/**
 * One browser context per test with a guard: every request to a host other
 * than localhost is recorded (and fails, as Chromium resolves no other host), every console error and uncaught
 * page error is recorded. `assertClean()` fails the test on any of them.
 */
export class GuardedSession {
  readonly externalRequests: string[] = [];
  readonly consoleErrors: string[] = [];
  /** The last API answers (operation or path, the workspace asked for, status), for the report on a failure. */
  private readonly apiTrail: string[] = [];
  private readonly allowed: RegExp[] = [];

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  static async open(
    browser: Browser,
    opts: {
      viewport?: { width: number; height: number };
      isMobile?: boolean;
      hasTouch?: boolean;
      permissions?: string[];
      /** The app's service worker is blocked unless a test of the offline app asks for it. */
      serviceWorkers?: 'allow' | 'block';
    } = {},
  ): Promise<GuardedSession> {
    const { baseUrl } = e2eEnv();
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: opts.viewport ?? DESKTOP,
      isMobile: opts.isMobile,
      hasTouch: opts.hasTouch,
      permissions: opts.permissions,
      serviceWorkers: opts.serviceWorkers ?? 'block',
    });
    // Chromium logs most CSP violations to the console; this catches every one.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
      });
    });
    const page = await context.newPage();
    const session = new GuardedSession(context, page, baseUrl);
    context.on('request', (request) => {
      const url = request.url();
      if (!isLocalUrl(url)) session.externalRequests.push(url);
    });
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const loc = msg.location();
      session.recordError(`console.error: ${msg.text()}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
    });
    page.on('pageerror', (err) => session.recordError(`pageerror: ${err.stack || err.message}`));
    context.on('requestfinished', (request) => void session.recordApiAnswer(request));
    context.on('requestfailed', (request) => void session.recordApiAnswer(request));
    page.setDefaultTimeout(15_000);
    page.setDefaultNavigationTimeout(30_000);
    return session;
  }

  /** Declare a console error this test provokes on purpose (e.g. a 401 resource). */
  allowConsoleError(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  private recordError(text: string): void {
    if (this.allowed.some((re) => re.test(text))) return;
    this.consoleErrors.push(text);
  }

  url(path: string): string {
    return new URL(path, this.baseUrl).toString();
  }

  /** The current path + query, e.g. '/auth/login?returnUrl=%2Fdashboard'. */
  pathWithQuery(): string {
    const u = new URL(this.page.url());
    return u.pathname + u.search;
  }

  private async recordApiAnswer(request: Request): Promise<void> {
    const url = new URL(request.url());
    if (url.pathname !== '/graphql' && !url.pathname.startsWith('/api/')) return;
    const operation = url.pathname === '/graphql' ? ((request.postDataJSON() as { operationName?: string } | null)?.operationName ?? '?') : url.pathname;
    const workspace = request.headers()[WORKSPACE_HEADER.toLowerCase()] ?? 'personal';
    const answer = request.failure()?.errorText ?? String((await request.response().catch(() => null))?.status() ?? 'no answer');
    this.apiTrail.push(`${request.method()} ${operation} [${workspace}] -> ${answer}`);
    if (this.apiTrail.length > 30) this.apiTrail.shift();
  }

  /** What the page showed and asked for, printed when a test fails so that a failure in CI can be read from its log. */
  async describeForFailure(): Promise<string> {
    const shown = await this.page
      .evaluate(() => document.body.innerText.replace(/\s*\n+/g, '\n').slice(0, 1500))
      .catch((error: Error) => `(page unreadable: ${error.message})`);
    return [`URL: ${this.page.url()}`, 'Shown:', shown, 'Last API answers:', ...this.apiTrail, 'Console errors:', ...this.consoleErrors].join('\n');
  }

  assertClean(): void {
    expect({ externalRequests: this.externalRequests, consoleErrors: this.consoleErrors }).toEqual({
      externalRequests: [],
      consoleErrors: [],
    });
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

/** Marks the page's document, so `sameDocument` can tell a client-side route change from a full page load (which loses the mark). */
export async function markDocument(s: GuardedSession): Promise<void> {
  await s.page.evaluate(() => {
    (window as unknown as { e2eSameDocument: boolean }).e2eSameDocument = true;
  });
}

/** Whether the document marked by `markDocument` is still the one shown. */
export function sameDocument(s: GuardedSession): Promise<boolean> {
  return s.page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument === true);
}

/**
 * Wires a browser into a spec file: one Chromium per file (or per describe
 * block that calls it), one guarded context per test, closed (and checked)
 * after each test. `args` add Chromium flags; `args` may be a function
 * for flags that name a file made in a beforeAll. `fullChromium` launches the
 * desktop Chromium rather than the headless shell (a fake camera needs it). `sessionPerTest: false`
 * is for specs whose every test opens its own contexts (`open`, at a width
 * of its choosing): a context and its tab cost a renderer process each, and
 * one nobody uses would only add that cost to every test.
 */
export function useBrowser(
  options: { args?: readonly string[] | (() => readonly string[]); sessionPerTest?: boolean; fullChromium?: boolean } = {},
): { session: () => GuardedSession; browser: () => Browser; open: typeof GuardedSession.open } {
  const sessionPerTest = options.sessionPerTest ?? true;
  // The project-level `testTimeout` in jest.config.js is not applied per
  // project by jest, so browser specs set their own.
  jest.setTimeout(E2E_TEST_TIMEOUT_MS);
  let browser: Browser | undefined;
  let current: GuardedSession | undefined;
  const extra: GuardedSession[] = [];

  beforeAll(async () => {
    browser = await launchBrowser(typeof options.args === 'function' ? options.args() : options.args, { fullChromium: options.fullChromium });
  });
  beforeEach(async () => {
    if (sessionPerTest) current = await GuardedSession.open(browser!);
  });
  afterEach(async () => {
    const sessions = [current, ...extra.splice(0)].filter(Boolean) as GuardedSession[];
    if ((globalThis as { __e2eTestFailed?: boolean }).__e2eTestFailed) {
      for (const s of sessions) console.log(`At the failure of "${expect.getState().currentTestName}":\n${await s.describeForFailure()}`);
    }
    current = undefined;
    await Promise.all(sessions.map((s) => s.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    session: () => {
      if (!sessionPerTest) throw new Error('useBrowser({ sessionPerTest: false }) opens no context per test: open one with open()');
      return current!;
    },
    browser: () => browser!,
    open: async (b, opts) => {
      const s = await GuardedSession.open(b, opts);
      extra.push(s);
      return s;
    },
  };
}
