import { AuthMessages } from '@stockroom/schema';
import { ConflictError, DomainError, UnauthenticatedError, ValidationError } from '../common/errors';

export class InvalidCredentialsError extends UnauthenticatedError {
  constructor() {
    super(AuthMessages.invalidCredentials);
  }
}

export class AccountLockedError extends DomainError {
  constructor() {
    super('ACCOUNT_LOCKED', AuthMessages.accountLocked);
  }
}

export class AccountInactiveError extends DomainError {
  constructor() {
    super('ACCOUNT_INACTIVE', AuthMessages.accountInactive);
  }
}

/** Carries the message as `fields.email` too, so a client puts it on the email field without matching the message's text. */
export class EmailTakenError extends ConflictError {
  constructor() {
    super(AuthMessages.emailTaken, { email: AuthMessages.emailTaken });
  }
}

export class InvalidLinkError extends ValidationError {
  constructor(field: string, message: string) {
    super({ [field]: message }, message);
  }
}
