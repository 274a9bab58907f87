import { useMemo, useSyncExternalStore } from 'react';
import { countsOf, type QueuedChange } from './change-queue-model';
import { currentAccountId, snapshot, subscribe } from './change-queue';

const NONE: readonly QueuedChange[] = [];

/** The signed-in account's queued changes (oldest first), and how many wait and how many were refused; live. */
export function useQueuedChanges() {
  const all = useSyncExternalStore(subscribe, snapshot, () => NONE);
  return useMemo(() => {
    const accountId = currentAccountId();
    const changes = all.filter((change) => change.accountId === accountId);
    return { changes, ...countsOf(changes, accountId) };
  }, [all]);
}
