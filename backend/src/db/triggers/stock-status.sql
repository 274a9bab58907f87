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
