import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

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

/**
 * Whether the screenshots for a reviewer are taken: on a developer's machine, and in CI only with
 * E2E_SCREENSHOTS=1: a CI run keeps no test-results, and a full-page capture is slower than most
 * of a test's steps.
 */
export function screenshotsWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.E2E_SCREENSHOTS) return env.E2E_SCREENSHOTS !== '0';
  return !env.CI;
}

/**
 * A screenshot for a reviewer to look at: test-results/screenshots/<folder>/<name>.png (a folder per spec, or per width).
 * Asserts nothing. It waits for the layout at the viewport's width first, so it shows what a phone shows right after a
 * test has made the page narrower.
 */
export async function saveScreenshot(page: Page, folder: string, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  const dir = resolve(__dirname, '../../../test-results/screenshots', folder);
  mkdirSync(dir, { recursive: true });
  await layoutSettled(page);
  await page.screenshot({ path: resolve(dir, `${name}.png`), fullPage: true });
}

/** How many frames the page's size may keep changing before layoutSettled gives up: a page that never settles is a fault to report. */
const SETTLE_FRAME_LIMIT = 60;

/**
 * Waits until the page is laid out for the viewport it has now: a frame has gone by since this call, and the
 * next one has the same content size. `setViewportSize` lays the CSS out at the new width at once, but what the
 * app lays out from a media query in script (the header's `compact` look from useMediaQuery: the user's name and
 * a chevron at a desk, the avatar alone on a phone) follows only when the next frame reports the media-query
 * change, before that frame is painted. A full-page capture reads the page's size before any frame: made right
 * after a resize from 1280 to 375 px, it took the desk's header (543-598 px wide) as the page's width and drew the
 * phone's 375 px page in it, with a blank band at the right.
 */
export async function layoutSettled(page: Page): Promise<void> {
  await page.evaluate(
    (frameLimit) =>
      new Promise<void>((settled, stillMoving) => {
        // What a full-page capture measures as the page's size.
        const contentSize = () => {
          const root = document.documentElement;
          const body = document.body;
          return `${Math.max(root.scrollWidth, body?.scrollWidth ?? 0)}x${Math.max(root.scrollHeight, body?.scrollHeight ?? 0)}`;
        };
        let previous = '';
        let frames = 0;
        const atFrame = () => {
          const size = contentSize();
          if (size === previous) return settled();
          frames += 1;
          if (frames > frameLimit) return stillMoving(new Error(`the page's size still changes ${frameLimit} frames after the resize (now ${size})`));
          previous = size;
          requestAnimationFrame(atFrame);
        };
        requestAnimationFrame(atFrame);
      }),
    SETTLE_FRAME_LIMIT,
  );
}

/** Holds every request to the image endpoint until released, so what shows while an upload is under way can be seen. */
export async function holdImageUploads(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route('**/api/products/images', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until no CSS transition or animation runs (a dialog has faded in), so a screenshot shows the settled screen.
 * A Blueprint overlay's transition starts a frame after its enter class is set, so an overlay still entering or
 * leaving (its `bp6-overlay-enter`/`-exit` classes, until `-enter-done`) counts as moving even before it shows in
 * `getAnimations()`: a capture taken in that frame caught the label preview still scaling in.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('.bp6-overlay-enter, .bp6-overlay-enter-active, .bp6-overlay-exit, .bp6-overlay-exit-active') === null &&
      document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** The step-up dialog has faded in; behind it, the button of the action it holds spins until the dialog is answered. */
export const stepUpDialogSettled = (page: Page) =>
  page.waitForFunction(
    () =>
      document.querySelector('.bp6-overlay-enter, .bp6-overlay-enter-active') === null &&
      document.getAnimations().every((animation) => animation.playState !== 'running' || ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.closest('.bp6-spinner')),
  );
