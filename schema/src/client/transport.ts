/** What the client needs of `fetch`: Node 18+ and every browser have it; a test or a proxy may pass its own. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** Where Stockroom runs, e.g. `https://stockroom.example.com` (no trailing `/graphql` or `/api`). */
  baseUrl: string;
  /** A personal access token (`stk_...`) or a session token; sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Defaults to the global `fetch`. */
  fetch?: FetchFunction;
}

/** Sends one request to a path under baseUrl with the client's headers and token. */
export type Transport = (path: string, init: { method: string; headers?: Record<string, string>; body?: string | FormData }) => Promise<Response>;

export function createTransport(options: ClientOptions): Transport {
  const send = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const base = options.baseUrl.replace(/\/+$/, '');
  return (path, init) =>
    send(base + path, {
      method: init.method,
      body: init.body,
      headers: {
        ...options.headers,
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...init.headers,
      },
    });
}
