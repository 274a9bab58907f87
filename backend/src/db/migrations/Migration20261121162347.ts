import { Migration } from '@mikro-orm/migrations';

/**
 * The activity log behind the dashboard's recent activity (activity.entity.ts):
 * one row per thing a user did, read newest first for one user.
 */
export class Migration20261121162347 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "activity_log" ("id" bigserial primary key, "user_id" uuid not null, "kind" text check ("kind" in ('account_created', 'signed_in', 'product_created', 'product_updated', 'product_deleted', 'stock_adjusted', 'profile_updated', 'password_changed')) not null, "subject_id" uuid null, "subject" varchar(100) null, "details" jsonb not null default '{}', "created_at" timestamptz not null default now());`);
    this.addSql(`create index "activity_log_user_recent_idx" on "activity_log" ("user_id", "created_at" desc, "id" desc);`);

    this.addSql(`alter table "activity_log" add constraint "activity_log_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "activity_log" cascade;`);
  }
}
