import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A fixed-window request counter, in PostgreSQL so every app instance agrees.
 * The table is unlogged: every signed-in request counts, and a counter is not
 * worth a disk flush (after a crash of the database the counts start again).
 */
@Entity({ tableName: 'rate_limit_buckets' })
export class RateLimitBucket {
  @PrimaryKey({ length: 300 })
  key!: string;

  @Property()
  windowStart!: Date;

  @Property()
  hits!: number;
}
