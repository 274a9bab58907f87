import { AuthMessages } from '@stockroom/schema';
import { DomainError, UnauthenticatedError } from '../common/errors';

/** The warning a wrong password carries once the lock is near: the attempts left (0 when this one locked) and the lock's length. */
export interface LockoutWarning {
  attemptsLeft: number;
  lockoutSeconds: number;
}

export class InvalidCredentialsError extends UnauthenticatedError {
  constructor(warning?: LockoutWarning) {
    super(AuthMessages.invalidCredentials);
    if (warning) this.details = { ...warning };
  }
}

export class AccountLockedError extends DomainError {
  /** `retryAfterSeconds`: how long the lock still lasts. */
  constructor(retryAfterSeconds: number) {
    super('ACCOUNT_LOCKED', AuthMessages.accountLocked);
    this.details = { retryAfterSeconds };
  }
}

export class AccountInactiveError extends DomainError {
  constructor() {
    super('ACCOUNT_INACTIVE', AuthMessages.accountInactive);
  }
}
