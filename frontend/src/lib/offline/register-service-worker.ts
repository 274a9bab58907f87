/**
 * Registers the service worker the build writes (scripts/service-worker.mjs), once the page has loaded
 * and the browser is idle: its first install downloads the whole app for offline use, which must not
 * compete with the page's own first requests. A browser without service workers (or a test that
 * blocks them) simply goes without.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const whenIdle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
