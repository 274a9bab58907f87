import { Button } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { UserAvatar } from '../../../components/UserAvatar';

export interface AvatarSectionProps {
  fullName: string;
  avatar: string | null;
  /** The upload control (file picker, progress, error). */
  uploader: ReactNode;
  removing: boolean;
  onRemove(): void;
}

/** The current avatar (or initials), a way to upload a new one and Remove avatar. */
export function AvatarSection({ fullName, avatar, uploader, removing, onRemove }: AvatarSectionProps) {
  return (
    <div className="profile-avatar">
      <div className="profile-avatar__current" data-testid="profile-avatar">
        <UserAvatar fullName={fullName} avatar={avatar} size="large" />
      </div>
      <div className="profile-avatar__controls">
        {uploader}
        <Button variant="outlined" icon={<TrashIcon />} disabled={!avatar} loading={removing} onClick={onRemove}>
          Remove avatar
        </Button>
      </div>
    </div>
  );
}
