import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { ROLES, USER_STATUS } from '@stockroom/schema';
import type { UserDetailsFragment } from '@stockroom/schema/generated/graphql';
import { formatDate } from '../../../lib/format';
import { userRowActions, type UserRowAction } from '../user-row-actions';

export interface UserTableProps {
  users: readonly UserDetailsFragment[];
  viewerId: string;
  /** The id of the row whose change is on its way (its buttons wait). */
  busyId: string | null;
  onAction(user: UserDetailsFragment, action: UserRowAction): void;
}

/** Every account of the page: name, email, role, status, verified, member since, and the row's actions. */
export function UserTable({ users, viewerId, busyId, onAction }: UserTableProps) {
  return (
    <div className="admin-table-frame" tabIndex={0} role="region" aria-label="Users table">
      <HTMLTable className="admin-table" striped aria-label="Users">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Verified</th>
            <th scope="col">Member since</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const actions = userRowActions(user, viewerId);
            return (
              <tr key={user.id} data-user-id={user.id}>
                <td className="admin-table__name">
                  {user.fullName}
                  {user.id === viewerId && (
                    <Tag minimal round className="admin-table__you">
                      You
                    </Tag>
                  )}
                </td>
                <td className="admin-table__email">{user.email}</td>
                <td>
                  <Tag minimal round intent={user.role === ROLES.admin ? 'primary' : 'none'}>
                    {user.role}
                  </Tag>
                </td>
                <td>
                  <Tag minimal round intent={user.status === USER_STATUS.active ? 'success' : 'danger'}>
                    {user.status}
                  </Tag>
                </td>
                <td>{user.emailVerified ? 'Yes' : 'No'}</td>
                <td className="admin-table__date">{formatDate(user.createdAt)}</td>
                <td>
                  <div className="admin-table__actions">
                    {actions.map((action) => (
                      <Button
                        key={action.kind}
                        size="small"
                        variant="outlined"
                        intent={action.kind === 'deactivate' ? 'danger' : 'none'}
                        disabled={busyId === user.id}
                        aria-label={`${action.label}: ${user.fullName}`}
                        onClick={() => onAction(user, action)}
                      >
                        {action.label}
                      </Button>
                    ))}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
