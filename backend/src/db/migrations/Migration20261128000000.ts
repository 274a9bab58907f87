import { Migration } from '@mikro-orm/migrations';
import { TRIGGER as catalogueStatsBefore } from './Migration20261125100000';
import { RECORD_DELETED, RECORD_INSERTED, RECORD_UPDATED } from './Migration20261126030000';

/**
 * One mechanism for what a product write causes: statement-level triggers on
 * `products` record the stock movement, the activity entries and stock
 * alerts (until now CTEs of each write statement), beside the running totals
 * and the events they already kept. A write says what the rows cannot (who
 * acted, the movement's reason and note, the entry it logs) in the new
 * column `last_change`, set by the write itself. Low and out of stock are
 * the one function `stock_status`. Every definition is the one in
 * backend/src/db/triggers/*.sql at the time of this migration, copied here so
 * that it never changes under an existing database; a later change of a .sql
 * file comes with a migration of its own (a test holds the migrated database
 * to the files).
 */
/** db/triggers/stock-status.sql as this migration applies it. */
const STOCK_STATUS = `-- Where a product's stock stands, the one SQL definition (stockStatus in
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
`;

/** db/triggers/catalogue-stats.sql as this migration applies it. */
const CATALOGUE_STATS = `-- Each owner's running totals (\`catalogue_stats\`), counting live rows only, so
-- stats and unfiltered list counts read one row however large the catalogue.
-- A statement-level trigger with transition tables: a write of many rows
-- updates each owner's totals once. It adds the live rows of NEW and
-- subtracts the live rows of OLD, so moving a product to the trash
-- subtracts it, restoring adds it back and purging a trashed row changes
-- nothing. \`changes\` counts the writes, so a count remembered at one value is
-- known to be exact while it holds. Removals only UPDATE: when an owner is
-- deleted their row may already be gone, and must not come back.
-- \`reorder_due\` counts the products at or under their reorder level, out of
-- stock ones included: the dashboard's "Needs reordering".
create or replace function catalogue_stats_apply() returns trigger
language plpgsql
as $$
declare
  r record;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    for r in select owner_id, count(*) as products, count(*) filter (where stock_status(quantity, reorder_level) <> 'OUT_OF_STOCK') as stocked,
               count(*) filter (where stock_status(quantity, reorder_level) = 'LOW_STOCK') as low,
               count(*) filter (where quantity <= reorder_level) as due, sum(price * quantity) as value
             from new_rows where deleted_at is null group by owner_id loop
      insert into catalogue_stats as s (owner_id, total_products, in_stock, low_stock, reorder_due, inventory_value, changes)
      values (r.owner_id, r.products, r.stocked, r.low, r.due, r.value, 1)
      on conflict (owner_id) do update set total_products = s.total_products + excluded.total_products,
        in_stock = s.in_stock + excluded.in_stock, low_stock = s.low_stock + excluded.low_stock,
        reorder_due = s.reorder_due + excluded.reorder_due,
        inventory_value = s.inventory_value + excluded.inventory_value, changes = s.changes + 1;
    end loop;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    for r in select owner_id, count(*) as products, count(*) filter (where stock_status(quantity, reorder_level) <> 'OUT_OF_STOCK') as stocked,
               count(*) filter (where stock_status(quantity, reorder_level) = 'LOW_STOCK') as low,
               count(*) filter (where quantity <= reorder_level) as due, sum(price * quantity) as value
             from old_rows where deleted_at is null group by owner_id loop
      update catalogue_stats set total_products = total_products - r.products, in_stock = in_stock - r.stocked,
        low_stock = low_stock - r.low, reorder_due = reorder_due - r.due, inventory_value = inventory_value - r.value, changes = changes + 1
      where owner_id = r.owner_id;
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
`;

