import { Migration } from '@mikro-orm/migrations';
import { DELETED, INSERTED, UPDATED, UPDATED_ROW_EVENTS } from './Migration20261126000000';

/**
 * The outbox records an event only for an owner someone listens to for its
 * type: `event_listeners` names them (each enabled webhook's events, and the
 * stock.low / stock.out crossings for an owner whose low-stock emails are on).
 * Most owners have no listener, so most writes record nothing, and the
 * relay has nothing to hand on. With that, an import no longer needs to keep
 * to the crossings: an owner who listens for product.created hears of every
 * imported product, and one who does not costs the import nothing.
 *
 * A subscriber added later adds its part to the view; one that is not in it
 * hears nothing. A webhook switched on or an email setting turned on hears of
 * the changes made from then on, not before.
 */
const LISTENERS = `create view event_listeners (user_id, type) as
  select w.user_id, unnest(w.events) from webhooks w where w.enabled
  union all
  select s.user_id, t.type from notification_settings s cross join (values ('stock.low'), ('stock.out')) as t(type)
  where s.low_stock_emails <> 'NEVER';`;

const listened = (owner: string, type: string) => `exists (select 1 from event_listeners l where l.user_id = ${owner} and l.type = ${type})`;

export const RECORD_INSERTED = `create or replace function events_record_inserted() returns trigger language plpgsql as $$
begin
  insert into events (user_id, type, product)
  select n.owner_id, 'product.created', to_jsonb(n) from new_rows n
  where n.deleted_at is null and ${listened('n.owner_id', `'product.created'`)};
  return null;
end $$;`;

export const RECORD_UPDATED = `create or replace function events_record_updated() returns trigger language plpgsql as $$
begin
  insert into events (user_id, type, product)
  select n.owner_id, t.type, to_jsonb(n)
  ${UPDATED_ROW_EVENTS}
  where t.type is not null and ${listened('n.owner_id', 't.type')};
  return null;
end $$;`;

export const RECORD_DELETED = `create or replace function events_record_deleted() returns trigger language plpgsql as $$
begin
  insert into events (user_id, type, product)
  select o.owner_id, 'product.deleted', to_jsonb(o) from old_rows o
  where o.deleted_at is null and ${listened('o.owner_id', `'product.deleted'`)} and exists (select 1 from users u where u.id = o.owner_id);
  return null;
end $$;`;

const replacing = (sql: string) => sql.replace('create function', 'create or replace function');

export class Migration20261126030000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(LISTENERS);
    this.addSql(RECORD_INSERTED);
    this.addSql(RECORD_UPDATED);
    this.addSql(RECORD_DELETED);
  }

  override async down(): Promise<void> {
    for (const sql of [INSERTED, UPDATED, DELETED]) this.addSql(replacing(sql));
    this.addSql(`drop view if exists event_listeners;`);
  }
}
