import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks: each user's receivers (URL, events, signing secret, whether on,
 * since when failing) and their delivery log (one row per attempt; the
 * service keeps the newest 100 of each webhook).
 */
export class Migration20261126000100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "webhooks" ("id" uuid not null, "user_id" uuid not null, "url" varchar(2000) not null, "events" text[] not null, "secret" varchar(100) not null, "enabled" boolean not null default true, "failing_since" timestamptz null, "disabled_reason" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "webhooks_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhooks_user_id_index" on "webhooks" ("user_id");`);
    this.addSql(
      `create table "webhook_deliveries" ("id" uuid not null, "webhook_id" uuid not null, "delivery_id" uuid not null, "event_id" uuid not null, "event_type" varchar(32) not null, "body" text not null, "attempt" int not null, "status_code" int null, "error" text null, "duration_ms" int not null, "created_at" timestamptz not null default now(), constraint "webhook_deliveries_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_deliveries_webhook_recent_idx" on "webhook_deliveries" ("webhook_id", "created_at", "id");`);
    this.addSql(`alter table "webhooks" add constraint "webhooks_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_webhook_id_foreign" foreign key ("webhook_id") references "webhooks" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhooks" cascade;`);
  }
}