/** db/triggers/events.sql as this migration applies it. */
const EVENTS = `-- The event outbox: what happened to a product, kept in \`events\` until the
-- relay hands it to the subscribers (webhooks, low-stock emails), and only for
-- an owner someone listens to for that type (the view \`event_listeners\`), so
-- most writes record nothing. The row is stored as the change left it; the
-- relay shows it as the API does.
--
-- - product.created: an inserted row.
-- - product.updated: a live row whose fields other than the quantity changed
--   (a sale is a stock change, not an edit; an edit of both is both).
-- - product.deleted: a live row moved to the trash, or removed outright
--   (purging a row already in the trash says nothing more; nor does the
--   removal of an account with its catalogue, whose events have no one to go to).
-- - product.restored: a row taken out of the trash.
-- - stock.changed: a live row whose quantity changed.
-- - stock.low / stock.out: a live row whose stock status changed to low or
--   out: once per crossing, not again while it stays there. This is the
--   crossing the activity log records as "running low" / "out of stock".

create or replace function events_record_inserted() returns trigger
language plpgsql
as $$
begin
  insert into events (user_id, type, product)
  select n.owner_id, 'product.created', to_jsonb(n) - 'last_change' from new_rows as n
  where n.deleted_at is null and exists (select 1 from event_listeners as l where l.user_id = n.owner_id and l.type = 'product.created');
  return null;
end
$$;

create or replace function events_record_updated() returns trigger
language plpgsql
as $$
begin
  -- Most owners have no listener: their writes skip working out which events happened.
  if not exists (select 1 from event_listeners as l where l.user_id in (select n.owner_id from new_rows as n)) then
    return null;
  end if;
  insert into events (user_id, type, product)
  select n.owner_id, t.type, to_jsonb(n) - 'last_change'
  from old_rows as o join new_rows as n on n.id = o.id
  cross join lateral (values
    (case when o.deleted_at is null and n.deleted_at is not null then 'product.deleted' end),
    (case when o.deleted_at is not null and n.deleted_at is null then 'product.restored' end),
    (case when o.deleted_at is null and n.deleted_at is null and not product_changed_fields(o, n) <@ '{quantity}'::text[]
      then 'product.updated' end),
    (case when o.deleted_at is null and n.deleted_at is null and o.quantity <> n.quantity then 'stock.changed' end),
    (case when o.deleted_at is null and n.deleted_at is null
      then case stock_crossing(o.quantity, o.reorder_level, n.quantity, n.reorder_level) when 'OUT_OF_STOCK' then 'stock.out' when 'LOW_STOCK' then 'stock.low' end end)
  ) as t(type)
  where t.type is not null and exists (select 1 from event_listeners as l where l.user_id = n.owner_id and l.type = t.type);
  return null;
end
$$;

create or replace function events_record_deleted() returns trigger
language plpgsql
as $$
begin
  insert into events (user_id, type, product)
  select o.owner_id, 'product.deleted', to_jsonb(o) - 'last_change' from old_rows as o
  where o.deleted_at is null and exists (select 1 from event_listeners as l where l.user_id = o.owner_id and l.type = 'product.deleted')
    and exists (select 1 from users as u where u.id = o.owner_id);
  return null;
end
$$;

create or replace trigger events_inserted after insert on products
  referencing new table as new_rows for each statement execute function events_record_inserted();
create or replace trigger events_updated after update on products
  referencing old table as old_rows new table as new_rows for each statement execute function events_record_updated();
create or replace trigger events_deleted after delete on products
  referencing old table as old_rows for each statement execute function events_record_deleted();
`;

