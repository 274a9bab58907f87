import { Migration } from '@mikro-orm/migrations';

/**
 * The stock ledger (stock-movement.entity.ts): one row per change of a
 * product's quantity, read newest first for one product. Every existing
 * product gets one INITIAL movement of its whole quantity, by its owner, at
 * its creation, so from the first moment a product's movements sum to its
 * quantity. A migration keeps the numbers it was written with (the note's
 * 200 characters, the quantity's 0 to 100000, the reasons): the
 * schema-constraints test holds them to the shared rules.
 */
export class Migration20261123200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "stock_movements" ("id" bigserial primary key, "product_id" uuid not null, "owner_id" uuid not null, "user_id" uuid null, "delta" int not null, "quantity_after" int not null, "reason" text check ("reason" in ('INITIAL', 'SALE', 'RECEIPT', 'RETURN', 'DAMAGE', 'COUNT', 'CORRECTION', 'IMPORT', 'BULK')) not null, "note" varchar(200) null, "created_at" timestamptz not null default now(), constraint "stock_movements_quantity_after_check" check ("quantity_after" >= 0 and "quantity_after" <= 100000));`);
    this.addSql(`create index "stock_movements_product_recent_idx" on "stock_movements" ("product_id", "id" desc);`);

    this.addSql(`alter table "stock_movements" add constraint "stock_movements_product_id_foreign" foreign key ("product_id") references "products" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "stock_movements" add constraint "stock_movements_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "stock_movements" add constraint "stock_movements_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);

    // Oldest product first, so the ids (the history's order) follow the products' creation.
    this.addSql(`insert into "stock_movements" ("product_id", "owner_id", "user_id", "delta", "quantity_after", "reason", "created_at")
      select "id", "owner_id", "owner_id", "quantity", "quantity", 'INITIAL', "created_at" from "products" order by "created_at", "id";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stock_movements" cascade;`);
  }
}
