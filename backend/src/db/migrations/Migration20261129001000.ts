import { Migration } from '@mikro-orm/migrations';

/**
 * A bulk edit can be undone: `bulk_edits` keeps, for each product one bulk
 * update changed, the values it replaced and the version it left, under the
 * edit's batch id. Undo puts the values back where the fields have not
 * changed since, and housekeeping drops what is a day old.
 */
export class Migration20261129001000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "bulk_edits" ("batch" uuid not null, "product_id" uuid not null, "owner_id" uuid not null, "version" int not null, "previous" jsonb not null, "created_at" timestamptz not null default now(), constraint "bulk_edits_pkey" primary key ("batch", "product_id"));`);
    this.addSql(`create index "bulk_edits_created_at_idx" on "bulk_edits" ("created_at");`);
    this.addSql(`create index "bulk_edits_product_id_idx" on "bulk_edits" ("product_id");`);
    this.addSql(`alter table "bulk_edits" add constraint "bulk_edits_product_id_foreign" foreign key ("product_id") references "products" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bulk_edits";`);
  }
}
