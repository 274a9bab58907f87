-- Each workspace's running totals (`catalogue_stats`), counting live rows only, so
-- stats and unfiltered list counts read one row however large the catalogue.
-- A statement-level trigger with transition tables: a write of many rows
-- updates each workspace's totals once. It adds the live rows of NEW and
-- subtracts the live rows of OLD, so moving a product to the trash
-- subtracts it, restoring adds it back and purging a trashed row changes
-- nothing. `changes` counts the writes, so a count remembered at one value is
-- known to be exact while it holds. Removals only UPDATE: when a workspace is
-- deleted its row may already be gone, and must not come back.
-- `reorder_due` counts the products at or under their reorder level, out of
-- stock ones included: the dashboard's "Needs reordering".
create or replace function catalogue_stats_apply() returns trigger
language plpgsql
as $$
declare
  r record;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    for r in select workspace_id, count(*) as products, count(*) filter (where stock_status(quantity, reorder_level) <> 'OUT_OF_STOCK') as stocked,
               count(*) filter (where stock_status(quantity, reorder_level) = 'LOW_STOCK') as low,
               count(*) filter (where quantity <= reorder_level) as due, sum(price * quantity) as value
             from new_rows where deleted_at is null group by workspace_id loop
      insert into catalogue_stats as s (workspace_id, total_products, in_stock, low_stock, reorder_due, inventory_value, changes)
      values (r.workspace_id, r.products, r.stocked, r.low, r.due, r.value, 1)
      on conflict (workspace_id) do update set total_products = s.total_products + excluded.total_products,
        in_stock = s.in_stock + excluded.in_stock, low_stock = s.low_stock + excluded.low_stock,
        reorder_due = s.reorder_due + excluded.reorder_due,
        inventory_value = s.inventory_value + excluded.inventory_value, changes = s.changes + 1;
    end loop;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    for r in select workspace_id, count(*) as products, count(*) filter (where stock_status(quantity, reorder_level) <> 'OUT_OF_STOCK') as stocked,
               count(*) filter (where stock_status(quantity, reorder_level) = 'LOW_STOCK') as low,
               count(*) filter (where quantity <= reorder_level) as due, sum(price * quantity) as value
             from old_rows where deleted_at is null group by workspace_id loop
      update catalogue_stats set total_products = total_products - r.products, in_stock = in_stock - r.stocked,
        low_stock = low_stock - r.low, reorder_due = reorder_due - r.due, inventory_value = inventory_value - r.value, changes = changes + 1
      where workspace_id = r.workspace_id;
    end loop;
  end if;
  return null;
end
$$;

create or replace trigger products_stats_insert after insert on products
  referencing new table as new_rows for each statement execute function catalogue_stats_apply();
create or replace trigger products_stats_update after update on products
  referencing old table as old_rows new table as new_rows for each statement execute function catalogue_stats_apply();
create or replace trigger products_stats_delete after delete on products
  referencing old table as old_rows for each statement execute function catalogue_stats_apply();
