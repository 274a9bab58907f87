import { Migration } from '@mikro-orm/migrations';

/**
 * Rate-limit counters are written by every signed-in request. Unlogged, a
 * count writes no WAL, so its commit never waits for a disk flush and the
 * requests of one busy session are not queued behind each other's flushes.
 * What is given up: after a crash of PostgreSQL the counters start from zero
 * (and a standby has none), which for windows of at most an hour is a
 * fresh window early; lockouts live in sign_in_attempts, which stays logged.
 */
export class Migration20261126020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "rate_limit_buckets" set unlogged;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "rate_limit_buckets" set logged;`);
  }
}
