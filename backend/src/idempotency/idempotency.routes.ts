import type { Request } from 'express';
import { IDEMPOTENCY_KEY_HEADER } from '@stockroom/schema';

/** The Idempotency-Key header as sent (undefined when absent); the service checks it (exactly-once.ts). */
export const idempotencyKeyHeader = (req: Request): string | undefined => req.get(IDEMPOTENCY_KEY_HEADER);
