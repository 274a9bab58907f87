import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { isPassingFailure, retryDelay, retryingRead, type RetryEnvironment, type RetryTiming } from './read-retry';

const timing: RetryTiming = { firstDelayMs: 1_000, maxDelayMs: 8_000, timeoutMs: 30_000 };

/** A browser stand-in: timers that run when told, a network switch, and the `online` event. */
function fakeBrowser() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const listeners = new Set<() => void>();
  const network = { offline: false };
  const env: RetryEnvironment = {
    setTimer: (run, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer: (id) => void timers.delete(id as number),
    isOffline: () => network.offline,
    onOnline: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    env,
    goOffline: () => void (network.offline = true),
    /** Moves the clock on by `ms`, running the timers that fall due. */
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers].sort(([, a], [, b]) => a.at - b.at)) {
        if (timer.at > now || !timers.has(id)) continue;
        timers.delete(id);
        timer.run();
      }
    },
    comeOnline() {
      network.offline = false;
      for (const listener of [...listeners]) listener();
    },
    listening: () => listeners.size,
    /** The waits of the timers set now, shortest first. */
    pendingDelays: () => [...timers.values()].map((timer) => timer.at - now).sort((a, b) => a - b),
  };
}

/** A read whose every try is answered by the test; `tries` counts them, `inFlight` the ones unanswered. */
function controlledRead() {
  const answers: Array<{ resolve: () => void; reject: (error: unknown) => void; signal: AbortSignal }> = [];
  const read = (signal: AbortSignal) => new Promise<void>((resolve, reject) => answers.push({ resolve, reject, signal }));
  return {
    read,
    tries: () => answers.length,
    last: () => answers[answers.length - 1],
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const noAnswer = () => new TypeError('Failed to fetch');
const serverError = (statusCode: number) => new ServerError('server', { response: new Response('', { status: statusCode }), bodyText: '', result: undefined } as never);
const graphQLError = (code: string) => new CombinedGraphQLErrors({ errors: [{ message: 'no', extensions: { code } }] });

describe('the read-ahead retry rule', () => {
  it('waits twice as long after each failure in a row, never longer than the bound', () => {
    expect([1, 2, 3, 4, 5, 12].map((failures) => retryDelay(failures, timing))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it('asks again after no answer, a 5xx, a busy or failing server; not after a refusal', () => {
    expect(isPassingFailure(noAnswer())).toBe(true);
    expect(isPassingFailure(serverError(502))).toBe(true);
    expect(isPassingFailure(serverError(429))).toBe(true);
    expect(isPassingFailure(graphQLError('SERVICE_UNAVAILABLE'))).toBe(true);
    expect(isPassingFailure(graphQLError('INTERNAL_SERVER_ERROR'))).toBe(true);
    expect(isPassingFailure(serverError(403))).toBe(false);
    expect(isPassingFailure(graphQLError('FORBIDDEN'))).toBe(false);
    expect(isPassingFailure(graphQLError('CONFLICT'))).toBe(false);
  });

  it('retries a failed read on the backoff until it succeeds, then stops', async () => {
    const browser = fakeBrowser();
    const reads = controlledRead();
    retryingRead(reads.read, timing, browser.env).start();
    reads.last().reject(noAnswer());
    await settle();
    expect(browser.pendingDelays()).toEqual([1_000]);
    browser.advance(1_000);
    expect(reads.tries()).toBe(2);
    reads.last().reject(serverError(503));
    await settle();
    expect(browser.pendingDelays()).toEqual([2_000]);
    browser.advance(2_000);
    reads.last().resolve();
    await settle();
    expect(reads.tries()).toBe(3);
    expect(browser.pendingDelays()).toEqual([]);
    expect(browser.listening()).toBe(0);
    browser.comeOnline();
    expect(reads.tries()).toBe(3);
  });

  it('tries again at once when the network comes back, and never runs two reads at once', async () => {
    const browser = fakeBrowser();
    const reads = controlledRead();
    const reading = retryingRead(reads.read, timing, browser.env);
    reading.start();
    reading.start();
    browser.comeOnline();
    expect(reads.tries()).toBe(1);
    browser.goOffline();
    reads.last().reject(noAnswer());
    await settle();
    // Offline when its time comes: the try waits for the network rather than failing again.
    browser.advance(1_000);
    expect(reads.tries()).toBe(1);
    browser.comeOnline();
    expect(reads.tries()).toBe(2);
    // The network coming back while a read is under way starts no second one.
    browser.comeOnline();
    browser.advance(60_000);
    expect(reads.tries()).toBe(2);
  });

  it('cuts a read with no answer after the timeout and tries again', async () => {
    const browser = fakeBrowser();
    const reads = controlledRead();
    retryingRead(reads.read, timing, browser.env).start();
    const first = reads.last();
    browser.advance(30_000);
    expect(first.signal.aborted).toBe(true);
    first.reject(new DOMException('aborted', 'AbortError'));
    await settle();
    browser.advance(1_000);
    expect(reads.tries()).toBe(2);
  });

  it('gives up on a refusal, and once stopped tries no more', async () => {
    const browser = fakeBrowser();
    const refused = controlledRead();
    retryingRead(refused.read, timing, browser.env).start();
    refused.last().reject(graphQLError('FORBIDDEN'));
    await settle();
    browser.advance(60_000);
    browser.comeOnline();
    expect(refused.tries()).toBe(1);

    const stopped = controlledRead();
    const reading = retryingRead(stopped.read, timing, browser.env);
    reading.start();
    reading.stop();
    expect(stopped.last().signal.aborted).toBe(true);
    stopped.last().reject(noAnswer());
    await settle();
    browser.advance(60_000);
    browser.comeOnline();
    reading.start();
    expect(stopped.tries()).toBe(1);
  });
});
