import { SecondFactorMessages } from '@stockroom/schema';
import { ConflictError, UnauthenticatedError, ValidationError } from '../../common/errors';
import type { LockoutWarning } from '../auth.errors';

/** Sign-in's second step with a wrong, used or replayed code: 401, with the lock's warning as a wrong password has it. */
export class InvalidVerificationCodeError extends UnauthenticatedError {
  constructor(warning?: LockoutWarning) {
    super(SecondFactorMessages.invalidVerificationCode);
    if (warning) this.details = { ...warning };
  }
}

/** Sign-in's second step with a token that is unknown, used or older than 5 minutes: sign in again. */
export class MfaTokenInvalidError extends UnauthenticatedError {
  constructor() {
    super(SecondFactorMessages.mfaTokenInvalid);
  }
}

/**
 * A wrong code (or password) on the profile's own forms: a 400 on the field,
 * not a 401, which would read as a session that ended.
 */
export class WrongCodeError extends ValidationError {}

export class TotpAlreadyOnError extends ConflictError {
  constructor() {
    super(SecondFactorMessages.totpAlreadyOn);
  }
}

export class TotpNotSetUpError extends ConflictError {
  constructor() {
    super(SecondFactorMessages.totpNotSetUp);
  }
}
