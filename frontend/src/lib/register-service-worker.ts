/** How long after the app's first render its worker is registered: the page's own first requests go first. */
const REGISTER_DELAY_MS = 3000;

/**
 * Registers the service worker the build writes (scripts/service-worker.mjs) a while after the app's
 * first render: its first install downloads the whole app for offline use, which must not compete
 * with the page's own first requests. A browser without service workers (or a test that blocks them)
 * simply goes without.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.DEV && 'serviceWorker' in navigator) setTimeout(() => navigator.serviceWorker.register('/sw.js').catch(() => undefined), REGISTER_DELAY_MS);
}
