import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState, type ComponentType } from 'react';
import type { OfflineStatusProps } from '../features/offline/components/OfflineStatus';
import { afterFirstContent } from '../lib/first-content';
import { useWorkspace } from '../lib/workspace';

/**
 * The header's offline status and the work behind it (features/offline/start-offline.ts: sending the
 * changes recorded offline, keeping the local copy of the workspace's products), for the signed-in.
 * Its code is asked for once the first page's content is on screen, as the user menu's is: neither the
 * page's first render nor its first answers wait for a script its HTML does not name, and the
 * signed-out pages go without it. It renders nothing (and so redraws nothing) until there is something to say.
 */
export function OfflineStatusSlot({ compact }: { compact: boolean }) {
  const client = useApolloClient();
  const workspaceId = useWorkspace().current?.id;
  const [Status, setStatus] = useState<ComponentType<OfflineStatusProps> | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    const cancel = afterFirstContent(
      () =>
        void import('../features/offline/start-offline')
          .then((offline) => {
            if (live) stop = offline.startOffline(client, (status) => setStatus(() => status));
          })
          // Offline before the app's files were kept: nothing was queued on this device yet.
          .catch(() => undefined),
    );
    return () => {
      live = false;
      cancel();
      stop?.();
    };
    // Another workspace: its copy of the products is refreshed.
  }, [client, workspaceId]);
  return Status ? <Status compact={compact} /> : null;
}
