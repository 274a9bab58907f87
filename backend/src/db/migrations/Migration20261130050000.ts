import { Migration } from '@mikro-orm/migrations';
import { PRODUCTS_RECORD_UPDATED as BEFORE } from './Migration20261130030000';

/**
 * An import that sets a product's stock at several locations writes the
 * product once per level; the further writes say so in their context
 * (`level`), and products_record_updated no longer counts them in the
 * import's entry (the import took the extra counts back itself before).
 * The function is the one in backend/src/db/triggers/product-history.sql at
 * the time of this migration, copied here so it never changes under an
 * existing database.
 */

/** products_record_updated of db/triggers/product-history.sql as this migration applies it. */
const PRODUCTS_RECORD_UPDATED = `-- A changed product. Its stock levels follow its quantity, at the write's
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

  -- A further stock level of a product the import has written already (\`level\`) moves stock but is not counted again.
  for r in
    select n.workspace_id, (c ->> 'actor')::uuid as actor, count(*)::int as updated
    from new_rows as n cross join lateral product_change(n) as c where c ->> 'kind' = 'import' and c ->> 'level' is null group by 1, 2
  loop
    perform activity_log_import(r.workspace_id, r.actor, 0, r.updated);
  end loop;
  return null;
end
$$;
`;

export class Migration20261130050000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(PRODUCTS_RECORD_UPDATED);
  }

  override async down(): Promise<void> {
    this.addSql(BEFORE);
  }
}
