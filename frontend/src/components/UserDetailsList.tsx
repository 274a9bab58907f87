import { Tag } from '@blueprintjs/core';
import { ROLES, USER_STATUS } from '@stockroom/schema';
import { formatLongDate } from '../lib/format';

export interface UserDetailsListProps {
  fullName: string;
  email: string;
  role: string;
  status: string;
  createdAt: string;
  emailVerified: boolean;
}

export function UserDetailsList({ fullName, email, role, status, createdAt, emailVerified }: UserDetailsListProps) {
  return (
    <dl className="details-list">
      <div>
        <dt>Full name</dt>
        <dd>{fullName}</dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>
          {email || '—'}{' '}
          {email && (
            <Tag minimal round intent={emailVerified ? 'success' : 'warning'}>
              {emailVerified ? 'Verified' : 'Not verified'}
            </Tag>
          )}
        </dd>
      </div>
      <div>
        <dt>Role</dt>
        <dd>{role || ROLES.member}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <Tag minimal round intent={status === USER_STATUS.active ? 'success' : 'none'}>
            {status}
          </Tag>
        </dd>
      </div>
      <div>
        <dt>Member since</dt>
        <dd>{formatLongDate(createdAt) || '—'}</dd>
      </div>
    </dl>
  );
}
