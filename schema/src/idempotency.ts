/**
 * Exactly-once stock writes: a request that records stock may carry an
 * idempotency key (the `Idempotency-Key` header over REST, an
 * `idempotencyKey` argument over GraphQL). The server keeps the key, the
 * caller, the workspace, a hash of the request and its answer; the same key
 * with the same request answers that answer again and writes nothing.
 */

/** The header of the IETF draft "The Idempotency-Key HTTP Header Field". */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A key is kept at least this long; after it, the same key is a new request. */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;

/** The longest key taken: a UUID is 36 characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** Visible ASCII only, as a header value can carry it; the draft's quoted form ("...") is taken too, without its quotes. */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7E]+$';

export const IdempotencyMessages = {
  invalidKey: `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`,
  /** The same key sent again with another request (422). */
  reused: `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request`,
} as const;
