import AxeBuilder from '@axe-core/playwright';
import { source as AXE_SOURCE } from 'axe-core';
import type { Page } from 'playwright-core';

/** One failed axe rule, flattened to what a reader needs to find and fix it. */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
}

/** Which part of the page to check: `include` one part (a dialog, the main content), `exclude` markup the app does not control. */
export interface AxeScope {
  include?: string;
  exclude?: readonly string[];
}

/** What AxeBuilder evaluates in each frame before it runs axe: nothing, as injectAxeOnce has put axe there. */
const AXE_ALREADY_INJECTED = ';';

/**
 * Runs axe-core on the page as it is now (every rule axe enables by default,
 * WCAG 2.x A/AA and best practices) and returns the violations.
 *
 * Legacy mode runs axe.run in the page itself: the default finishes each run
 * in a new blank page, which took ten times as long as the rules (about 2 s a
 * check against 0.2 s) on a suite of a few hundred checks. It skips frames of
 * another origin, and the app has no frames. Only violations are read: axe
 * then skips the selectors of every node that passed. axe is put into the page
 * once per document (`injectAxeOnce`); the builder's own injection is a no-op
 * script.
 */
export async function axeViolations(page: Page, { include, exclude = [] }: AxeScope = {}): Promise<AxeFinding[]> {
  await themeApplied(page);
  await injectAxeOnce(page);
  // The AxeBuilder types name @playwright/test's Page; playwright-core's is the same object.
  let builder = new AxeBuilder({
    page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'],
    axeSource: AXE_ALREADY_INJECTED,
  })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    helpUrl: v.helpUrl,
    targets: v.nodes.map((node) => node.target.map(String).join(' >> ')),
  }));
}

/**
 * Waits until the app's page shows the theme it is in: the dark theme's rules come in a stylesheet
 * of their own, and the page turns dark once that has loaded, a request after its script. Pages that
 * are not the app's (GraphiQL, Swagger UI) have no theme of its own.
 */
export async function themeApplied(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!document.querySelector('link[rel="preload"][href*="/assets/blueprint-dark"]')) return true;
    const choice = localStorage.getItem('stockroom_theme');
    const dark = choice === 'dark' || (choice !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    return document.body.classList.contains('bp6-dark') === dark;
  });
}

/** The violations one line each (rule, impact, the elements), for an expectation that they are `[]`. */
export async function axeLines(page: Page, scope: AxeScope = {}): Promise<string[]> {
  return (await axeViolations(page, scope)).map((f) => `${f.id} (${f.impact}): ${f.targets.join(', ')}`);
}

/** A readable report: one block per rule with its impact, the elements at fault and where the rule is explained. */
export function formatAxeFindings(label: string, findings: readonly AxeFinding[]): string {
  const blocks = findings.map(
    (f) => `  [${f.impact}] ${f.id}: ${f.help}\n    ${f.helpUrl}\n${f.targets.map((t) => `    - ${t}`).join('\n')}`,
  );
  return `${label}: ${findings.length} axe violation(s)\n${blocks.join('\n')}`;
}

/**
 * Fails with the rule id, impact, target selectors and help url of every
 * violation axe finds on the page now; `label` names the screen and state.
 */
export async function expectNoAxeViolations(page: Page, label: string, scope: AxeScope = {}): Promise<void> {
  const findings = await axeViolations(page, scope);
  if (findings.length > 0) throw new Error(formatAxeFindings(label, findings));
}

/**
 * Puts axe-core into each of the page's documents that lacks it. AxeBuilder
 * evaluates axe's whole source (650 kB) twice on every check; a document
 * keeps it until the next navigation, and most screens are checked at two
 * widths or in two states, so parsing it once per document saves most of that.
 */
async function injectAxeOnce(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  }
}
