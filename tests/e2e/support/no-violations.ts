import type { Page } from 'playwright-core';
import { axeLines } from './axe';
import { DESKTOP, MOBILE } from './browser';

/** The widths every screen is checked at: a phone and a desk. */
export const CHECKED_WIDTHS = [MOBILE, DESKTOP] as const;

/** How many pixels the page scrolls sideways (0 when nothing sticks out). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * The page's state at a phone's and a desk's width: its axe violations and
 * its sideways scroll, for one expectation. `settle` waits for what must be
 * on screen again after the resize (a chart redraws).
 */
export async function checkAtEveryWidth(page: Page, settle: () => Promise<unknown> = async () => undefined, within?: string) {
  const results: Record<number, { violations: string[]; sideways: number }> = {};
  for (const viewport of CHECKED_WIDTHS) {
    await page.setViewportSize(viewport);
    await settle();
    results[viewport.width] = { violations: await axeLines(page, { include: within }), sideways: await sidewaysScroll(page) };
  }
  return results;
}

/** What checkAtEveryWidth answers for a screen that passes. */
export const CLEAN_AT_EVERY_WIDTH = Object.fromEntries(CHECKED_WIDTHS.map((v) => [v.width, { violations: [], sideways: 0 }]));
