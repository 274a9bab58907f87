import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/**
 * A read the device keeps for working offline (a count's scope stock), retried until it succeeds:
 * when the network comes back, and after a failure on a backoff that doubles up to a bound, one read
 * at a time. A refusal (no right to read it, the count closed) is an answer and is not asked again.
 */

export interface RetryTiming {
  /** The wait after the first failure; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest wait between two tries. */
  maxDelayMs: number;
  /** A read with no answer after this long counts as failed (and is cut). */
  timeoutMs: number;
}

export const READ_AHEAD_TIMING: RetryTiming = { firstDelayMs: 2_000, maxDelayMs: 60_000, timeoutMs: 30_000 };

/** Server answers that say "not now" rather than "no": worth asking again later. */
const PASSING_CODES = new Set<unknown>(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE', 'TOO_MANY_REQUESTS']);

/** The wait before the next try after `failures` failures in a row (1 or more): doubling, bounded. */
export function retryDelay(failures: number, timing: RetryTiming = READ_AHEAD_TIMING): number {
  return Math.min(timing.maxDelayMs, timing.firstDelayMs * 2 ** Math.max(0, failures - 1));
}

/** Whether a failed read may succeed if asked again: no answer (offline, cut, timed out), a 5xx, or a server saying it is busy or down. */
export function isPassingFailure(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return error.errors.length > 0 && error.errors.every((e) => PASSING_CODES.has(e.extensions?.code));
  if (ServerError.is(error)) return error.statusCode >= 500 || error.statusCode === 429;
  return true;
}

/** What the retrying read needs of the browser: timers, whether it is offline, and the `online` event. */
export interface RetryEnvironment {
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  isOffline(): boolean;
  /** Calls `listener` whenever the network comes back; returns how to stop listening. */
  onOnline(listener: () => void): () => void;
}

const browserEnvironment: RetryEnvironment = {
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  isOffline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
  onOnline: (listener) => {
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  },
};

export interface RetryingRead {
  /** Tries now, unless a try is under way or the read has already succeeded (or was refused). */
  start(): void;
  /** Stops for good: no more tries, and a try under way is cut. */
  stop(): void;
}

/**
 * Runs `read` (given a signal that is aborted on timeout or stop) until it succeeds. A failure that
 * may pass is tried again after retryDelay, or at once when the network comes back; while the
 * browser says it is offline a due try waits for the network. Never two tries at once.
 */
export function retryingRead(read: (signal: AbortSignal) => Promise<void>, timing: RetryTiming = READ_AHEAD_TIMING, env: RetryEnvironment = browserEnvironment): RetryingRead {
  let state: 'idle' | 'reading' | 'waiting' | 'finished' = 'idle';
  let failures = 0;
  let timer: unknown = null;
  let running: AbortController | null = null;

  const clearPending = () => {
    if (timer !== null) env.clearTimer(timer);
    timer = null;
  };

  const attempt = () => {
    if (state === 'reading' || state === 'finished') return;
    clearPending();
    if (env.isOffline()) {
      state = 'waiting';
      return;
    }
    state = 'reading';
    const controller = new AbortController();
    running = controller;
    const timeout = env.setTimer(() => controller.abort(), timing.timeoutMs);
    read(controller.signal).then(
      () => {
        env.clearTimer(timeout);
        if (running !== controller) return;
        running = null;
        state = 'finished';
        stopListening();
      },
      (error: unknown) => {
        env.clearTimer(timeout);
        if (running !== controller) return;
        running = null;
        if (!controller.signal.aborted && !isPassingFailure(error)) {
          state = 'finished';
          stopListening();
          return;
        }
        failures += 1;
        state = 'waiting';
        timer = env.setTimer(attempt, retryDelay(failures, timing));
      },
    );
  };

  const onOnline = () => {
    if (state === 'waiting') attempt();
  };
  const stopListening = env.onOnline(onOnline);

  return {
    start: () => {
      if (state === 'idle') attempt();
    },
    stop: () => {
      if (state === 'finished') return;
      state = 'finished';
      clearPending();
      stopListening();
      running?.abort();
      running = null;
    },
  };
}
