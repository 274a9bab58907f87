import { Migration } from '@mikro-orm/migrations';

/**
 * The event outbox: `events` holds what happened to a product until the
 * relay hands it to the subscribers (webhooks, low-stock emails).
 *
 * Statement-level triggers on `products` write the events, so every write
 * path (an edit, a sale, a bulk change, an import, the trash) records them
 * in its own transaction without knowing about them, and a write of many
 * rows records its events with one INSERT ... SELECT over the transition
 * tables instead of a row at a time. The row is stored as the change left
 * it; the relay shows it as the API does.
 *
 * - product.created: an inserted row.
 * - product.updated: a live row whose fields other than the quantity changed
 *   (a sale is a stock change, not an edit; an edit of both is both).
 * - product.deleted: a live row moved to the trash, or removed outright
 *   (purging a row already in the trash says nothing more; nor does the
 *   removal of an account with its catalogue, whose events have no one to go to).
 * - product.restored: a row taken out of the trash.
 * - stock.changed: a live row whose quantity changed.
 * - stock.low / stock.out: a live row whose stock status (out at 0, low at or
 *   under its reorder level, in stock otherwise) changed to low or out: once
 *   per crossing, not again while it stays there. This is the crossing the
 *   activity log records as "running low" / "out of stock".
 *
 * A transaction that sets `stockroom.events` to 'crossings' (SET LOCAL: an
 * import) records the stock.low and stock.out crossings only. An import of
 * 100,000 rows would otherwise write, and then queue, 100,000 events per
 * kind; the activity log, too, gives an import one entry rather than one per
 * product. The crossings stay, since the low-stock emails and webhooks of
 * stock.low / stock.out are about exactly those.
 */
const STATUS = (row: string) => `case when ${row}.quantity = 0 then 'out' when ${row}.quantity <= ${row}.reorder_level then 'low' else 'in' end`;

const VISIBLE = (row: string) =>
  `(${['name', 'description', 'price', 'category', 'reorder_level', 'image_url', 'sku', 'barcode', 'featured'].map((column) => `${row}.${column}`).join(', ')})`;

/** Whether the transaction asked for the crossings only. */
const CROSSINGS_ONLY = `coalesce(current_setting('stockroom.events', true), '') = 'crossings'`;

export const INSERTED = `create function events_record_inserted() returns trigger language plpgsql as $$
begin
  if ${CROSSINGS_ONLY} then return null; end if;
  insert into events (user_id, type, product)
  select n.owner_id, 'product.created', to_jsonb(n) from new_rows n where n.deleted_at is null;
  return null;
end $$;`;

/**
 * The events of an updated row, one `t.type` per kind (null where it does not apply), from the
 * row before (`o`) and after (`n`): the FROM of events_record_updated's insert.
 */
export const UPDATED_ROW_EVENTS = `from old_rows o join new_rows n on n.id = o.id
  cross join lateral (values
    (case when o.deleted_at is null and n.deleted_at is not null then 'product.deleted' end),
    (case when o.deleted_at is not null and n.deleted_at is null then 'product.restored' end),
    (case when o.deleted_at is null and n.deleted_at is null and ${VISIBLE('o')} is distinct from ${VISIBLE('n')} then 'product.updated' end),
    (case when o.deleted_at is null and n.deleted_at is null and o.quantity <> n.quantity then 'stock.changed' end),
    (case when o.deleted_at is null and n.deleted_at is null and ${STATUS('n')} <> 'in' and ${STATUS('n')} <> ${STATUS('o')}
      then 'stock.' || ${STATUS('n')} end)
  ) as t(type)`;

export const UPDATED = `create function events_record_updated() returns trigger language plpgsql as $$
begin
  insert into events (user_id, type, product)
  select n.owner_id, t.type, to_jsonb(n)
  ${UPDATED_ROW_EVENTS}
  where t.type is not null and (t.type in ('stock.low', 'stock.out') or not ${CROSSINGS_ONLY});
  return null;
end $$;`;

export const DELETED = `create function events_record_deleted() returns trigger language plpgsql as $$
begin
  insert into events (user_id, type, product)
  select o.owner_id, 'product.deleted', to_jsonb(o) from old_rows o
  where o.deleted_at is null and exists (select 1 from users u where u.id = o.owner_id);
  return null;
end $$;`;

export class Migration20261126000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "events" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "type" text check ("type" in ('product.created', 'product.updated', 'product.deleted', 'product.restored', 'stock.changed', 'stock.low', 'stock.out')) not null, "product" jsonb not null, "created_at" timestamptz not null default now(), constraint "events_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "events_user_id_index" on "events" ("user_id");`);
    this.addSql(`create index "events_created_idx" on "events" ("created_at", "id");`);
    this.addSql(`alter table "events" add constraint "events_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(INSERTED);
    this.addSql(UPDATED);
    this.addSql(DELETED);
    this.addSql(`create trigger events_inserted after insert on products referencing new table as new_rows for each statement execute function events_record_inserted();`);
    this.addSql(`create trigger events_updated after update on products referencing old table as old_rows new table as new_rows for each statement execute function events_record_updated();`);
    this.addSql(`create trigger events_deleted after delete on products referencing old table as old_rows for each statement execute function events_record_deleted();`);
  }

  override async down(): Promise<void> {
    for (const op of ['inserted', 'updated', 'deleted']) {
      this.addSql(`drop trigger if exists events_${op} on products;`);
      this.addSql(`drop function if exists events_record_${op}();`);
    }
    this.addSql(`drop table if exists "events" cascade;`);
  }
}
