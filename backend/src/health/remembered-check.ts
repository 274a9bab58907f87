import type { StorageCheck } from './health.service';

export interface RememberOptions {
  /** How long a passed check stands: a load balancer polling every second should not cost the store a request each time. */
  passedForMs: number;
  /** How long a failed one stands: short, so a store that is back is noticed at once. */
  failedForMs: number;
  now?: () => number;
}

/**
 * A check whose outcome is kept for a while, and shared by the polls that
 * arrive while it runs: an S3 store is asked (HeadBucket) at most once per
 * `passedForMs` however many instances' probes poll, not once per poll.
 */
export function rememberedCheck(check: StorageCheck, { passedForMs, failedForMs, now = Date.now }: RememberOptions): StorageCheck {
  let outcome: { settled: Promise<void>; until: number } | undefined;
  return {
    check() {
      if (outcome && now() < outcome.until) return outcome.settled;
      const settled = check.check();
      const current = { settled, until: Number.POSITIVE_INFINITY };
      outcome = current;
      settled.then(
        () => (current.until = now() + passedForMs),
        () => (current.until = now() + failedForMs),
      );
      return settled;
    },
  };
}
