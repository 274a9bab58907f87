-- The event outbox: what happened to a product, kept in `events` until the
-- relay hands it to the subscribers (webhooks, low-stock emails), and only for
-- a workspace someone listens to for that type (the view `event_listeners`), so
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
