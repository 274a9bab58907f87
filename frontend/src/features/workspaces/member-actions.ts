import { keepsAnOwner, roleAllows, WORKSPACE_ROLES, type WorkspaceRole } from '@stockroom/schema';

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

/**
 * Whether the caller may be offered Leave, by the server's rules: not in a personal workspace, which
 * keeps its account, and not as the only owner (keepsAnOwner; 'onlyOwner': the page says how to hand
 * over instead). Undefined while an owner's fellow members are not read yet.
 */
export function leaveOffer(
  myRole: WorkspaceRole,
  personal: boolean,
  members: readonly { role: WorkspaceRole }[] | undefined,
): 'leave' | 'onlyOwner' | 'none' | undefined {
  if (personal) return 'none';
  if (myRole !== 'OWNER') return 'leave';
  if (!members) return undefined;
  return keepsAnOwner(myRole, members.filter((member) => member.role === 'OWNER').length) ? 'leave' : 'onlyOwner';
}
