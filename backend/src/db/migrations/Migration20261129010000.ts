import { Migration } from '@mikro-orm/migrations';

/**
 * A shop is a team: every catalogue belongs to a workspace, and people are its
 * members with a role. Each existing account gets its personal workspace (as
 * OWNER) whose id is the account's id, so every `owner_id` already names the
 * right workspace: the column becomes `workspace_id` on each tenant table, its
 * foreign key points at `workspaces`, and the unique keys and indexes that
 * lead with it keep doing so (a SKU or barcode is unique per workspace). Who
 * acted stays recorded: `products.created_by` keeps the creator (the API's
 * `owner`), movements and activity entries keep `user_id`. An account created
 * from now on gets a fresh workspace id from the trigger on `users`. API
 * tokens act in the workspace they were made in; an existing one in its
 * maker's personal workspace.
 *
 * The trigger functions are the ones in backend/src/db/triggers/*.sql at the
 * time of this migration, copied here so they never change under an existing
 * database.
 */

/** db/triggers/catalogue-stats.sql as this migration applies it. */
const CATALOGUE_STATS = `-- Each workspace's running totals (\`catalogue_stats\`), counting live rows only, so
-- stats and unfiltered list counts read one row however large the catalogue.
-- A statement-level trigger with transition tables: a write of many rows
-- updates each workspace's totals once. It adds the live rows of NEW and
-- subtracts the live rows of OLD, so moving a product to the trash
-- subtracts it, restoring adds it back and purging a trashed row changes
-- nothing. \`changes\` counts the writes, so a count remembered at one value is
-- known to be exact while it holds. Removals only UPDATE: when a workspace is
-- deleted its row may already be gone, and must not come back.
-- \`reorder_due\` counts the products at or under their reorder level, out of
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
`;

