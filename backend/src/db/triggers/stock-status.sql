-- Where a product's stock stands, the one SQL definition (stockStatus in
-- schema/src/stock-status.ts is the TypeScript one; a test holds them to the
-- same table of cases): out at 0, low when above 0 but at or under its reorder
-- level, in stock otherwise (no reorder level: never low). A plain SQL
-- function, so the planner inlines it into the query that calls it.
create or replace function stock_status(quantity integer, reorder_level integer) returns text
language sql immutable parallel safe
as $$
  select case when quantity = 0 then 'OUT_OF_STOCK' when quantity <= reorder_level then 'LOW_STOCK' else 'IN_STOCK' end
$$;

-- The status a change took a product into, when that is low or out of stock
-- and differs from before; null otherwise. The activity's "running low" /
-- "out of stock" entries and the stock.low / stock.out events are this one
-- crossing.
create or replace function stock_crossing(quantity_before integer, reorder_level_before integer, quantity integer, reorder_level integer) returns text
language sql immutable parallel safe
as $$
  select case when stock_status(quantity, reorder_level) <> 'IN_STOCK'
    and stock_status(quantity, reorder_level) <> stock_status(quantity_before, reorder_level_before)
    then stock_status(quantity, reorder_level) end
$$;
