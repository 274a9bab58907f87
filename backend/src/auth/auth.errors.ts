import { AuthMessages } from '@stockroom/schema';
import { DomainError, UnauthenticatedError, ValidationError } from '../common/errors';

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

export class InvalidLinkError extends ValidationError {
  constructor(field: string, message: string) {
    super({ [field]: message }, message);
  }
}