/** db/triggers/events.sql as this migration applies it. */
const EVENTS = `-- The event outbox: what happened to a product, kept in \`events\` until the
-- relay hands it to the subscribers (webhooks, low-stock emails), and only for
-- a workspace someone listens to for that type (the view \`event_listeners\`), so
-- most writes record nothing. The row is stored as the change left it; the
-- relay shows it as the API does.
--
-- - product.created: an inserted row.
-- - product.updated: a live row whose fields other than the quantity changed
--   (a sale is a stock change, not an edit; an edit of both is both).
-- - product.deleted: a live row moved to the trash, or removed outright
--   (purging a row already in the trash says nothing more; nor does the
--   removal of a workspace with its catalogue, whose events have no one to go to).
-- - product.restored: a row taken out of the trash.
-- - stock.changed: a live row whose quantity changed.
-- - stock.low / stock.out: a live row whose stock status changed to low or
--   out: once per crossing, not again while it stays there. This is the
--   crossing the activity log records as "running low" / "out of stock".

create or replace function events_record_inserted() returns trigger
language plpgsql
as $$
begin
  insert into events (workspace_id, type, product)
  select n.workspace_id, 'product.created', to_jsonb(n) - 'last_change' from new_rows as n
  where n.deleted_at is null and exists (select 1 from event_listeners as l where l.workspace_id = n.workspace_id and l.type = 'product.created');
  return null;
end
$$;

-- Joins the old rows to the new ones as products_record_updated does, and
-- for the same reason never in a nested loop.
create or replace function events_record_updated() returns trigger
language plpgsql
set enable_nestloop = off
as $$
begin
  -- Most workspaces have no listener: their writes skip working out which events happened.
  if not exists (select 1 from event_listeners as l where l.workspace_id in (select n.workspace_id from new_rows as n)) then
    return null;
  end if;
  insert into events (workspace_id, type, product)
  select n.workspace_id, t.type, to_jsonb(n) - 'last_change'
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
  where t.type is not null and exists (select 1 from event_listeners as l where l.workspace_id = n.workspace_id and l.type = t.type);
  return null;
end
$$;

create or replace function events_record_deleted() returns trigger
language plpgsql
as $$
begin
  insert into events (workspace_id, type, product)
  select o.workspace_id, 'product.deleted', to_jsonb(o) - 'last_change' from old_rows as o
  where o.deleted_at is null and exists (select 1 from event_listeners as l where l.workspace_id = o.workspace_id and l.type = 'product.deleted')
    and exists (select 1 from workspaces as w where w.id = o.workspace_id);
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
--   actor   the member who made the change
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
-- the next adds its count (one import is one transaction, so \`now()\` names it).
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

-- A new product: an INITIAL (or IMPORT) movement of its whole quantity, 0
-- included, so every product's history starts somewhere; 'product_created'.
create or replace function products_record_inserted() returns trigger
language plpgsql
as $$
declare
  r record;
begin
  with written as materialized (
    select n.id, n.workspace_id, n.name, n.quantity, (c ->> 'actor')::uuid as actor, coalesce(c ->> 'kind', 'create') as kind, c
    from new_rows as n cross join lateral product_change(n) as c
    where c is not null
  ),
  moved as (
    insert into stock_movements (product_id, workspace_id, user_id, delta, quantity_after, reason, note)
    select id, workspace_id, actor, quantity, quantity, coalesce(c ->> 'reason', 'INITIAL'), c ->> 'note' from written
  )
  insert into activity_log (workspace_id, user_id, kind, subject_id, subject)
  select workspace_id, actor, 'product_created', id, name from written where kind <> 'import';

  for r in
    select n.workspace_id, (c ->> 'actor')::uuid as actor, count(*)::int as created
    from new_rows as n cross join lateral product_change(n) as c where c ->> 'kind' = 'import' group by 1, 2
  loop
    perform activity_log_import(r.workspace_id, r.actor, r.created, 0);
  end loop;
  return null;
end
$$;

-- A changed product. In the catalogue before and after: a movement when the
-- quantity changed (a stock change records one even for 0); the entry its
-- kind logs; a crossing into low or out of stock. Moved to the trash:
-- 'product_deleted'; back from it: 'product_restored'.
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
begin
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
    insert into stock_movements (product_id, workspace_id, user_id, delta, quantity_after, reason, note)
    select id, workspace_id, actor, delta, quantity, coalesce(c ->> 'reason', 'CORRECTION'), c ->> 'note'
    from written where was_live and live and (delta <> 0 or kind = 'stock')
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
          when live and kind = 'stock' then 'stock_adjusted' end as kind,
        case when was_live and live and kind = 'edit' then jsonb_build_object('fields', to_jsonb(fields))
          when was_live and live and kind = 'stock' then jsonb_build_object('delta', delta, 'quantity', quantity, 'reason', coalesce(c ->> 'entryReason', c ->> 'reason'))
          else '{}'::jsonb end as details) as e
    where e.kind is not null
  )
  -- Crossings first, so a write's own entry reads above its crossing, as they happened.
  insert into activity_log (workspace_id, user_id, kind, subject_id, subject, details)
  select workspace_id, user_id, kind, subject_id, subject, details from entries order by ord;

  for r in
    select n.workspace_id, (c ->> 'actor')::uuid as actor, count(*)::int as updated
    from new_rows as n cross join lateral product_change(n) as c where c ->> 'kind' = 'import' group by 1, 2
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
`;

/** db/triggers/personal-workspace.sql as this migration applies it. */
const PERSONAL_WORKSPACE = `-- Every account has a personal workspace from its first moment, whichever
-- way it is created (sign-up, the seed, a script): named after the account's
-- first name, with the account as its owner. It goes when the account goes
-- (\`personal_user_id\` cascades).
create or replace function users_open_personal_workspace() returns trigger
language plpgsql
as $$
begin
  with opened as (
    insert into workspaces (id, name, personal, personal_user_id)
    select gen_random_uuid(), n.first_name || '''s stockroom', true, n.id from new_rows as n
    returning id, personal_user_id
  )
  insert into workspace_members (workspace_id, user_id, role)
  select id, personal_user_id, 'OWNER' from opened;
  return null;
end
$$;

create or replace trigger users_personal_workspace after insert on users
  referencing new table as new_rows for each statement execute function users_open_personal_workspace();
`;

