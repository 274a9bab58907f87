import { Migration } from '@mikro-orm/migrations';

/** Products: the catalogue table, its limits and the indexes its queries use. */
export class Migration20261121141024 extends Migration {

  override async up(): Promise<void> {
    // Trigram indexes for substring search (shipped with PostgreSQL as a contrib extension).
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create table "products" ("id" uuid not null, "owner_id" uuid not null, "name" varchar(100) not null, "description" varchar(1000) not null, "price" numeric(10,2) not null, "category" varchar(50) not null, "quantity" int not null, "image_url" varchar(500) null, "featured" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, constraint "products_pkey" primary key ("id"), constraint "products_quantity_check" check ("quantity" >= 0 and "quantity" <= 100000), constraint "products_price_check" check ("price" >= 0.01 and "price" <= 999999.99));`);
    this.addSql(`create index "products_description_trgm_idx" on "products" using gin ("description" gin_trgm_ops);`);
    this.addSql(`create index "products_name_trgm_idx" on "products" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "products_owner_stock_idx" on "products" ("owner_id") include ("quantity", "price");`);
    this.addSql(`create index "products_owner_featured_idx" on "products" ("owner_id", "created_at") where "featured";`);
    this.addSql(`create index "products_owner_category_idx" on "products" ("owner_id", "category");`);
    this.addSql(`create index "products_owner_price_idx" on "products" ("owner_id", "price", "id");`);
    this.addSql(`create index "products_owner_name_idx" on "products" ("owner_id", lower("name"), "id");`);
    this.addSql(`create index "products_owner_created_idx" on "products" ("owner_id", "created_at", "id");`);

    this.addSql(`alter table "products" add constraint "products_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "products" cascade;`);
  }

}
