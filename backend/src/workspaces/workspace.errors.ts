import { WorkspaceMessages } from '@stockroom/schema';
import { ConflictError, NotFoundError } from '../common/errors';

/** The last owner may not be demoted, removed, or leave: someone must be able to manage the workspace. */
export class LastOwnerError extends ConflictError {
  constructor() {
    super(WorkspaceMessages.lastOwner);
  }
}

export class PersonalWorkspaceDeleteError extends ConflictError {
  constructor() {
    super(WorkspaceMessages.personalNotDeleted);
  }
}

/** A personal workspace keeps its account as a member for as long as the account exists. */
export class PersonalWorkspaceLeaveError extends ConflictError {
  constructor() {
    super(WorkspaceMessages.personalNotLeft);
  }
}

/** Not a member of the workspace (never was, or gone). */
export class MemberNotFoundError extends NotFoundError {
  constructor() {
    super(WorkspaceMessages.memberNotFound);
  }
}

/** Turning the second-factor requirement on without a factor of one's own would shut its owner out. */
export class OwnerWithoutSecondFactorError extends ConflictError {
  constructor() {
    super(WorkspaceMessages.ownerWithoutSecondFactor);
  }
}