/** db/triggers/catalogue-stats.sql before this migration, for down(). */
const CATALOGUE_STATS_BEFORE = `-- Each owner's running totals (\`catalogue_stats\`), counting live rows only, so
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

/** db/triggers/events.sql before this migration, for down(). */
const EVENTS_BEFORE = `-- The event outbox: what happened to a product, kept in \`events\` until the
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

-- Joins the old rows to the new ones as products_record_updated does, and
-- for the same reason never in a nested loop.
create or replace function events_record_updated() returns trigger
language plpgsql
set enable_nestloop = off
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

/** db/triggers/product-history.sql before this migration, for down(). */
const PRODUCT_HISTORY_BEFORE = `-- What a product write records beyond the row: its stock movement, its
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
    and a.attname not in ('id', 'owner_id', 'created_at', 'updated_at', 'version', 'deleted_at', 'last_change', 'field_versions');
  execute format('create or replace function product_changed_fields(o products, n products) returns text[] language sql immutable parallel safe as %L',
    format('select array_remove(array[%s]::text[], null)', tests));
end
$$;

select define_product_changed_fields();

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

const WORKSPACE_ROLES = ['OWNER', 'ADMIN', 'EDITOR', 'COUNTER', 'VIEWER'];

/** The indexes on products, all leading with the column that becomes workspace_id. */
const PRODUCT_INDEXES = ['created_idx', 'name_idx', 'price_idx', 'category_idx', 'featured_idx', 'sku_unique', 'barcode_unique', 'low_stock_idx', 'trash_idx'];

/** Tables whose owning column is renamed, and whether it had a foreign key on users (stock movements and bulk edits have none). */
const RENAMED: Array<{ table: string; from: string; foreignKey: boolean }> = [
  { table: 'products', from: 'owner_id', foreignKey: true },
  { table: 'catalogue_stats', from: 'owner_id', foreignKey: true },
  { table: 'stock_movements', from: 'owner_id', foreignKey: false },
  { table: 'bulk_edits', from: 'owner_id', foreignKey: false },
  { table: 'events', from: 'user_id', foreignKey: true },
  { table: 'webhooks', from: 'user_id', foreignKey: true },
  { table: 'notification_settings', from: 'user_id', foreignKey: true },
  { table: 'stock_alerts', from: 'user_id', foreignKey: true },
];

const EVENT_LISTENERS = (column: string) => `create view event_listeners (${column}, type) as
  select w.${column}, unnest(w.events) from webhooks w where w.enabled
  union all
  select s.${column}, t.type from notification_settings s cross join (values ('stock.low'), ('stock.out')) as t(type)
  where s.low_stock_emails <> 'NEVER';`;

