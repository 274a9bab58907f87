-- What a product write records beyond the row: its stock movement, its
-- stock levels, its activity entry and a crossing into low or out of stock. Statement-level
-- triggers with transition tables, so every write path records them in its
-- own transaction (a refused write records nothing), and a write of many rows
-- records them with one INSERT ... SELECT instead of a row at a time.
--
-- What the rows cannot tell (who acted, why a quantity changed, the note,
-- which entry the write logs) the write puts in the rows it writes, in
-- `last_change` (product-record/product-change.ts builds it):
--   actor   the member who made the change
--   kind    'create', 'edit', 'stock' (an adjustment or a count: its movement
--           and its 'stock_adjusted' entry are recorded even for a change of 0)
--           'import' (one 'products_imported' entry with the counts, no
--           entry or crossing per product) or 'trash' (to or from the trash,
--           as deleted_at says)
--   reason  the movement's reason; `entryReason` the one the entry names
--           when it differs (a bulk adjustment's movement is BULK, its entry
--           says SALE or RECEIPT)
--   note    the movement's note
--   location where the stock moved (left out: the workspace's default
--           location); `counted` for a count there, the quantity found
--   level   of kind 'import': a further stock level of a product the import
--           wrote already; its movement is recorded, the product not counted again
--   transfer { id, from, to, quantity } of kind 'transfer': two movements,
--           TRANSFER_OUT at `from` and TRANSFER_IN at `to`, the total unchanged
--   at      the statement's start, which tells this statement's context
--           from one an earlier write left in the row.
-- A write that gives no context (SQL run by hand, a data migration, a seed
-- that brings its own history) records nothing here but its stock levels,
-- which follow every quantity change at the default location; the totals and the
-- events, which need none, follow it all the same. A DELETE has no new rows:
-- its entry names the workspace's first owner.

-- The row's context if the running statement wrote it, else null.
create or replace function product_change(p products) returns jsonb
language sql stable parallel safe
as $$
  select case when (p.last_change ->> 'at')::timestamptz = statement_timestamp() then p.last_change end
$$;

-- A column's name as the API spells it: reorder_level is reorderLevel.
create or replace function product_field_name(column_name text) returns text
language sql immutable parallel safe
as $$
  select string_agg(case when i = 1 then word else initcap(word) end, '' order by i)
  from unnest(string_to_array(column_name, '_')) with ordinality as w(word, i)
$$;

-- The fields whose value differs between two versions of a product, in the
-- table's column order: every column but the bookkeeping ones, and but the
-- generated ones, which follow the others and so are never a change of their
-- own. Every update runs it for each row it writes, so it compares the
-- columns one by one, written out from the table's columns by
-- define_product_changed_fields(): a migration that adds or drops a column
-- of products calls that again.
create or replace function define_product_changed_fields() returns void
language plpgsql
as $$
declare
  tests text;
begin
  select string_agg(format('case when o.%1$I is distinct from n.%1$I then %2$L end', a.attname, product_field_name(a.attname)), ', ' order by a.attnum)
  into tests
  from pg_attribute as a
  where a.attrelid = 'products'::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and a.attname not in ('id', 'workspace_id', 'created_by', 'created_at', 'updated_at', 'version', 'deleted_at', 'last_change', 'field_versions');
  execute format('create or replace function product_changed_fields(o products, n products) returns text[] language sql immutable parallel safe as %L',
    format('select array_remove(array[%s]::text[], null)', tests));
end
$$;

select define_product_changed_fields();

-- An import's one entry: the first of its statements' triggers writes it,
-- the next adds its count (one import is one transaction, so `now()` names it).
create or replace function activity_log_import(workspace uuid, actor uuid, created integer, updated integer) returns void
language plpgsql
as $$
begin
  update activity_log
  set details = jsonb_build_object('created', (details ->> 'created')::int + created, 'updated', (details ->> 'updated')::int + updated)
  where workspace_id = workspace and user_id = actor and kind = 'products_imported' and created_at = now();
  if not found then
    insert into activity_log (workspace_id, user_id, kind, details)
    values (workspace, actor, 'products_imported', jsonb_build_object('created', created, 'updated', updated));
  end if;
end
$$;

-- The workspace's default location, where stock that names no place is.
create or replace function default_location(workspace uuid) returns uuid
language sql stable parallel safe
as $$
  select id from locations where workspace_id = workspace and is_default
$$;

-- Applies `shifts` ([{ product, location, workspace, delta, counted }]) to
-- the stock levels. A level that would go below 0 refuses the whole
-- statement with a check violation on stock_levels_quantity_check whose
-- message names the location and whose detail holds { location, available }
-- as JSON, so the app says 'Not enough stock at Back room'. A count at a
-- location (`counted`) whose level changed after the count's statement read
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

