import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';
import { isWorkspaceRole, type WorkspaceRole } from '@stockroom/schema';
import type { WorkspaceMembersQuery } from '@stockroom/schema/generated/graphql';
import { formatDate } from '../../../lib/format';

export type MemberRow = WorkspaceMembersQuery['members'][number];

export interface MemberListProps {
  members: readonly MemberRow[];
  myUserId: string | undefined;
  /** Whether the caller may change or remove this member. */
  canManage(member: MemberRow): boolean;
  roles: readonly WorkspaceRole[];
  busyUserId: string | null;
  onRoleChange(member: MemberRow, role: WorkspaceRole): void;
  onRemove(member: MemberRow): void;
}

/** The workspace's members: name, email, role and when they joined; a role select and Remove where the caller may. */
export function MemberList({ members, myUserId, canManage, roles, busyUserId, onRoleChange, onRemove }: MemberListProps) {
  return (
    <ul className="member-list">
      {members.map((member) => {
        const name = `${member.user.firstName} ${member.user.lastName}`.trim();
        const manageable = member.user.id !== myUserId && canManage(member);
        const selectId = `member-role-${member.user.id}`;
        return (
          <li key={member.user.id} className="member-list__item">
            <div className="member-list__who">
              <span className="member-list__name">
                {name}
                {member.user.id === myUserId && <span className="member-list__you"> (you)</span>}
              </span>
              <span className="member-list__email">{member.user.email}</span>
              <span className="member-list__joined">Joined {formatDate(member.joinedAt)}</span>
            </div>
            <div className="member-list__actions">
              {manageable ? (
                <>
                  <label className="visually-hidden" htmlFor={selectId}>
                    Role of {name}
                  </label>
                  <HTMLSelect
                    id={selectId}
                    value={member.role}
                    disabled={busyUserId === member.user.id}
                    options={roles.includes(member.role) ? roles : [member.role, ...roles]}
                    onChange={(event) => isWorkspaceRole(event.currentTarget.value) && onRoleChange(member, event.currentTarget.value)}
                  />
                  <Button variant="minimal" intent="danger" icon={<TrashIcon />} aria-label={`Remove ${name}`} disabled={busyUserId === member.user.id} onClick={() => onRemove(member)} />
                </>
              ) : (
                <Tag minimal round intent="primary">
                  {member.role}
                </Tag>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
