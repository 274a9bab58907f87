import { IdempotencyMessages } from '@stockroom/schema';
import { DomainError, ValidationError } from '../common/errors';

/** A key that is blank, too long, or not visible ASCII: 400. */
export class InvalidIdempotencyKeyError extends ValidationError {
  constructor() {
    super({ idempotencyKey: IdempotencyMessages.invalidKey });
  }
}

/** The same key sent again with a different request: 422, as the IETF draft says; nothing is written. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super('IDEMPOTENCY_KEY_REUSED', IdempotencyMessages.reused);
  }
}