-- A new product: an INITIAL (or IMPORT) movement of its whole quantity, 0
-- included, so every product's history starts somewhere; 'product_created'.
create or replace function products_record_inserted() returns trigger
language plpgsql
as $$
declare
  r record;
begin
  -- Every product, with context or without, has its stock at one place from the start.
  with placed as materialized (
    select n.id, n.workspace_id, n.name, n.quantity, (c ->> 'actor')::uuid as actor, coalesce(c ->> 'kind', 'create') as kind, c,
      coalesce((c ->> 'location')::uuid, default_location(n.workspace_id)) as location_id
    from new_rows as n cross join lateral product_change(n) as c
  ),
  levels as (
    insert into stock_levels (product_id, location_id, workspace_id, quantity)
    select id, location_id, workspace_id, quantity from placed
  ),
  moved as (
    insert into stock_movements (product_id, workspace_id, location_id, user_id, delta, quantity_after, reason, note)
    select id, workspace_id, location_id, actor, quantity, quantity, coalesce(c ->> 'reason', 'INITIAL'), c ->> 'note' from placed where c is not null
  )
  insert into activity_log (workspace_id, user_id, kind, subject_id, subject)
  select workspace_id, actor, 'product_created', id, name from placed where c is not null and kind <> 'import';

  for r in
    select n.workspace_id, (c ->> 'actor')::uuid as actor, count(*)::int as created
    from new_rows as n cross join lateral product_change(n) as c where c ->> 'kind' = 'import' group by 1, 2
  loop
    perform activity_log_import(r.workspace_id, r.actor, r.created, 0);
  end loop;
  return null;
end
$$;

-- A changed product. Its stock levels follow its quantity, at the write's
-- location (with context or without); a transfer moves stock between two
-- levels. In the catalogue before and after: a movement when the quantity
-- changed (a stock change records one even for 0), two for a transfer; the
-- entry its kind logs ('stock_moved' for a transfer, naming both places); a
-- crossing into low or out of stock. Moved to the
-- trash: 'product_deleted'; back from it: 'product_restored'.
-- It never joins the old rows to the new ones in a nested loop: PL/pgSQL
-- plans a statement once per connection, for the row counts of the first
-- call, and a plan made for a one-row edit would compare every old row with
-- every new one when the same connection later writes an import of thousands.
create or replace function products_record_updated() returns trigger
language plpgsql
set enable_nestloop = off
as $$
declare
  r record;
  shifts jsonb;