/** db/triggers/product-history.sql as this migration applies it. */
const PRODUCT_HISTORY = `-- What a product write records beyond the row: its stock movement, its
-- activity entry and a crossing into low or out of stock. Statement-level
-- triggers with transition tables, so every write path records them in its
-- own transaction (a refused write records nothing), and a write of many rows
-- records them with one INSERT ... SELECT instead of a row at a time.
--
-- What the rows cannot tell (who acted, why a quantity changed, the note,
-- which entry the write logs) the write puts in the rows it writes, in
-- \`last_change\` (product-record/product-change.ts builds it):
--   actor   the user who made the change
--   kind    'create', 'edit', 'stock' (an adjustment or a count: its movement
--           and its 'stock_adjusted' entry are recorded even for a change of 0)
--           'import' (one 'products_imported' entry with the counts, no
--           entry or crossing per product) or 'trash' (to or from the trash,
--           as deleted_at says)
--   reason  the movement's reason; \`entryReason\` the one the entry names
--           when it differs (a bulk adjustment's movement is BULK, its entry
--           says SALE or RECEIPT)
--   note    the movement's note
--   at      the statement's start, which tells this statement's context
--           from one an earlier write left in the row.
-- A write that gives no context (SQL run by hand, a data migration, a seed
-- that brings its own history) records nothing here; the totals and the
-- events, which need none, follow it all the same. A DELETE has no new rows:
-- its entry names the owner.

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
-- table's column order: every column but the bookkeeping ones, so a new
-- column is named without a change here.
create or replace function product_changed_fields(o products, n products) returns text[]
language sql stable parallel safe
as $$
  select coalesce(array_agg(product_field_name(a.attname) order by a.attnum), '{}')
  from (select to_jsonb(o) as before, to_jsonb(n) as after) as r
  cross join pg_attribute as a
  where a.attrelid = 'products'::regclass and a.attnum > 0 and not a.attisdropped
    and a.attname not in ('id', 'owner_id', 'created_at', 'updated_at', 'version', 'deleted_at', 'last_change')
    and r.before -> a.attname::text is distinct from r.after -> a.attname::text
$$;

-- An import's one entry: the first of its statements' triggers writes it,
-- the next adds its count (one import is one transaction, so \`now()\` names it).
create or replace function activity_log_import(actor uuid, created integer, updated integer) returns void
language plpgsql
as $$
begin
  update activity_log
  set details = jsonb_build_object('created', (details ->> 'created')::int + created, 'updated', (details ->> 'updated')::int + updated)
  where user_id = actor and kind = 'products_imported' and created_at = now();
  if not found then
    insert into activity_log (user_id, kind, details)
    values (actor, 'products_imported', jsonb_build_object('created', created, 'updated', updated));
  end if;
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
  with written as materialized (
    select n.id, n.owner_id, n.name, n.quantity, (c ->> 'actor')::uuid as actor, coalesce(c ->> 'kind', 'create') as kind, c
    from new_rows as n cross join lateral product_change(n) as c
    where c is not null
  ),
  moved as (
    insert into stock_movements (product_id, owner_id, user_id, delta, quantity_after, reason, note)
    select id, owner_id, actor, quantity, quantity, coalesce(c ->> 'reason', 'INITIAL'), c ->> 'note' from written
  )
  insert into activity_log (user_id, kind, subject_id, subject)
  select actor, 'product_created', id, name from written where kind <> 'import';

  for r in
    select (c ->> 'actor')::uuid as actor, count(*)::int as created
    from new_rows as n cross join lateral product_change(n) as c where c ->> 'kind' = 'import' group by 1
  loop
    perform activity_log_import(r.actor, r.created, 0);
  end loop;
  return null;
end
$$;

-- A changed product. In the catalogue before and after: a movement when the
-- quantity changed (a stock change records one even for 0); the entry its
-- kind logs; a crossing into low or out of stock. Moved to the trash:
-- 'product_deleted'; back from it: 'product_restored'.
create or replace function products_record_updated() returns trigger
language plpgsql
as $$
declare
  r record;
begin
  with written as materialized (
    select n.id, n.owner_id, n.name, n.quantity, n.reorder_level, n.quantity - o.quantity as delta,
      o.deleted_at is null as was_live, n.deleted_at is null as live,
      stock_crossing(o.quantity, o.reorder_level, n.quantity, n.reorder_level) as crossing,
      (c ->> 'actor')::uuid as actor, coalesce(c ->> 'kind', 'edit') as kind, c,
      case when coalesce(c ->> 'kind', 'edit') = 'edit' and o.deleted_at is null and n.deleted_at is null then product_changed_fields(o, n) end as fields
    from old_rows as o join new_rows as n on n.id = o.id cross join lateral product_change(n) as c
    where c is not null
  ),
  moved as (
    insert into stock_movements (product_id, owner_id, user_id, delta, quantity_after, reason, note)
    select id, owner_id, actor, delta, quantity, coalesce(c ->> 'reason', 'CORRECTION'), c ->> 'note'
    from written where was_live and live and (delta <> 0 or kind = 'stock')
  ),
  entries (ord, user_id, kind, subject_id, subject, details) as (
    select 1, actor, case crossing when 'OUT_OF_STOCK' then 'stock_out' else 'stock_low' end, id, name,
      jsonb_build_object('quantity', quantity, 'reorderLevel', reorder_level)
    from written where was_live and live and kind <> 'import' and crossing is not null
    union all
    select 2, actor, e.kind, id, name, e.details
    from written cross join lateral (select
        case when was_live and not live then 'product_deleted'
          when live and not was_live then 'product_restored'
          when live and kind = 'edit' and cardinality(fields) > 0 then 'product_updated'
          when live and kind = 'stock' then 'stock_adjusted' end as kind,
        case when was_live and live and kind = 'edit' then jsonb_build_object('fields', to_jsonb(fields))
          when was_live and live and kind = 'stock' then jsonb_build_object('delta', delta, 'quantity', quantity, 'reason', coalesce(c ->> 'entryReason', c ->> 'reason'))
          else '{}'::jsonb end as details) as e
    where e.kind is not null
  )
  -- Crossings first, so a write's own entry reads above its crossing, as they happened.
  insert into activity_log (user_id, kind, subject_id, subject, details)
  select user_id, kind, subject_id, subject, details from entries order by ord;

  for r in
    select (c ->> 'actor')::uuid as actor, count(*)::int as updated
    from new_rows as n cross join lateral product_change(n) as c where c ->> 'kind' = 'import' group by 1
  loop
    perform activity_log_import(r.actor, 0, r.updated);
  end loop;
  return null;
end
$$;

-- A product deleted for good: 'product_deleted' if it was still in the
-- catalogue (one in the trash logged it when it went there). Its movements go
-- with it. An owner's removal takes their products too, and logs nothing.
create or replace function products_record_deleted() returns trigger
language plpgsql
as $$
begin
  insert into activity_log (user_id, kind, subject_id, subject)
  select o.owner_id, 'product_deleted', o.id, o.name from old_rows as o
  where o.deleted_at is null and exists (select 1 from users as u where u.id = o.owner_id);
  return null;
end
$$;

create or replace trigger products_history_inserted after insert on products
  referencing new table as new_rows for each statement execute function products_record_inserted();
create or replace trigger products_history_updated after update on products
  referencing old table as old_rows new table as new_rows for each statement execute function products_record_updated();
create or replace trigger products_history_deleted after delete on products
  referencing old table as old_rows for each statement execute function products_record_deleted();
`;

const DROPPED_FUNCTIONS = [
  'products_record_inserted()',
  'products_record_updated()',
  'products_record_deleted()',
  'activity_log_import(uuid, integer, integer)',
  'product_changed_fields(products, products)',
  'product_field_name(text)',
  'product_change(products)',
  'stock_crossing(integer, integer, integer, integer)',
];

export class Migration20261128000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "products" add column "last_change" jsonb null;`);
    for (const sql of [STOCK_STATUS, CATALOGUE_STATS, EVENTS, PRODUCT_HISTORY]) this.addSql(sql);
  }

  override async down(): Promise<void> {
    for (const op of ['inserted', 'updated', 'deleted']) this.addSql(`drop trigger if exists products_history_${op} on products;`);
    for (const fn of DROPPED_FUNCTIONS) this.addSql(`drop function if exists ${fn};`);
    for (const sql of [catalogueStatsBefore(true), RECORD_INSERTED, RECORD_UPDATED, RECORD_DELETED]) this.addSql(sql);
    this.addSql(`drop function if exists stock_status(integer, integer);`);
    this.addSql(`alter table "products" drop column "last_change";`);
  }
}
