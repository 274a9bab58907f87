import type { MikroORM } from '@mikro-orm/postgresql';
import { sweepExpiredAuthState } from '../auth/housekeeping';
import { dropExpiredBulkEdits } from '../products/bulk/product-bulk.service';
import { purgeExpiredIdempotencyKeys } from '../idempotency/exactly-once';
import { purgeExpiredTrash } from '../products/trash/product-trash.service';
import type { QueueDefinition } from '../jobs/job-queue';
import type { UploadStore } from '../storage/upload-store';
import { sweepOrphanUploads } from '../uploads/upload-housekeeping';

export const HOUSEKEEPING_QUEUE = 'housekeeping';

/**
 * Deletes auth state nobody can use any more, products in the trash for 30
 * days, what bulk updates a day old replaced (no Undo offers it), idempotency keys past their retention, and uploads no product or user refers to (a purged product's image
 * among them, on a later run once the grace period has passed), on `cron`: one job per occurrence across all instances. A failed
 * run is retried a few times; the next occurrence picks up what is left anyway.
 */
export function housekeepingQueue(orm: MikroORM, uploads: UploadStore, cron: string): QueueDefinition {
  return {
    name: HOUSEKEEPING_QUEUE,
    cron,
    retry: { retryLimit: 3, retryDelaySeconds: 60 },
    handler: async () => {
      await sweepExpiredAuthState(orm.em.fork());
      await purgeExpiredTrash(orm.em.fork());
      await dropExpiredBulkEdits(orm.em.fork());
      await purgeExpiredIdempotencyKeys(orm.em.fork());
      await sweepOrphanUploads(orm.em.fork(), uploads);
    },
  };
}
