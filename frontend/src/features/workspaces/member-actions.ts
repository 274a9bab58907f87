import { roleAllows, WORKSPACE_ROLES, type WorkspaceRole } from '@stockroom/schema';

/**
 * What the caller may do to another member, by the server's rule: admins manage
 * members other than owners, owners manage anyone (and alone make owners).
 */
export function canManageMember(myRole: WorkspaceRole | null, memberRole: WorkspaceRole): boolean {
  if (myRole === null) return false;
  return roleAllows(myRole, memberRole === 'OWNER' ? 'manageWorkspace' : 'manageMembers');
}

/** The roles the caller may give: every one for an owner, all but owner for an admin. */
export function assignableRoles(myRole: WorkspaceRole | null): readonly WorkspaceRole[] {
  if (myRole === null) return [];
  return WORKSPACE_ROLES.filter((role) => canManageMember(myRole, role));
}
