import { availableParallelism } from 'node:os';

/**
 * The serving pool's size unless DATABASE_POOL_MAX says otherwise: twice the
 * machine's cores, at least 4. More statements at once than PostgreSQL has
 * cores for only queue in the operating system's scheduler, where the
 * slowest requests wait longer than they would in the pool's own
 * first-come queue, for no more throughput. At least 4 leaves the heavy work
 * (imports, exports) a slot of each kind beside ordinary requests. A
 * database on a larger machine of its own may take a larger pool.
 */
export const defaultDatabasePoolMax = (cores = availableParallelism()): number => Math.max(4, 2 * cores);
