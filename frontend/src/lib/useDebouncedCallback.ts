import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface Debounced<A extends unknown[]> {
  /** Calls the function `delayMs` after the last schedule, with the last arguments. */
  schedule(...args: A): void;
  /** Runs a pending call now. */
  flush(): void;
  /** Forgets a pending call. */
  cancel(): void;
}

/**
 * A debounced call whose timer the caller controls: a search box cancels it
 * when the URL changes underneath it (back button), so a stale term is never
 * written back. The latest `fn` is always the one called.
 */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, delayMs: number): Debounced<A> {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<A | null>(null);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
  }, []);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const args = pending.current;
    pending.current = null;
    if (args) fnRef.current(...args);
  }, []);

  const schedule = useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      pending.current = args;
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  useEffect(() => cancel, [cancel]);
  return useMemo(() => ({ schedule, flush, cancel }), [schedule, flush, cancel]);
}
