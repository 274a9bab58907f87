import { authPath, dashboardPath, signInPath, signUpPath } from './urls';

/**
 * Where to go after sign-in. Only same-origin relative paths are accepted:
 * a single leading "/" (not "//" or "/\", which browsers treat as another
 * host), no scheme, no control characters. Anything else falls back, so a
 * crafted link can never turn sign-in into an open redirect.
 */
export const DEFAULT_AFTER_SIGN_IN = dashboardPath;

export function sanitizeReturnUrl(value: string | null | undefined, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof value !== 'string') return fallback;
  const url = value.trim();
  if (!url.startsWith('/')) return fallback;
  if (url.startsWith('//') || url.startsWith('/\\')) return fallback;
  // Control characters and backslashes: browsers drop or rewrite them, so the path checked is not the path followed.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return fallback;
  // Going back to the sign-in screen after signing in would loop.
  if (url === authPath || url.startsWith(signInPath) || url.startsWith(signUpPath)) return fallback;
  return url;
}

/** The login URL a guard redirects to, carrying the requested path and query. */
export function loginUrlFor(requested: string): string {
  return `${signInPath}?returnUrl=${encodeURIComponent(requested)}`;
}
