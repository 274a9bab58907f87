import { Migration } from '@mikro-orm/migrations';

/**
 * An edit refused only when it collides: `field_versions` keeps the version
 * at which each field of a product last changed (a trigger fills it in), so
 * an update made against an older version lands when none of the fields it
 * writes changed since to another value (a sale changes the quantity alone).
 * Existing rows start without one: every field of theirs counts as changed
 * at their current version, as strict as before. product_changed_fields
 * leaves the new column out, so neither the activity nor the events name it.
 * The definitions are those of backend/src/db/triggers/field-versions.sql and
 * product-history.sql at the time of this migration (after
 * Migration20261128200000, whose generated column they leave out).
 */
/** db/triggers/field-versions.sql as this migration applies it. */
const FIELD_VERSIONS = `-- The version at which each field of a product last changed, kept in
-- \`field_versions\` ({"field": version}, fields as the API names them), so that an edit made against an
-- older version is refused only when it collides with what happened since:
-- when a field it writes changed after that version to something else than
-- what it writes. A sale changes the quantity alone, so an edit of the name
-- made while the form was open still lands, and the sale with it. A row from
-- before the column has none: all its fields count as changed at the version
-- it had then ("*"), and its first write fills in the fields it changes.
create or replace function products_note_field_versions() returns trigger
language plpgsql
as $$
begin
  new.field_versions := coalesce(old.field_versions, jsonb_build_object('*', old.version))
    || coalesce((select jsonb_object_agg(f, new.version) from unnest(product_changed_fields(old, new)) as f), '{}');
  return new;
end
$$;

-- The version at which a field (as the API names it) last changed; 0 when
-- it has not changed since the product was created.
create or replace function product_field_version(p products, field text) returns integer
language sql immutable parallel safe
as $$
  select coalesce(p.field_versions ->> field, p.field_versions ->> '*', case when p.field_versions is null then p.version::text end, '0')::integer
$$;

-- Only a write that makes a new version: a restore from the trash, or a
-- count that found what was expected, changes no field.
create or replace trigger products_field_versions before update on products
  for each row when (old.version is distinct from new.version) execute function products_note_field_versions();
`;

/** product_changed_fields of db/triggers/product-history.sql as this migration applies it. */
const CHANGED_FIELDS = `-- The fields whose value differs between two versions of a product, in the
-- table's column order: every column but the bookkeeping ones, so a new
-- column is named without a change here, and but the generated ones, which
-- follow the others and so are never a change of their own.
create or replace function product_changed_fields(o products, n products) returns text[]
language sql stable parallel safe
as $$
  select coalesce(array_agg(product_field_name(a.attname) order by a.attnum), '{}')
  from (select to_jsonb(o) as before, to_jsonb(n) as after) as r
  cross join pg_attribute as a
  where a.attrelid = 'products'::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and a.attname not in ('id', 'owner_id', 'created_at', 'updated_at', 'version', 'deleted_at', 'last_change', 'field_versions')
    and r.before -> a.attname::text is distinct from r.after -> a.attname::text
$$;
`;

/** product_changed_fields as it was before (Migration20261128200000). */
const CHANGED_FIELDS_BEFORE = `-- The fields whose value differs between two versions of a product, in the
-- table's column order: every column but the bookkeeping ones, so a new
-- column is named without a change here, and but the generated ones, which
-- follow the others and so are never a change of their own.
create or replace function product_changed_fields(o products, n products) returns text[]
language sql stable parallel safe
as $$
  select coalesce(array_agg(product_field_name(a.attname) order by a.attnum), '{}')
  from (select to_jsonb(o) as before, to_jsonb(n) as after) as r
  cross join pg_attribute as a
  where a.attrelid = 'products'::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and a.attname not in ('id', 'owner_id', 'created_at', 'updated_at', 'version', 'deleted_at', 'last_change')
    and r.before -> a.attname::text is distinct from r.after -> a.attname::text
$$;
`;

export class Migration20261128210100 extends Migration {
  override async up(): Promise<void> {
    // Null in the existing rows (their history is unknown), empty in a new one.
    this.addSql(`alter table "products" add column "field_versions" jsonb null;`);
    this.addSql(`alter table "products" alter column "field_versions" set default '{}';`);
    this.addSql(CHANGED_FIELDS);
    this.addSql(FIELD_VERSIONS);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists products_field_versions on products;`);
    this.addSql(`drop function if exists products_note_field_versions();`);
    this.addSql(`drop function if exists product_field_version(products, text);`);
    this.addSql(CHANGED_FIELDS_BEFORE);
    this.addSql(`alter table "products" drop column "field_versions";`);
  }
}
