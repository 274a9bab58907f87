import { MAX_PASSKEYS_PER_ACCOUNT, SecondFactorMessages } from '@stockroom/schema';
import { ConflictError, NotFoundError, UnauthenticatedError } from '../../common/errors';
import type { LockoutWarning } from '../auth.errors';

/**
 * A passkey sign-in (or second factor) whose answer does not check out:
 * forged, signed for another site, by an unknown passkey or another
 * account's. 401, with the lock's warning as a wrong password has it.
 */
export class PasskeyInvalidError extends UnauthenticatedError {
  constructor(warning?: LockoutWarning) {
    super(SecondFactorMessages.passkeyInvalid);
    if (warning) this.details = { ...warning };
  }
}

/** A sign-in's passkey answer to a challenge unknown, answered already or expired: ask for new options. */
export class PasskeyChallengeExpiredError extends UnauthenticatedError {
  constructor() {
    super(SecondFactorMessages.passkeyChallengeExpired);
  }
}

export class PasskeyNotFoundError extends NotFoundError {
  constructor() {
    super(SecondFactorMessages.passkeyNotFound);
  }
}

export class PasskeyAlreadyAddedError extends ConflictError {
  constructor() {
    super(SecondFactorMessages.passkeyAlreadyAdded);
  }
}

export class TooManyPasskeysError extends ConflictError {
  constructor() {
    super(SecondFactorMessages.tooManyPasskeys(MAX_PASSKEYS_PER_ACCOUNT));
  }
}
