import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A fixed-window request counter, in PostgreSQL so every app instance agrees. */
@Entity({ tableName: 'rate_limit_buckets' })
export class RateLimitBucket {
  @PrimaryKey({ length: 300 })
  key!: string;

  @Property()
  windowStart!: Date;

  @Property()
  hits!: number;
}
