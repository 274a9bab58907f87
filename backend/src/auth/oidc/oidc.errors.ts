import { onlyWayInMessage, SingleSignOnErrors, SingleSignOnMessages, type SingleSignOnErrorCode } from '@stockroom/schema';
import { ConflictError, DomainError, NotFoundError } from '../../common/errors';

/**
 * A single sign-on the server refused, named by its reason; the browser is sent
 * back to the sign-in page (or the profile, for a link) with the reason's code.
 */
export class SingleSignOnRefusedError extends DomainError {
  constructor(
    readonly reason: SingleSignOnErrorCode,
    /** What the browser was doing: where it is sent back to. */
    readonly intent: 'sign-in' | 'link',
  ) {
    super('FORBIDDEN', SingleSignOnErrors[reason]);
  }
}

/** Single sign-on is not configured: its routes are not there. */
export class SingleSignOnOffError extends NotFoundError {}

/** Unlinking the provider that is the account's only way in (singleSignOnIsOnlyWayIn). */
export class OnlyWayInError extends ConflictError {
  constructor(provider: string) {
    super(onlyWayInMessage(provider));
  }
}

export class NotLinkedError extends NotFoundError {
  constructor() {
    super(SingleSignOnMessages.notLinked);
  }
}
