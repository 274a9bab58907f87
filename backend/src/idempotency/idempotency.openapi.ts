import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_RETENTION_HOURS, IdempotencyMessages } from '@stockroom/schema';
import { errorResponse } from '../rest/openapi-helpers';

/** The Idempotency-Key header every stock-writing POST takes. */
export const idempotencyKeyParam = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description: `A key of the caller's choosing (a UUID, say), bare or quoted as the IETF draft writes it, kept ${IDEMPOTENCY_KEY_RETENTION_HOURS} hours per caller and workspace with a hash of the request and its answer. The same key with the same request answers the first answer again (same status and body) and writes nothing; with a different request it is a 422. A repeat sent while the first is still running waits for it. A request that fails keeps no key.`,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
};

/** What a keyed request may answer beside its own answers. */
export const idempotencyAnswers = { 422: errorResponse(`${IdempotencyMessages.reused} (code IDEMPOTENCY_KEY_REUSED)`) };
