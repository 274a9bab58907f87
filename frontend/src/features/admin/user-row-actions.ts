import { ROLES, USER_STATUS } from '@stockroom/schema';
import type { UserRole, UserStatus } from '@stockroom/schema/generated/graphql';

export type UserRowAction =
  | { kind: 'role'; role: UserRole; label: 'Make admin' | 'Make member' }
  | { kind: 'deactivate'; label: 'Deactivate' }
  | { kind: 'reactivate'; label: 'Reactivate' };

/**
 * What an admin may do to one row: switch its role, and deactivate or
 * reactivate it. Nothing on their own row: the server refuses an admin's
 * change of their own role or status (an admin could lock themself out).
 */
export function userRowActions(user: { id: string; role: UserRole; status: UserStatus }, viewerId: string): UserRowAction[] {
  if (user.id === viewerId) return [];
  const role: UserRowAction =
    user.role === ROLES.admin ? { kind: 'role', role: ROLES.member, label: 'Make member' } : { kind: 'role', role: ROLES.admin, label: 'Make admin' };
  const status: UserRowAction = user.status === USER_STATUS.active ? { kind: 'deactivate', label: 'Deactivate' } : { kind: 'reactivate', label: 'Reactivate' };
  return [role, status];
}
