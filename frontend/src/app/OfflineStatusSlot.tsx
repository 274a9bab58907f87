import { lazy, Suspense } from 'react';
import { useAfterPaint } from '../lib/useAfterPaint';

const OfflineStatus = lazy(() => import('../features/offline/components/OfflineStatus'));

/**
 * The header's offline status and the work behind it (sending the changes recorded offline, keeping
 * the local copy of the products), for the signed-in. Its code is asked for once the first render is
 * on screen, as the workspace switcher's is: a page's first render never waits for a script its HTML
 * does not name, and the signed-out pages go without it. It draws nothing while online with nothing waiting.
 */
export function OfflineStatusSlot({ compact }: { compact: boolean }) {
  const painted = useAfterPaint(true);
  return painted ? (
    <Suspense fallback={null}>
      <OfflineStatus compact={compact} />
    </Suspense>
  ) : null;
}
