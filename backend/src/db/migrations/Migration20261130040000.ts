import { Migration } from '@mikro-orm/migrations';

/**
 * A stock change and the delete of a location it names no longer cross:
 * stock_levels_shift holds the locations it names before it touches a
 * level, so a write into a location being deleted waits for the delete and
 * is then refused as a missing location (not a bare foreign key error), and
 * a delete that comes second waits for the write and sees its stock.
 * The definition is the one in backend/src/db/triggers/product-history.sql
 * at the time of this migration, copied here so it never changes under an
 * existing database.
 */

/** stock_levels_shift of db/triggers/product-history.sql as this migration applies it. */
const STOCK_LEVELS_SHIFT = `-- Applies \`shifts\` ([{ product, location, workspace, delta, counted }]) to
-- the stock levels. A level that would go below 0 refuses the whole
-- statement with a check violation on stock_levels_quantity_check whose
-- message names the location and whose detail holds { location, available }
-- as JSON, so the app says 'Not enough stock at Back room'. A count at a
-- location (\`counted\`) whose level changed after the count's statement read
-- it is a serialization failure, which the app retries: the level then is
-- exactly what was counted. The caller holds the products' row locks,
-- through which every level change passes, so what it reads here stays true
-- until it commits. Levels are looked up by key, a few rows at a time.
-- The locations it names are held first (FOR KEY SHARE, in id order), before
-- any level is touched: a location whose delete is under way is waited for,
-- and once gone refuses the statement as a foreign key violation on
-- stock_levels_location_id_foreign, which the app answers as a missing
-- location; a location held here is deleted only after this write commits,
-- so the delete sees the stock it brought.
create or replace function stock_levels_shift(shifts jsonb) returns void
language plpgsql
set enable_nestloop = on
as $$
declare
  short record;
  named integer;
  held integer;
begin
  select count(distinct location) into named from jsonb_to_recordset(shifts) as s(location uuid);
  select count(*) into held from (
    select id from locations where id in (select location from jsonb_to_recordset(shifts) as s(location uuid)) order by id for key share
  ) as l;
  if held < named then
    raise exception using errcode = 'foreign_key_violation', constraint = 'stock_levels_location_id_foreign',
      message = 'A location the stock change names no longer exists';
  end if;
  if exists (select 1 from jsonb_to_recordset(shifts) as s(product uuid, location uuid, delta integer, counted integer)
             left join stock_levels as sl on sl.product_id = s.product and sl.location_id = s.location
             where s.counted is not null and coalesce(sl.quantity, 0) + s.delta <> s.counted) then
    raise exception using errcode = 'serialization_failure', message = 'The counted level changed while the count was written';
  end if;
  select l.name, coalesce(sl.quantity, 0) as available into short
  from (select product, location, sum(delta) as delta from jsonb_to_recordset(shifts) as s(product uuid, location uuid, workspace uuid, delta integer)
        group by product, location) as s
  join locations as l on l.id = s.location
  left join stock_levels as sl on sl.product_id = s.product and sl.location_id = s.location
  where coalesce(sl.quantity, 0) + s.delta < 0
  limit 1;
  if found then
    raise exception using errcode = 'check_violation', constraint = 'stock_levels_quantity_check',
      message = 'Not enough stock at ' || short.name,
      detail = jsonb_build_object('location', short.name, 'available', short.available)::text;
  end if;
  -- Existing levels change in place; a level the product never had starts at its (then positive) change.
  -- An upsert would not do: the row it proposes is checked before it turns into an update.
  update stock_levels as sl set quantity = sl.quantity + s.delta
  from (select product, location, sum(delta) as delta from jsonb_to_recordset(shifts) as s(product uuid, location uuid, delta integer)
        group by product, location) as s
  where sl.product_id = s.product and sl.location_id = s.location and s.delta <> 0;
  insert into stock_levels (product_id, location_id, workspace_id, quantity)
  select product, location, min(workspace::text)::uuid, sum(delta)
  from jsonb_to_recordset(shifts) as s(product uuid, location uuid, workspace uuid, delta integer)
  where not exists (select 1 from stock_levels as sl where sl.product_id = s.product and sl.location_id = s.location)
  group by product, location
  order by product, location;
end
$$;
`;

/** stock_levels_shift before this migration, for down(). */
const STOCK_LEVELS_SHIFT_BEFORE = `-- Applies \`shifts\` ([{ product, location, workspace, delta, counted }]) to
-- the stock levels. A level that would go below 0 refuses the whole
-- statement with a check violation on stock_levels_quantity_check whose
-- message names the location and whose detail holds { location, available }
-- as JSON, so the app says 'Not enough stock at Back room'. A count at a
-- location (\`counted\`) whose level changed after the count's statement read
-- it is a serialization failure, which the app retries: the level then is
-- exactly what was counted. The caller holds the products' row locks,
-- through which every level change passes, so what it reads here stays true
-- until it commits. Levels are looked up by key, a few rows at a time.
create or replace function stock_levels_shift(shifts jsonb) returns void
language plpgsql
set enable_nestloop = on
as $$
declare
  short record;
begin
  if exists (select 1 from jsonb_to_recordset(shifts) as s(product uuid, location uuid, delta integer, counted integer)
             left join stock_levels as sl on sl.product_id = s.product and sl.location_id = s.location
             where s.counted is not null and coalesce(sl.quantity, 0) + s.delta <> s.counted) then
    raise exception using errcode = 'serialization_failure', message = 'The counted level changed while the count was written';
  end if;
  select l.name, coalesce(sl.quantity, 0) as available into short
  from (select product, location, sum(delta) as delta from jsonb_to_recordset(shifts) as s(product uuid, location uuid, workspace uuid, delta integer)
        group by product, location) as s
  join locations as l on l.id = s.location
  left join stock_levels as sl on sl.product_id = s.product and sl.location_id = s.location
  where coalesce(sl.quantity, 0) + s.delta < 0
  limit 1;
  if found then
    raise exception using errcode = 'check_violation', constraint = 'stock_levels_quantity_check',
      message = 'Not enough stock at ' || short.name,
      detail = jsonb_build_object('location', short.name, 'available', short.available)::text;
  end if;
  -- Existing levels change in place; a level the product never had starts at its (then positive) change.
  -- An upsert would not do: the row it proposes is checked before it turns into an update.
  update stock_levels as sl set quantity = sl.quantity + s.delta
  from (select product, location, sum(delta) as delta from jsonb_to_recordset(shifts) as s(product uuid, location uuid, delta integer)
        group by product, location) as s
  where sl.product_id = s.product and sl.location_id = s.location and s.delta <> 0;
  insert into stock_levels (product_id, location_id, workspace_id, quantity)
  select product, location, min(workspace::text)::uuid, sum(delta)
  from jsonb_to_recordset(shifts) as s(product uuid, location uuid, workspace uuid, delta integer)
  where not exists (select 1 from stock_levels as sl where sl.product_id = s.product and sl.location_id = s.location)
  group by product, location
  order by product, location;
end
$$;
`;

export class Migration20261130040000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(STOCK_LEVELS_SHIFT);
  }

  override async down(): Promise<void> {
    this.addSql(STOCK_LEVELS_SHIFT_BEFORE);
  }
}
