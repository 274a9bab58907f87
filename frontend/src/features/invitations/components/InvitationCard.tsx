import { Card, H1 } from '@blueprintjs/core';
import { EnvelopeIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';

export interface InvitationCardProps {
  title: string;
  children: ReactNode;
}

/** The centred card the invitation's states are drawn in, the same frame as the sign-in screen's. */
export function InvitationCard({ title, children }: InvitationCardProps) {
  return (
    <div className="auth-layout">
      <Card className="auth-card" elevation={1}>
        <div className="auth-card__header">
          <span className="auth-card__icon" aria-hidden="true">
            <EnvelopeIcon size={22} />
          </span>
          <H1 className="auth-card__title">{title}</H1>
        </div>
        <div className="auth-form">{children}</div>
      </Card>
    </div>
  );
}