begin
  select jsonb_agg(jsonb_build_object('product', s.product, 'location', s.location, 'workspace', s.workspace, 'delta', s.delta, 'counted', s.counted))
  into shifts
  from old_rows as o join new_rows as n on n.id = o.id cross join lateral product_change(n) as c
  cross join lateral (
    select n.id, coalesce((c ->> 'location')::uuid, default_location(n.workspace_id)), n.workspace_id, n.quantity - o.quantity, (c ->> 'counted')::int
    where n.quantity <> o.quantity or c ->> 'counted' is not null
    union all
    select n.id, (c -> 'transfer' ->> 'from')::uuid, n.workspace_id, -(c -> 'transfer' ->> 'quantity')::int, null where c ->> 'kind' = 'transfer'
    union all
    select n.id, (c -> 'transfer' ->> 'to')::uuid, n.workspace_id, (c -> 'transfer' ->> 'quantity')::int, null where c ->> 'kind' = 'transfer'
  ) as s(product, location, workspace, delta, counted);
  if shifts is not null then
    perform stock_levels_shift(shifts);
  end if;

  with written as materialized (
    select n.id, n.workspace_id, n.name, n.quantity, n.reorder_level, n.quantity - o.quantity as delta,
      o.deleted_at is null as was_live, n.deleted_at is null as live,
      stock_crossing(o.quantity, o.reorder_level, n.quantity, n.reorder_level) as crossing,
      (c ->> 'actor')::uuid as actor, coalesce(c ->> 'kind', 'edit') as kind, c,
      case when coalesce(c ->> 'kind', 'edit') = 'edit' and o.deleted_at is null and n.deleted_at is null then product_changed_fields(o, n) end as fields
    from old_rows as o join new_rows as n on n.id = o.id cross join lateral product_change(n) as c
    where c is not null
  ),
  moved as (
    insert into stock_movements (product_id, workspace_id, location_id, user_id, delta, quantity_after, reason, note, transfer_id)
    select id, workspace_id, location_id, actor, delta, quantity_after, reason, c ->> 'note', transfer_id
    from (
      select id, workspace_id, coalesce((c ->> 'location')::uuid, default_location(workspace_id)) as location_id, actor, delta,
        quantity as quantity_after, coalesce(c ->> 'reason', 'CORRECTION') as reason, c, null::uuid as transfer_id, 0 as half
      from written where was_live and live and (delta <> 0 or kind = 'stock')
      union all
      select id, workspace_id, (c -> 'transfer' ->> half.side)::uuid, actor, half.sign * (c -> 'transfer' ->> 'quantity')::int,
        quantity + least(half.sign, 0) * (c -> 'transfer' ->> 'quantity')::int, half.reason, c, (c -> 'transfer' ->> 'id')::uuid, half.n
      from written cross join (values (1, 'from', -1, 'TRANSFER_OUT'), (2, 'to', 1, 'TRANSFER_IN')) as half(n, side, sign, reason)
      where was_live and live and kind = 'transfer'
    ) as m
    -- Numbered in order: a transfer's TRANSFER_OUT comes before its TRANSFER_IN, so each quantity_after is the running sum.
    order by id, half
  ),
  entries (ord, workspace_id, user_id, kind, subject_id, subject, details) as (
    select 1, workspace_id, actor, case crossing when 'OUT_OF_STOCK' then 'stock_out' else 'stock_low' end, id, name,
      jsonb_build_object('quantity', quantity, 'reorderLevel', reorder_level)
    from written where was_live and live and kind <> 'import' and crossing is not null
    union all
    select 2, workspace_id, actor, e.kind, id, name, e.details
    from written cross join lateral (select
        case when was_live and not live then 'product_deleted'
          when live and not was_live then 'product_restored'
          when live and kind = 'edit' and cardinality(fields) > 0 then 'product_updated'
          when live and kind = 'stock' then 'stock_adjusted'
          when was_live and live and kind = 'transfer' then 'stock_moved' end as kind,
        case when was_live and live and kind = 'edit' then jsonb_build_object('fields', to_jsonb(fields))
          when was_live and live and kind = 'stock' then jsonb_build_object('delta', delta, 'quantity', quantity, 'reason', coalesce(c ->> 'entryReason', c ->> 'reason'))
          -- The places' names as they were, so the entry reads the same after a rename.
          when was_live and live and kind = 'transfer' then jsonb_build_object('quantity', (c -> 'transfer' ->> 'quantity')::int,
            'from', (select l.name from locations as l where l.id = (c -> 'transfer' ->> 'from')::uuid),
            'to', (select l.name from locations as l where l.id = (c -> 'transfer' ->> 'to')::uuid))
          else '{}'::jsonb end as details) as e
    where e.kind is not null
  )
  -- Crossings first, so a write's own entry reads above its crossing, as they happened.
  insert into activity_log (workspace_id, user_id, kind, subject_id, subject, details)
  select workspace_id, user_id, kind, subject_id, subject, details from entries order by ord;

  -- A further stock level of a product the import has written already (`level`) moves stock but is not counted again.
  for r in
    select n.workspace_id, (c ->> 'actor')::uuid as actor, count(*)::int as updated
    from new_rows as n cross join lateral product_change(n) as c where c ->> 'kind' = 'import' and c ->> 'level' is null group by 1, 2
  loop
    perform activity_log_import(r.workspace_id, r.actor, 0, r.updated);
  end loop;
  return null;
end
$$;

-- A product deleted for good: 'product_deleted' if it was still in the
-- catalogue (one in the trash logged it when it went there). Its movements go
-- with it. No one is named as acting, so the entry names the workspace's
-- first owner. A workspace's removal takes its products too, and logs nothing.
create or replace function products_record_deleted() returns trigger
language plpgsql
as $$
begin
  insert into activity_log (workspace_id, user_id, kind, subject_id, subject)
  select o.workspace_id, m.user_id, 'product_deleted', o.id, o.name from old_rows as o
  cross join lateral (select user_id from workspace_members
    where workspace_id = o.workspace_id and role = 'OWNER' order by joined_at, user_id limit 1) as m
  where o.deleted_at is null and exists (select 1 from workspaces as w where w.id = o.workspace_id);
  return null;
end
$$;

create or replace trigger products_history_inserted after insert on products
  referencing new table as new_rows for each statement execute function products_record_inserted();
create or replace trigger products_history_updated after update on products
  referencing old table as old_rows new table as new_rows for each statement execute function products_record_updated();
create or replace trigger products_history_deleted after delete on products
  referencing old table as old_rows for each statement execute function products_record_deleted();
