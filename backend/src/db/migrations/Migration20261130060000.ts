import { Migration } from '@mikro-orm/migrations';

/**
 * Stock counts and exactly-once stock writes. `stock_counts` are stocktake
 * sessions over a scope; `stock_count_lines` their lines, each with the
 * ledger position its counter had seen (the product and location carry no
 * foreign key: a line outlives either, and approval reports it).
 * `idempotency_keys` keeps, per workspace, caller and key, a hash of a
 * stock write's request and its answer, so a repeat is answered without
 * being written again. All three carry a workspace_id and get the policy
 * every workspace-owned table has; their indexes lead with it.
 */

/** The statuses as this migration writes them, spelt out so the migration never changes under an existing database. */
const COUNT_STATUSES = `'OPEN', 'IN_REVIEW', 'APPROVED', 'CANCELLED'`;
const LINE_STATUSES = `'PENDING', 'BOOKED', 'NOT_CHOSEN', 'PRODUCT_DELETED', 'LOCATION_DELETED', 'BELOW_ZERO', 'OVER_MAXIMUM', 'REPLACED', 'CANCELLED'`;
const TABLES = ['stock_counts', 'stock_count_lines', 'idempotency_keys'] as const;

export class Migration20261130060000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "stock_counts" ("id" uuid not null, "workspace_id" uuid not null, "status" text check ("status" in (${COUNT_STATUSES})) not null, "blind" boolean not null default false, "location_id" uuid null, "category" varchar(50) null, "created_by_id" uuid null, "created_at" timestamptz not null default now(), "submitted_at" timestamptz null, "closed_at" timestamptz null, "closed_by_id" uuid null, constraint "stock_counts_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "stock_counts_workspace_recent_idx" on "stock_counts" ("workspace_id", "created_at" desc, "id" desc);`);
    this.addSql(
      `create table "stock_count_lines" ("id" uuid not null, "workspace_id" uuid not null, "count_id" uuid not null, "product_id" uuid not null, "location_id" uuid not null, "quantity" int not null, "ledger_position" bigint not null, "counted_at" timestamptz not null, "counted_by_id" uuid null, "replaces_id" uuid null, "status" text check ("status" in (${LINE_STATUSES})) not null default 'PENDING', "movement_id" bigint null, "uncounted" boolean not null default false, "created_at" timestamptz not null default now(), constraint "stock_count_lines_pkey" primary key ("id"), constraint stock_count_lines_ledger_position_check check ("ledger_position" >= 0), constraint stock_count_lines_quantity_check check ("quantity" >= 0 and "quantity" <= 100000));`,
    );
    this.addSql(`create index "stock_count_lines_count_idx" on "stock_count_lines" ("workspace_id", "count_id", "product_id", "location_id");`);
    this.addSql(
      `create table "idempotency_keys" ("workspace_id" uuid not null, "user_id" uuid not null, "key" varchar(255) not null, "request_hash" varchar(64) not null, "answer" text null, "created_at" timestamptz not null default now(), constraint "idempotency_keys_pkey" primary key ("workspace_id", "user_id", "key"));`,
    );
    this.addSql(`alter table "stock_counts" add constraint "stock_counts_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "stock_counts" add constraint "stock_counts_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "stock_counts" add constraint "stock_counts_closed_by_id_foreign" foreign key ("closed_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "stock_count_lines" add constraint "stock_count_lines_count_id_foreign" foreign key ("count_id") references "stock_counts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "stock_count_lines" add constraint "stock_count_lines_counted_by_id_foreign" foreign key ("counted_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "stock_count_lines" add constraint "stock_count_lines_replaces_id_foreign" foreign key ("replaces_id") references "stock_count_lines" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "idempotency_keys" add constraint "idempotency_keys_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "idempotency_keys" add constraint "idempotency_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    for (const table of TABLES) {
      this.addSql(`alter table "${table}" enable row level security;`);
      this.addSql(`create policy "${table}_workspace" on "${table}" using ("workspace_id" = current_workspace_id()) with check ("workspace_id" = current_workspace_id());`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "idempotency_keys";`);
    this.addSql(`drop table if exists "stock_count_lines";`);
    this.addSql(`drop table if exists "stock_counts";`);
  }
}
