import { afterPaint } from './useAfterPaint';

/**
 * Knows when the page first opened has drawn what it asked the server for, so that code the
 * first screen can do without (the user menu's popover and menu) loads after it: on a slow phone
 * it would otherwise share the line and the main thread with the page's own script and data.
 *
 * The page's requests to the API are counted (`countRequest`) from the moment one leaves until its
 * answer comes. From the first `afterFirstContent` call on (made once the signed-in shell and its
 * page have rendered), the waiting work runs once no request is left, the answers are painted and
 * the main thread is idle.
 */

let inFlight = 0;
let watching = false;
let shown = false;
let onIdle: (() => void) | null = null;
const waiting: (() => void)[] = [];

/** Counts `request` as one of the page's requests until it settles. */
export function countRequest<T>(request: Promise<T>): Promise<T> {
  inFlight += 1;
  return request.finally(() => {
    inFlight -= 1;
    if (inFlight === 0) onIdle?.();
  });
}

/**
 * Runs `work` when the main thread is next idle: a page still rendering its answers (React renders
 * a transition in slices, with frames between them) is not. Where the browser cannot say, a task.
 */
function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 2000 });
  else window.setTimeout(work);
}

/**
 * Runs the waiting work one piece per idle period. A piece (a menu's or a dialog's code asked for,
 * with a preload link for each of its modules) takes a few milliseconds, a slow phone's several
 * times that; a page's pieces run back to back made one long task, which a phone feels as a stall.
 */
function runWaiting(): void {
  waiting.shift()?.();
  if (waiting.length > 0) whenIdle(runWaiting);
}

function runWhenPaintedAndIdle(): void {
  afterPaint(() =>
    whenIdle(() => {
      // A request that left meanwhile (a session check, a second query) is waited for too.
      if (inFlight > 0) {
        onIdle = () => {
          onIdle = null;
          runWhenPaintedAndIdle();
        };
        return;
      }
      shown = true;
      runWaiting();
    }),
  );
}

/** Runs `work` once the first page's content is on screen (at once if it already is); returns a function that cancels it. */
export function afterFirstContent(work: () => void): () => void {
  if (shown) {
    work();
    return () => undefined;
  }
  waiting.push(work);
  if (!watching) {
    watching = true;
    runWhenPaintedAndIdle();
  }
  return () => {
    const index = waiting.indexOf(work);
    if (index >= 0) waiting.splice(index, 1);
  };
}