export class Migration20261129010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "workspaces" ("id" uuid not null, "name" varchar(100) not null, "personal" boolean not null default false, "personal_user_id" uuid null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "workspaces_pkey" primary key ("id"), constraint "workspaces_name_length_check" check (char_length("name") >= 1), constraint "workspaces_personal_check" check ("personal" = ("personal_user_id" is not null)));`);
    this.addSql(`alter table "workspaces" add constraint "workspaces_personal_user_id_unique" unique ("personal_user_id");`);
    this.addSql(`alter table "workspaces" add constraint "workspaces_personal_user_id_foreign" foreign key ("personal_user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`create table "workspace_members" ("workspace_id" uuid not null, "user_id" uuid not null, "role" text check ("role" in (${WORKSPACE_ROLES.map((role) => `'${role}'`).join(', ')})) not null, "joined_at" timestamptz not null default now(), constraint "workspace_members_pkey" primary key ("workspace_id", "user_id"));`);
    this.addSql(`create index "workspace_members_user_id_index" on "workspace_members" ("user_id");`);
    this.addSql(`alter table "workspace_members" add constraint "workspace_members_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "workspace_members" add constraint "workspace_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`insert into "workspaces" ("id", "name", "personal", "personal_user_id", "created_at", "updated_at") select "id", "first_name" || '''s stockroom', true, "id", "created_at", now() from "users";`);
    this.addSql(`insert into "workspace_members" ("workspace_id", "user_id", "role", "joined_at") select "id", "id", 'OWNER', "created_at" from "users";`);

    this.addSql(`drop view "event_listeners";`);
    for (const { table, from, foreignKey } of RENAMED) {
      if (foreignKey) this.addSql(`alter table "${table}" drop constraint "${table}_${from}_foreign";`);
      this.addSql(`alter table "${table}" rename column "${from}" to "workspace_id";`);
      if (foreignKey) this.addSql(`alter table "${table}" add constraint "${table}_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);
    }
    for (const index of PRODUCT_INDEXES) this.addSql(`alter index "products_owner_${index}" rename to "products_workspace_${index}";`);
    for (const table of ['events', 'webhooks']) this.addSql(`alter index "${table}_user_id_index" rename to "${table}_workspace_id_index";`);
    this.addSql(EVENT_LISTENERS('workspace_id'));
    this.addSql(`alter table "products" add column "created_by" uuid null;`);
    // A backfill, not a change: the triggers on products (history, totals, events, field versions) must not see it.
    this.addSql(`alter table "products" disable trigger user;`);
    this.addSql(`update "products" set "created_by" = "workspace_id";`);
    this.addSql(`alter table "products" enable trigger user;`);
    this.addSql(`alter table "products" alter column "created_by" set not null;`);

    this.addSql(`alter table "activity_log" add column "workspace_id" uuid null;`);
    this.addSql(`update "activity_log" set "workspace_id" = "user_id";`);
    this.addSql(`alter table "activity_log" alter column "workspace_id" set not null;`);
    this.addSql(`alter table "activity_log" add constraint "activity_log_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "activity_log_workspace_recent_idx" on "activity_log" ("workspace_id", "created_at" desc, "id" desc);`);

    this.addSql(`alter table "api_tokens" add column "workspace_id" uuid null;`);
    this.addSql(`update "api_tokens" set "workspace_id" = "user_id";`);
    this.addSql(`alter table "api_tokens" alter column "workspace_id" set not null;`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "api_tokens_workspace_id_index" on "api_tokens" ("workspace_id");`);

    this.addSql(`drop function activity_log_import(uuid, integer, integer);`);
    for (const sql of [CATALOGUE_STATS, EVENTS, PRODUCT_HISTORY, PERSONAL_WORKSPACE]) this.addSql(sql);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "users_personal_workspace" on "users";`);
    this.addSql(`drop function users_open_personal_workspace();`);
    this.addSql(`drop function activity_log_import(uuid, uuid, integer, integer);`);
    this.addSql(`alter table "api_tokens" drop column "workspace_id";`);
    this.addSql(`alter table "activity_log" drop column "workspace_id";`);
    this.addSql(`alter table "products" drop column "created_by";`);
    this.addSql(`drop view "event_listeners";`);
    for (const table of ['events', 'webhooks']) this.addSql(`alter index "${table}_workspace_id_index" rename to "${table}_user_id_index";`);
    for (const index of PRODUCT_INDEXES) this.addSql(`alter index "products_workspace_${index}" rename to "products_owner_${index}";`);
    for (const { table, from, foreignKey } of RENAMED) {
      if (foreignKey) this.addSql(`alter table "${table}" drop constraint "${table}_workspace_id_foreign";`);
      this.addSql(`alter table "${table}" rename column "workspace_id" to "${from}";`);
      if (foreignKey) this.addSql(`alter table "${table}" add constraint "${table}_${from}_foreign" foreign key ("${from}") references "users" ("id") on update cascade on delete cascade;`);
    }
    this.addSql(EVENT_LISTENERS('user_id'));
    for (const sql of [CATALOGUE_STATS_BEFORE, EVENTS_BEFORE, PRODUCT_HISTORY_BEFORE]) this.addSql(sql);
    this.addSql(`drop table "workspace_members";`);
    this.addSql(`drop table "workspaces";`);
  }
}
