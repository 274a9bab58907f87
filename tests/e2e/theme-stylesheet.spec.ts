import type { Page } from 'playwright-core';
import { createProductApi, signedInUser } from './support/api';
import { useBrowser } from './support/browser';
import { AppShell } from './pages/AppShell';
import { DashboardPage } from './pages/DashboardPage';
import { SignInPage } from './pages/SignInPage';

/**
 * Blueprint's dark theme is about 40% of its stylesheet. It comes in a stylesheet of its own,
 * loaded only when the dark theme applies (the system asks for dark, or the person chose Dark), so
 * a page in the light theme neither downloads nor parses it. Where it goes decides the cascade:
 * after the app's stylesheet, whose light rules it overrides, and before the pages' own, which
 * override it (a dashboard chart's title keeps its muted colour in the dark).
 */

const DARK_STYLESHEET = /\/assets\/blueprint-dark-[\w-]+\.css$/;

/** Every stylesheet the page asked the server for, in order. */
function stylesheetRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || /\.css$/.test(new URL(request.url()).pathname)) urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

/** The page's linked stylesheets, in document order. */
const linkedStylesheets = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname));

const isDark = (page: Page) => page.evaluate(() => document.body.classList.contains('bp6-dark'));

/** Whether any rule the page's stylesheets hold is one of Blueprint's dark rules for its buttons. */
const hasBlueprintDarkRules = (page: Page) =>
  page.evaluate(() =>
    [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule instanceof CSSStyleRule && /\.bp6-dark \.bp6-button\b/.test(rule.selectorText))),
  );

describe("the dark theme's stylesheet", () => {
  const b = useBrowser();

  it('is neither downloaded nor held by a page in the light theme', async () => {
    const s = b.session();
    await s.page.emulateMedia({ colorScheme: 'light' });
    const requested = stylesheetRequests(s.page);
    const signIn = new SignInPage(s.page);
    await signIn.goto();
    await s.page.waitForLoadState('networkidle');
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => DARK_STYLESHEET.test(url))).toEqual([]);
    expect({ dark: await isDark(s.page), darkRules: await hasBlueprintDarkRules(s.page) }).toEqual({ dark: false, darkRules: false });
    s.assertClean();
  });

  it('comes once with a page on a dark system, between the app\'s stylesheet and the page\'s, and the page turns dark', async () => {
    const s = b.session();
    await s.page.emulateMedia({ colorScheme: 'dark' });
    const session = await signedInUser(s, 'dark-sheet');
    await createProductApi(session, { name: 'Dark sheet lamp', price: 10, quantity: 4, category: 'Lighting' });
    const requested = stylesheetRequests(s.page);
    const dashboard = new DashboardPage(s.page);
    await dashboard.goto();
    await dashboard.categoryChart.waitFor();
    await s.page.waitForFunction(() => document.body.classList.contains('bp6-dark'));
    await s.page.waitForLoadState('networkidle');

    // The page's preload and the script's stylesheet are one download.
    expect(requested.filter((url) => DARK_STYLESHEET.test(url))).toHaveLength(1);
    const linked = await linkedStylesheets(s.page);
    const dark = linked.findIndex((url) => DARK_STYLESHEET.test(url));
    const dashboardSheet = linked.findIndex((url) => /\/assets\/DashboardPage-[\w-]+\.css$/.test(url));
    expect({ dark, dashboardAfterDark: dashboardSheet > dark }).toEqual({ dark: 1, dashboardAfterDark: true });
    expect(linked[0]).toMatch(/\/assets\/main-[\w-]+\.css$/);

    // Blueprint's dark rules apply (a dark button, light headings) and the page's own still win over them.
    const colours = await s.page.evaluate(() => {
      const colour = (element: Element | null) => (element ? getComputedStyle(element).color : null);
      const title = [...document.querySelectorAll('h3')].find((h) => h.textContent === 'Value by category') ?? null;
      const muted = getComputedStyle(document.body).getPropertyValue('--text-muted').trim();
      const probe = document.createElement('span');
      probe.style.color = muted;
      document.body.append(probe);
      const mutedColour = getComputedStyle(probe).color;
      probe.remove();
      return { title: colour(title), muted: mutedColour, pageHeading: colour(document.querySelector('h1')) };
    });
    // Blueprint's dark heading colour (#f6f7f9) on the page's heading; the chart's title keeps the page's muted one.
    expect(colours).toEqual({ title: colours.muted, muted: colours.muted, pageHeading: 'rgb(246, 247, 249)' });
    expect(colours.muted).not.toBe(colours.pageHeading);
    s.assertClean();
  });

  it('comes when Dark is chosen on a light system, and the page turns light again with Light', async () => {
    const s = b.session();
    await s.page.emulateMedia({ colorScheme: 'light' });
    await signedInUser(s, 'dark-choice');
    const requested = stylesheetRequests(s.page);
    const dashboard = new DashboardPage(s.page);
    await dashboard.goto();
    await dashboard.ready();
    await s.page.waitForLoadState('networkidle');
    expect(requested.filter((url) => DARK_STYLESHEET.test(url))).toEqual([]);

    const shell = new AppShell(s.page);
    await shell.openUserMenu();
    await s.page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await s.page.waitForFunction(() => document.body.classList.contains('bp6-dark'));
    expect(requested.filter((url) => DARK_STYLESHEET.test(url))).toHaveLength(1);
    expect(await hasBlueprintDarkRules(s.page)).toBe(true);

    await s.page.getByRole('menuitemradio', { name: 'Light' }).click();
    await s.page.waitForFunction(() => !document.body.classList.contains('bp6-dark'));
    await s.page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await s.page.waitForFunction(() => document.body.classList.contains('bp6-dark'));
    // Loaded once for the page's life.
    expect(requested.filter((url) => DARK_STYLESHEET.test(url))).toHaveLength(1);
    s.assertClean();
  });
});
