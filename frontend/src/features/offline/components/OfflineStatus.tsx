import { Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { waitingLabel } from '../../../lib/offline/change-queue-model';
import { useOffline } from '../../../lib/offline/network-status';
import { useQueuedChanges } from '../../../lib/offline/useQueuedChanges';
import { offlineChangesPath } from '../urls';
import '../offline.css';

export interface OfflineStatusProps {
  compact: boolean;
}

/**
 * The header's word on the network and the queue: "Offline" with no network, how many changes wait
 * to be sent and how many the server refused; a link to the list of them. Nothing when all is sent.
 */
export default function OfflineStatus({ compact }: OfflineStatusProps) {
  const offline = useOffline();
  const { waiting, refused } = useQueuedChanges();
  if (!offline && waiting === 0 && refused === 0) return null;
  const needAttention = `${refused} need${refused === 1 ? 's' : ''} attention`;
  const parts = [offline && 'Offline', waiting > 0 && waitingLabel(waiting), refused > 0 && needAttention].filter(Boolean);
  // On a phone the header has room for one short tag: the link's name says it all.
  const compactText = [offline && 'Offline', waiting > 0 && String(waiting), refused > 0 && `${refused}!`].filter(Boolean).join(' · ');
  return (
    <Link to={offlineChangesPath} className="offline-status" aria-label={`${parts.join(', ')}: see the changes on this device`} data-testid="offline-status">
      {compact ? (
        <Tag intent={refused > 0 ? 'danger' : offline ? 'warning' : 'none'} round>
          {compactText}
        </Tag>
      ) : (
        // The tags' words apart (a space between them), so that the link's name holds what it shows.
        <>
          {offline && (
            <Tag intent="warning" round>
              Offline
            </Tag>
          )}{' '}
          {waiting > 0 && (
            <Tag round minimal data-testid="offline-waiting">
              {waitingLabel(waiting)}
            </Tag>
          )}{' '}
          {refused > 0 && (
            <Tag intent="danger" round data-testid="offline-refused">
              {needAttention}
            </Tag>
          )}
        </>
      )}
    </Link>
  );
}
