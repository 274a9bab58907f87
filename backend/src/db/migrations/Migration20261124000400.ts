import { Migration } from '@mikro-orm/migrations';

/**
 * The dashboard's "Needs reordering" count: products at or under their
 * reorder level, out of stock ones included (0 <= quantity <= reorder_level),
 * kept in the catalogue totals by the same trigger as the other figures, so
 * the overview reads one row however large the catalogue. The products
 * themselves are the partial index `products_owner_low_stock_idx` already.
 */
const TRIGGER_WITH = (due: boolean) => `create or replace function catalogue_stats_apply() returns trigger language plpgsql as $$
declare
  r record;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    for r in select owner_id, count(*) as products, count(*) filter (where quantity > 0) as stocked,
               count(*) filter (where quantity > 0 and quantity <= reorder_level) as low,${due ? `
               count(*) filter (where quantity <= reorder_level) as due,` : ''} sum(price * quantity) as value
             from new_rows group by owner_id loop
      insert into catalogue_stats as s (owner_id, total_products, in_stock, low_stock,${due ? ' reorder_due,' : ''} inventory_value, changes)
      values (r.owner_id, r.products, r.stocked, r.low,${due ? ' r.due,' : ''} r.value, 1)
      on conflict (owner_id) do update set total_products = s.total_products + excluded.total_products,
        in_stock = s.in_stock + excluded.in_stock, low_stock = s.low_stock + excluded.low_stock,${due ? `
        reorder_due = s.reorder_due + excluded.reorder_due,` : ''}
        inventory_value = s.inventory_value + excluded.inventory_value, changes = s.changes + 1;
    end loop;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    for r in select owner_id, count(*) as products, count(*) filter (where quantity > 0) as stocked,
               count(*) filter (where quantity > 0 and quantity <= reorder_level) as low,${due ? `
               count(*) filter (where quantity <= reorder_level) as due,` : ''} sum(price * quantity) as value
             from old_rows group by owner_id loop
      update catalogue_stats set total_products = total_products - r.products, in_stock = in_stock - r.stocked,
        low_stock = low_stock - r.low,${due ? ' reorder_due = reorder_due - r.due,' : ''} inventory_value = inventory_value - r.value, changes = changes + 1 where owner_id = r.owner_id;
    end loop;
  end if;
  return null;
end $$;`;

export class Migration20261124000400 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "catalogue_stats" add column "reorder_due" int not null default 0;`);
    this.addSql(TRIGGER_WITH(true));
    this.addSql(`update "catalogue_stats" as s set "reorder_due" =
      (select count(*) from "products" as p where p."owner_id" = s."owner_id" and p."quantity" <= p."reorder_level");`);
  }

  override async down(): Promise<void> {
    this.addSql(TRIGGER_WITH(false));
    this.addSql(`alter table "catalogue_stats" drop column "reorder_due";`);
  }
}
