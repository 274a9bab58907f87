import { TooManyRequestsError } from './errors';

/** How soon a refused caller is told to try again: heavy work runs for seconds to minutes, so sooner would only be refused again. */
export const HEAVY_WORK_RETRY_AFTER_SECONDS = 5;

/**
 * How much heavy work the database pool allows at once. Heavy work (an
 * import's transaction, an export's cursor) holds its pool connection for
 * seconds to minutes, where an ordinary request holds one for milliseconds.
 * Were every connection held, ordinary requests would wait out the acquire
 * timeout, and those timeouts open the outage breaker, which then answers 503
 * to everyone. So heavy work together takes at most half the pool, the other
 * half kept for ordinary requests, and each kind at most half of that share,
 * so a burst of one kind cannot shut the other out. A pool of one connection
 * has none to keep back: its heavy work shares it.
 */
export function heavyWorkLimits(poolMax: number): { total: number; perKind: number } {
  const total = Math.max(1, Math.floor(poolMax / 2));
  return { total, perKind: Math.max(1, Math.floor(total / 2)) };
}

/** Heavy work of every kind running now: one process serves from one pool. */
let runningAll = 0;

/**
 * One kind of heavy work and its slots. Past them the caller is refused at
 * once, not queued: a queued import or export would hold its request (and an
 * upload its memory) for minutes. The refusal is a 429 with Retry-After, not
 * a 503: a proxy takes a 503 for a failing instance (nginx, with max_fails=1,
 * sends it nothing for a few seconds), where only its heavy work is full.
 */
export class HeavyWork {
  private running = 0;

  /** `busyMessage`: what a refused caller is told. */
  constructor(private readonly busyMessage: string) {}

  /** Refuses now, without taking a slot, when none is free: a request can be turned away before it sends its body. */
  assertSlotFree(poolMax: number): void {
    const { total, perKind } = heavyWorkLimits(poolMax);
    if (this.running >= perKind || runningAll >= total) throw new TooManyRequestsError(this.busyMessage, HEAVY_WORK_RETRY_AFTER_SECONDS);
  }

  /** Runs `work` in a slot of this kind, given back when it settles; TooManyRequestsError when none is free. */
  async run<T>(poolMax: number, work: () => Promise<T>): Promise<T> {
    this.assertSlotFree(poolMax);
    this.running += 1;
    runningAll += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      runningAll -= 1;
    }
  }
}
