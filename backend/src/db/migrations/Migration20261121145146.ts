import { Migration } from '@mikro-orm/migrations';

/**
 * Catalogue totals kept by triggers, so stats and unfiltered list counts read
 * one row instead of aggregating the whole catalogue on every request; and
 * sort indexes that cover the stock filter, so skipping to a deep page walks
 * only the index.
 */
export class Migration20261121145146 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "catalogue_stats" ("owner_id" uuid not null, "total_products" int not null default 0, "in_stock" int not null default 0, "inventory_value" numeric(20,2) not null default 0, "changes" bigint not null default 0, constraint "catalogue_stats_pkey" primary key ("owner_id"));`);
    this.addSql(`alter table "catalogue_stats" add constraint "catalogue_stats_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`);

    // Statement-level with transition tables: a bulk insert of a million rows updates each owner's totals once, not a million times.
    // `changes` counts the writes, so a count remembered at one value is known to be exact while it holds.
    // Removals only UPDATE: when an owner is deleted their row may already be gone, and must not come back.
    this.addSql(`create function catalogue_stats_apply() returns trigger language plpgsql as $$
declare
  r record;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    for r in select owner_id, count(*) as products, count(*) filter (where quantity > 0) as stocked, sum(price * quantity) as value
             from new_rows group by owner_id loop
      insert into catalogue_stats as s (owner_id, total_products, in_stock, inventory_value, changes)
      values (r.owner_id, r.products, r.stocked, r.value, 1)
      on conflict (owner_id) do update set total_products = s.total_products + excluded.total_products,
        in_stock = s.in_stock + excluded.in_stock, inventory_value = s.inventory_value + excluded.inventory_value, changes = s.changes + 1;
    end loop;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    for r in select owner_id, count(*) as products, count(*) filter (where quantity > 0) as stocked, sum(price * quantity) as value
             from old_rows group by owner_id loop
      update catalogue_stats set total_products = total_products - r.products, in_stock = in_stock - r.stocked,
        inventory_value = inventory_value - r.value, changes = changes + 1 where owner_id = r.owner_id;
    end loop;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger "products_stats_insert" after insert on "products" referencing new table as new_rows for each statement execute function catalogue_stats_apply();`);
    this.addSql(`create trigger "products_stats_update" after update on "products" referencing old table as old_rows new table as new_rows for each statement execute function catalogue_stats_apply();`);
    this.addSql(`create trigger "products_stats_delete" after delete on "products" referencing old table as old_rows for each statement execute function catalogue_stats_apply();`);
    this.addSql(`insert into catalogue_stats (owner_id, total_products, in_stock, inventory_value)
      select owner_id, count(*), count(*) filter (where quantity > 0), sum(price * quantity) from products group by owner_id;`);

    this.addSql(`drop index "products_owner_stock_idx";`);
    for (const [name, columns] of [
      ['products_owner_created_idx', '("owner_id", "created_at", "id") include ("quantity")'],
      ['products_owner_name_idx', '("owner_id", lower("name"), "id") include ("name", "quantity")'],
      ['products_owner_price_idx', '("owner_id", "price", "id") include ("quantity")'],
      ['products_owner_category_idx', '("owner_id", "category") include ("quantity")'],
    ]) {
      this.addSql(`drop index "${name}";`);
      this.addSql(`create index "${name}" on "products" ${columns};`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "products_stats_insert" on "products";`);
    this.addSql(`drop trigger "products_stats_update" on "products";`);
    this.addSql(`drop trigger "products_stats_delete" on "products";`);
    this.addSql(`drop function catalogue_stats_apply();`);
    this.addSql(`drop table if exists "catalogue_stats" cascade;`);
    this.addSql(`create index "products_owner_stock_idx" on "products" ("owner_id") include ("quantity", "price");`);
  }
}
