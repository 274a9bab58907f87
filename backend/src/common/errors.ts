import { type ErrorCode, GeneralMessages, isUuid } from '@stockroom/schema';

/**
 * Every rule a service enforces fails with a DomainError. Its code (one of the
 * shared ERROR_CODES) is mapped once to `extensions.code` (GraphQL) and once
 * to an HTTP status (REST); services never know which transport called them.
 */
export type { ErrorCode };

/**
 * Facts about a refusal that a client can act on, beyond its message (how
 * many sign-in attempts are left, how long a lock lasts): sent as fields of
 * the REST body and as GraphQL extensions, a `retryAfterSeconds` also as the
 * REST Retry-After header.
 */
export interface ErrorDetails {
  attemptsLeft?: number;
  lockoutSeconds?: number;
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  /** Set by the errors that have some; see ErrorDetails. */
  details?: ErrorDetails;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Per-field messages: for BAD_USER_INPUT, and for a CONFLICT one field caused (a taken email), so a form shows it on that field. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(fields: Record<string, string>, message = Object.values(fields)[0]) {
    super('BAD_USER_INPUT', message, fields);
  }
}

/** Throws a ValidationError carrying every failing field, if any failed. */
export function assertValid(errors: Record<string, string>): void {
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Every id in the app is a UUID; anything else is refused before it reaches the database. */
export class InvalidIdError extends ValidationError {
  constructor() {
    super({ id: GeneralMessages.invalidId });
  }
}

/**
 * A caller's id in the one spelling the database returns (lower case), or
 * InvalidIdError. PostgreSQL matches a UUID in any case, but a comparison in
 * code does not: an upper-case spelling of one's own id must still be "self".
 */
export function canonicalId(id: unknown): string {
  if (!isUuid(id)) throw new InvalidIdError();
  return id.toLowerCase();
}

export class UnauthenticatedError extends DomainError {
  constructor(message: string) {
    super('UNAUTHENTICATED', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string = GeneralMessages.resourceNotFound) {
    super('NOT_FOUND', message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, fields?: Record<string, string>) {
    super('CONFLICT', message, fields);
  }
}

/** What the request names existed and can no longer be used (a link used, revoked or expired). */
export class GoneError extends DomainError {
  constructor(message: string) {
    super('GONE', message);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('TOO_MANY_REQUESTS', message);
  }
}

/** The server has no room for the work right now (every slot taken, the queue full); worth retrying after a moment. */
export class ServiceUnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('SERVICE_UNAVAILABLE', message);
  }
}

export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  GONE: 410,
  ACCOUNT_LOCKED: 423,
  ACCOUNT_INACTIVE: 403,
  STEP_UP_REQUIRED: 403,
  SECOND_FACTOR_REQUIRED: 403,
  TOO_MANY_REQUESTS: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** The body a client sees for an error it did not cause: no stack, SQL or library name. */
export const internalError = () => new DomainError('INTERNAL_SERVER_ERROR', GeneralMessages.server);
