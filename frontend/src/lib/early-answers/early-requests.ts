/**
 * What a signed-in page's HTML tells its first script (src/ask-early.ts) to ask before the app has
 * loaded: the page's route, where the session and the chosen workspace are stored, and the
 * requests the app itself will send for the page's first answers and the user's profile, as the
 * app's Apollo client wrote them at build time (app/prerender.tsx). The page carries it as JSON in
 * `<script type="application/json" id="early-requests">`.
 */
export interface EarlyRequests {
  /** The route as Express and the router read it, `/products/:id`: a variable the build wrote as `:id` is the page's `id`. */
  path: string;
  tokenKey: string;
  expiryKey: string;
  /** The chosen workspace's storage key is this prefix and the account's id (the token's `sub`). */
  workspaceKeyPrefix: string;
  workspaceHeader: string;
  requests: ReadonlyArray<EarlyRequest>;
}

export interface EarlyRequest {
  /** The request's JSON body as the app sends it. */
  body: string;
  /** The headers the app sends with it, but for the session's and the workspace's. */
  headers: Readonly<Record<string, string>>;
  /** Whether the app names the chosen workspace in it (every question but the account's own). */
  inWorkspace: boolean;
  /**
   * One of the page's first answers, as the app asks for it on the route with no query string (a
   * search, a filter, another page of the list asks for others): sent only then. The profile is not.
   */
  forPage: boolean;
}

/**
 * What src/ask-early.ts leaves on the window for the app's fetch: the answer to a request it has
 * sent, for the very same request (body and headers), once, given up when `init.signal` aborts (the
 * app's timeout, or a query no longer wanted); null for any other, which the app's fetch sends itself.
 */
export interface EarlyAnswers {
  take(init: RequestInit | undefined): Promise<Response> | null;
}

/** The window as ask-early.ts leaves it and take-early-answer.ts reads it. */
export interface EarlyAnswersWindow {
  stockroomEarlyAnswers?: EarlyAnswers;
}
