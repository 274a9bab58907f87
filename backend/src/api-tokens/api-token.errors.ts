import { ApiTokenMessages } from '@stockroom/schema';
import { ConflictError, NotFoundError } from '../common/errors';

/** Not one of the caller's tokens (someone else's, revoked already, or never issued): the same answer for each. */
export class ApiTokenNotFoundError extends NotFoundError {
  constructor() {
    super(ApiTokenMessages.notFound);
  }
}

/** The caller already has as many tokens as an account may. */
export class TooManyApiTokensError extends ConflictError {
  constructor() {
    super(ApiTokenMessages.tooMany);
  }
}
