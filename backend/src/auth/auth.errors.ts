import { AuthMessages } from '@stockroom/schema';
import { DomainError, UnauthenticatedError } from '../common/errors';

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
