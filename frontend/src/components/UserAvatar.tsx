import { useState } from 'react';

export interface UserAvatarProps {
  fullName: string;
  avatar?: string | null;
  size?: 'small' | 'large';
}

function initialsOf(fullName: string): string {
  const letters = fullName
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase());
  return (letters.length > 1 ? letters[0]! + letters[letters.length - 1]! : (letters[0] ?? '?')).slice(0, 2);
}

/**
 * The avatar image, or the initials when there is none or it fails to load.
 * The failure is remembered per URL, so a new avatar is tried again.
 */
export function UserAvatar({ fullName, avatar, size = 'small' }: UserAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const className = `user-avatar user-avatar--${size}`;
  if (avatar && avatar !== failedUrl) {
    return <img className={className} src={avatar} alt="" onError={() => setFailedUrl(avatar)} />;
  }
  return (
    <span className={className} aria-hidden="true">
      {initialsOf(fullName)}
    </span>
  );
}
