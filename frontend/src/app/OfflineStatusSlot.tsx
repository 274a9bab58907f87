import { lazy, Suspense } from 'react';

/** Fetched after a signed-in screen's first render: the signed-out pages, and a first paint, go without it. */
const OfflineStatus = lazy(() => import('../features/offline/components/OfflineStatus'));

/**
 * The header's offline status and the work behind it (sending the changes recorded offline, keeping
 * the local copy of the products), for the signed-in. It draws nothing while online with nothing waiting.
 */
export function OfflineStatusSlot({ compact }: { compact: boolean }) {
  return (
    <Suspense fallback={null}>
      <OfflineStatus compact={compact} />
    </Suspense>
  );
}
