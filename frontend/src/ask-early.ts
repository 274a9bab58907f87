import type { EarlyAnswers, EarlyAnswersWindow, EarlyRequests } from './lib/early-answers/early-requests';

/**
 * A signed-in page's first script, which its HTML runs as soon as it has come (async), before the
 * app's scripts: it sends the page's first requests and the profile's at once, so that on a slow
 * network their round trips overlap the app's download instead of following it. The requests are
 * the app's own, written into the page at build time (lib/early-answers/early-requests.ts); the
 * app's fetch takes each answer when it sends the very same request (lib/early-answers/
 * take-early-answer.ts), and asks the server for anything else as before.
 *
 * It imports nothing of the app's: a module shared with the app would be in one of the app's
 * chunks, and this script would wait for that chunk to come (the build fails if it does). So the
 * app's matching of a request to an answer is here too, and the sign-in pages carry none of it.
 */

/** The page's JSON block of early requests (scripts/prerender.mjs writes it). */
export const EARLY_REQUESTS_ELEMENT_ID = 'early-requests';

/**
 * The account's id in a session token (its `sub` claim), as lib/workspace/workspace-storage.ts's
 * accountIdOf reads it to name the chosen workspace's key. A copy: shared, that module would sit in a
 * chunk of its own that both scripts load, and the sign-in page's scripts have no room for one more.
 */
function accountIdOf(token: string): string | null {
  try {
    const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

/** Headers as Apollo's fetch gets them (a plain object, names in lower case), in one order, as text. */
const headersOf = (headers: unknown) => JSON.stringify(Object.entries(headers ?? {}).sort());

interface Sent {
  body: string;
  headers: Record<string, string>;
  response: Promise<Response>;
  /** Aborts the request when the app gives up the answer it took. */
  controller: AbortController;
}

/** The app's way to the answers `sent`: each for the very same body (as Apollo's client writes it, at build time and now) and headers, once. */
export function earlyAnswers(sent: Sent[]): EarlyAnswers {
  return {
    take(init) {
      const index = sent.findIndex((request) => request.body === init?.body && headersOf(request.headers) === headersOf(init.headers));
      if (index < 0) return null;
      const [request] = sent.splice(index, 1);
      const signal = init?.signal;
      const giveUp = () => request.controller.abort(signal?.reason);
      if (signal?.aborted) giveUp();
      else signal?.addEventListener('abort', giveUp, { once: true });
      // An answer that has already come is read in a task of its own, as one from the network is: the
      // task that sent the request is long enough on a phone without the answer's work added to it.
      return request.response.then((response) => new Promise<Response>((resolve) => setTimeout(() => resolve(response))));
    },
  };
}

/** The route's parameters in `pathname`, as the router reads them; null when it does not match. */
export function routeParams(path: string, pathname: string): Record<string, string> | null {
  const want = path.split('/');
  const got = pathname.replace(/(.)\/$/, '$1').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (!got[i]) return null;
      params[want[i].slice(1)] = decodeURIComponent(got[i]);
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}


/** The body with each variable the build wrote as `:name` given the page's parameter of that name. */
function withParams(body: string, params: Record<string, string>): string {
  const parsed = JSON.parse(body) as { variables?: Record<string, unknown> };
  const variables = parsed.variables ?? {};
  for (const [name, value] of Object.entries(variables)) {
    if (typeof value === 'string' && value.startsWith(':') && value.slice(1) in params) variables[name] = params[value.slice(1)];
  }
  return JSON.stringify(parsed);
}

/**
 * Sends the page's early requests for a stored, unexpired session and returns what was sent;
 * sends nothing signed out, with no network, or on a path the requests are not for, and none of
 * the page's own with a query string.
 */
export function askEarly(config: EarlyRequests, location: Pick<Location, 'pathname' | 'search'>, storage: Pick<Storage, 'getItem'>, now: number): Sent[] {
  const params = routeParams(config.path, location.pathname);
  const token = storage.getItem(config.tokenKey);
  const expiresAt = Number(storage.getItem(config.expiryKey) || Number.NaN);
  if (!params || !token || !(expiresAt > now) || navigator.onLine === false) return [];
  const account = accountIdOf(token);
  const workspace = account ? storage.getItem(`${config.workspaceKeyPrefix}${account}`) : null;
  return config.requests.filter((request) => !request.forPage || location.search === '').map((request) => {
    // Names in lower case, as Apollo's client writes them.
    const headers: Record<string, string> = { ...request.headers, ...(request.inWorkspace && workspace ? { [config.workspaceHeader.toLowerCase()]: workspace } : {}), authorization: `Bearer ${token}` };
    const body = withParams(request.body, params);
    const controller = new AbortController();
    const response = fetch('/graphql', { method: 'POST', headers, body, signal: controller.signal });
    // The app may never take it (it has moved to another page by then): its failure is then nobody's.
    response.catch(() => undefined);
    return { body, headers, response, controller };
  });
}

/** Reads the page's early requests and sends them, leaving what was sent where the app looks. */
export function startEarlyRequests(): void {
  try {
    const element = document.getElementById(EARLY_REQUESTS_ELEMENT_ID);
    if (!element?.textContent) return;
    const config = JSON.parse(element.textContent) as EarlyRequests;
    (window as EarlyAnswersWindow).stockroomEarlyAnswers = earlyAnswers(askEarly(config, window.location, window.localStorage, Date.now()));
  } catch {
    // Storage that cannot be read, a malformed page: the app asks for its answers itself.
  }
}

if (typeof document !== 'undefined') startEarlyRequests();
