import { useEffect } from 'react';
import { afterFirstContent } from './first-content';

/** The loaders whose code has been asked for: a list's 25 row menus share one loader, fetched once. */
const prefetched = new WeakSet<() => Promise<unknown>>();

/** Fetches the code `load` imports, once; offline, a later call tries again. */
export function prefetchCode(load: () => Promise<unknown>): void {
  if (prefetched.has(load)) return;
  prefetched.add(load);
  load().catch(() => prefetched.delete(load));
}

/**
 * Fetches the code `load` imports once the first page's content is on screen (a menu, a page's
 * dialogs): the first view does without it, and asking for it takes no render of the page, which
 * on a long list would be the whole list drawn again just to start a download. `load` must be
 * the same function on every render.
 */
export function useCodeAfterFirstContent(load: () => Promise<unknown>): void {
  useEffect(() => (prefetched.has(load) ? undefined : afterFirstContent(() => prefetchCode(load))), [load]);
}
