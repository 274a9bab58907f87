import { Classes } from '@blueprintjs/core';
import { WORKSPACE_ROLE_SUMMARIES, type WorkspaceRole } from '@stockroom/schema';

export interface InvitationSummaryProps {
  invitedBy: string | null;
  workspaceName: string;
  role: WorkspaceRole;
  email: string;
}

const roleName = (role: WorkspaceRole) => role.charAt(0) + role.slice(1).toLowerCase();

/** Who invites whom to which workspace, and what the role lets them do there. */
export function InvitationSummary({ invitedBy, workspaceName, role, email }: InvitationSummaryProps) {
  return (
    <div>
      <p>
        {invitedBy ?? 'Someone'} invited you to <strong>{workspaceName}</strong> as <strong>{roleName(role)}</strong>.
      </p>
      <p className={Classes.TEXT_MUTED}>{WORKSPACE_ROLE_SUMMARIES[role]}.</p>
      <p>
        This invitation is for <strong>{email}</strong>.
      </p>
    </div>
  );
}
