import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** axe-core's findings on the page as it stands (or the part `include` selects), one line each (rule, impact, the elements): [] when there are none. */
export async function axeViolations(page: Page, { include, exclude }: { include?: string; exclude?: string[] } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page: page as never });
  if (include) builder = builder.include(include);
  for (const selector of exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The elements wider than the viewport, or the page scrolling sideways: [] when nothing does. */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      // Only the right edge scrolls a page: an element off to the left (a skip link until focused) does not.
      if (box.width > 0 && box.right > width + 1) {
        // An element inside a scrolling box (a table wrapper) or clipped by one does not move the page.
        let parent = element.parentElement;
        let clipped = false;
        while (parent && parent !== document.body) {
          const overflowX = getComputedStyle(parent).overflowX;
          if (overflowX !== 'visible') {
            clipped = true;
            break;
          }
          parent = parent.parentElement;
        }
        if (!clipped) found.push(`<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
    }
    return found.slice(0, 10);
  });
}

/** A screenshot for a reviewer to look at: test-results/screenshots/<folder>/<name>.png. */
export async function saveScreenshot(page: Page, folder: string, name: string): Promise<void> {
  const dir = join(process.cwd(), 'test-results', 'screenshots', folder);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
