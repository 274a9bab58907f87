import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_RETENTION_HOURS } from '@stockroom/schema';

/** What the `idempotencyKey` argument of every stock-writing mutation says about itself. */
export const IDEMPOTENCY_KEY_ARG = `A key of the caller's choosing (a UUID, say; 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters), kept ${IDEMPOTENCY_KEY_RETENTION_HOURS} hours: the same key with the same arguments answers the first answer again and writes nothing; with other arguments it is an IDEMPOTENCY_KEY_REUSED error. A repeat sent while the first still runs waits for it. The same key as the REST Idempotency-Key header`;
