import { Migration } from '@mikro-orm/migrations';

/**
 * Low-stock emails: each user's choice (NEVER for every existing account, so
 * nobody starts getting mail they did not ask for; the digest's local hour and
 * time zone), and the crossings kept for them: sent at once, or waiting for
 * the daily digest.
 */
export class Migration20261126010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "notification_settings" ("user_id" uuid not null, "low_stock_emails" text check ("low_stock_emails" in ('NEVER', 'IMMEDIATE', 'DAILY_DIGEST')) not null default 'NEVER', "digest_hour" smallint not null default 8, "time_zone" varchar(64) null, "last_digest_at" timestamptz null, "updated_at" timestamptz not null default now(), constraint "notification_settings_pkey" primary key ("user_id"), constraint notification_settings_digest_hour_check check ("digest_hour" >= 0 and "digest_hour" <= 23));`,
    );
    this.addSql(`alter table "notification_settings" add constraint "notification_settings_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(
      `create table "stock_alerts" ("id" uuid not null, "event_id" varchar(100) not null, "user_id" uuid not null, "product_id" uuid not null, "product_name" varchar(100) not null, "kind" text check ("kind" in ('LOW_STOCK', 'OUT_OF_STOCK')) not null, "quantity" int not null, "occurred_at" timestamptz not null, "sent_at" timestamptz null, constraint "stock_alerts_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "stock_alerts" add constraint "stock_alerts_event_id_unique" unique ("event_id");`);
    this.addSql(`create index "stock_alerts_pending_idx" on "stock_alerts" ("user_id", "occurred_at") where "sent_at" is null;`);
    this.addSql(`alter table "stock_alerts" add constraint "stock_alerts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stock_alerts" cascade;`);
    this.addSql(`drop table if exists "notification_settings" cascade;`);
  }
}
