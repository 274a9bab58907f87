import { InvitationMessages } from '@stockroom/schema';
import { ConflictError, ForbiddenError, GoneError, NotFoundError } from '../common/errors';

/** No pending invitation of this workspace has the id (never was, accepted or revoked). */
export class InvitationNotFoundError extends NotFoundError {
  constructor() {
    super(InvitationMessages.notFound);
  }
}

/** The address already belongs to a member: there is nobody to invite. */
export class AlreadyMemberError extends ConflictError {
  constructor() {
    super(InvitationMessages.alreadyMember, { email: InvitationMessages.alreadyMember });
  }
}

/** Only the account with the invited address may accept: the link may have been forwarded. */
export class InvitationForAnotherEmailError extends ForbiddenError {
  constructor() {
    super(InvitationMessages.otherEmail);
  }
}

/** A link that was used, revoked, renewed, has expired or never existed: one answer for all, so a guess learns nothing. */
export class InvitationGoneError extends GoneError {
  constructor() {
    super(InvitationMessages.noLongerValid);
  }
}
