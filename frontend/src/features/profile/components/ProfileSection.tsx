import { Card, H2 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** One titled card of the profile pages, announced as a region by its title. */
export function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const titleId = `${id}-title`;
  return (
    <Card className="profile-section" role="region" aria-labelledby={titleId}>
      <H2 id={titleId} className="profile-section__title">
        {title}
      </H2>
      {children}
    </Card>
  );
}
