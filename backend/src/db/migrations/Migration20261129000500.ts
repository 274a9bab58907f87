import { Migration } from '@mikro-orm/migrations';

/**
 * Updates of many rows at a time (an import's upsert) stay linear:
 * - product_changed_fields, which every update runs for each row it writes
 *   (the field versions), compares the columns one by one instead of going
 *   through the catalogue and two jsonb copies of the row; the function is
 *   written out from the table's columns by define_product_changed_fields.
 * - The statement triggers that join a statement's old rows to its new ones
 *   never join them in a nested loop: PL/pgSQL keeps a connection's first
 *   plan, and one made for a single row compared every old row with every
 *   new one when an import of thousands came through the same connection.
 * The definitions are those of backend/src/db/triggers/product-history.sql
 * and events.sql at the time of this migration.
 */
const BOOKKEEPING = `'id', 'owner_id', 'created_at', 'updated_at', 'version', 'deleted_at', 'last_change', 'field_versions'`;

const DEFINE_CHANGED_FIELDS = `-- The fields whose value differs between two versions of a product, in the
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
    and a.attname not in (${BOOKKEEPING});
  execute format('create or replace function product_changed_fields(o products, n products) returns text[] language sql immutable parallel safe as %L',
    format('select array_remove(array[%s]::text[], null)', tests));
end
$$;`;

/** product_changed_fields as Migration20261128210100 left it. */
const GENERIC_CHANGED_FIELDS = `create or replace function product_changed_fields(o products, n products) returns text[]
language sql stable parallel safe
as $$
  select coalesce(array_agg(product_field_name(a.attname) order by a.attnum), '{}')
  from (select to_jsonb(o) as before, to_jsonb(n) as after) as r
  cross join pg_attribute as a
  where a.attrelid = 'products'::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and a.attname not in (${BOOKKEEPING})
    and r.before -> a.attname::text is distinct from r.after -> a.attname::text
$$;`;

const JOINING_TRIGGERS = ['products_record_updated', 'events_record_updated'];

export class Migration20261129000500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(DEFINE_CHANGED_FIELDS);
    this.addSql(`select define_product_changed_fields();`);
    for (const name of JOINING_TRIGGERS) this.addSql(`alter function ${name}() set enable_nestloop = off;`);
  }

  override async down(): Promise<void> {
    for (const name of JOINING_TRIGGERS) this.addSql(`alter function ${name}() reset enable_nestloop;`);
    this.addSql(GENERIC_CHANGED_FIELDS);
    this.addSql(`drop function define_product_changed_fields();`);
  }
}
