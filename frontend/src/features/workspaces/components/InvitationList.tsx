import { Button, Tag } from '@blueprintjs/core';
import { RefreshIcon, TrashIcon } from '@blueprintjs/icons';
import type { InvitationDetailsFragment } from '@stockroom/schema/generated/graphql';
import { formatDate } from '../../../lib/format';

export interface InvitationListProps {
  invitations: readonly InvitationDetailsFragment[];
  /** Whether the caller may resend or revoke this one (an owner's invitation is an owner's to manage). */
  canManage(invitation: InvitationDetailsFragment): boolean;
  busyId: string | null;
  onResend(invitation: InvitationDetailsFragment): void;
  onRevoke(invitation: InvitationDetailsFragment): void;
}

/** The workspace's pending invitations: address, role and when the link stops working; Resend and Revoke where the caller may. */
export function InvitationList({ invitations, canManage, busyId, onResend, onRevoke }: InvitationListProps) {
  if (invitations.length === 0) return <p className="members-section__empty">No invitations are waiting.</p>;
  return (
    <ul className="member-list" aria-label="Pending invitations">
      {invitations.map((invitation) => {
        const busy = busyId === invitation.id;
        return (
          <li key={invitation.id} className="member-list__item">
            <div className="member-list__who">
              <span className="member-list__name">{invitation.email}</span>
              <span className="member-list__joined">Link expires {formatDate(invitation.expiresAt)}</span>
            </div>
            <div className="member-list__actions">
              <Tag minimal round intent="primary">
                {invitation.role}
              </Tag>
              {canManage(invitation) && (
                <>
                  <Button variant="minimal" icon={<RefreshIcon />} aria-label={`Resend the invitation to ${invitation.email}`} disabled={busy} onClick={() => onResend(invitation)} />
                  <Button variant="minimal" intent="danger" icon={<TrashIcon />} aria-label={`Revoke the invitation to ${invitation.email}`} disabled={busy} onClick={() => onRevoke(invitation)} />
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
