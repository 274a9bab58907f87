import { Migration } from '@mikro-orm/migrations';

/**
 * Reorder levels: a product is Low Stock when 0 < quantity <= its reorder
 * level. The catalogue totals count low-stock products too, so the fifth
 * stats card reads one row like the others; the trigger follows changes of
 * the quantity and of the reorder level alike (it recounts old and new rows).
 * A partial index holds the products at or under their level, so the Low
 * Stock filter reads only them, however large the catalogue.
 */
export class Migration20261124000200 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "products" add column "reorder_level" int null;`);
    this.addSql(`alter table "products" add constraint "products_reorder_level_check" check ("reorder_level" >= 0 and "reorder_level" <= 100000);`);
    this.addSql(`create index "products_owner_low_stock_idx" on "products" ("owner_id", "created_at") where "quantity" <= "reorder_level";`);
    this.addSql(`alter table "catalogue_stats" add column "low_stock" int not null default 0;`);
    this.addSql(`create or replace function catalogue_stats_apply() returns trigger language plpgsql as $$
declare
  r record;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    for r in select owner_id, count(*) as products, count(*) filter (where quantity > 0) as stocked,
               count(*) filter (where quantity > 0 and quantity <= reorder_level) as low, sum(price * quantity) as value
             from new_rows group by owner_id loop
      insert into catalogue_stats as s (owner_id, total_products, in_stock, low_stock, inventory_value, changes)
      values (r.owner_id, r.products, r.stocked, r.low, r.value, 1)
      on conflict (owner_id) do update set total_products = s.total_products + excluded.total_products,
        in_stock = s.in_stock + excluded.in_stock, low_stock = s.low_stock + excluded.low_stock,
        inventory_value = s.inventory_value + excluded.inventory_value, changes = s.changes + 1;
    end loop;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    for r in select owner_id, count(*) as products, count(*) filter (where quantity > 0) as stocked,
               count(*) filter (where quantity > 0 and quantity <= reorder_level) as low, sum(price * quantity) as value
             from old_rows group by owner_id loop
      update catalogue_stats set total_products = total_products - r.products, in_stock = in_stock - r.stocked,
        low_stock = low_stock - r.low, inventory_value = inventory_value - r.value, changes = changes + 1 where owner_id = r.owner_id;
    end loop;
  end if;
  return null;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function catalogue_stats_apply() returns trigger language plpgsql as $$
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
    this.addSql(`alter table "catalogue_stats" drop column "low_stock";`);
    this.addSql(`drop index "products_owner_low_stock_idx";`);
    this.addSql(`alter table "products" drop constraint "products_reorder_level_check";`);
    this.addSql(`alter table "products" drop column "reorder_level";`);
  }
}
