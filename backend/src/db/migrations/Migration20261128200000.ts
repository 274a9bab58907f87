import { Migration } from '@mikro-orm/migrations';

/**
 * Search ignores accents and case: `search_text` holds a product's name,
 * description, category and SKU unaccented and lower-cased, one
 * field a line (so a one-line term never matches across two fields), kept by
 * PostgreSQL itself as a stored generated column, and one trigram index
 * serves a substring search of all of them (a barcode is found only whole,
 * through its own index). The four trigram indexes of the single columns
 * go: nothing searches them alone any more.
 *
 * `f_unaccent` (db/triggers/search.sql at the time of this migration) names
 * `unaccent()` and its dictionary explicitly, so it may be IMMUTABLE, as a
 * generated column and an index require.
 *
 * A generated column follows the columns it is made of, so it is never a
 * change of its own: product_changed_fields (db/triggers/product-history.sql
 * at the time of this migration) leaves generated columns out, or an edit of
 * a name would also name `searchText` in the activity and the events.
 */
const SEARCH_TEXT = `lower(f_unaccent(name || E'\\n' || description || E'\\n' || category || E'\\n' || coalesce(sku, '')))`;

/** db/triggers/search.sql as this migration applies it. */
const F_UNACCENT = `-- Text as product search compares it: without accents. \`unaccent()\` itself
-- is only STABLE (it finds its dictionary through the search path); naming
-- the function and the dictionary makes the result depend on the text alone,
-- so it may be IMMUTABLE, as the generated \`search_text\` column and its
-- index require.
create or replace function f_unaccent(text) returns text
language sql immutable parallel safe strict
as $$
  select public.unaccent('public.unaccent', $1)
$$;
`;

const TRIGRAM_COLUMNS = ['name', 'description', 'category', 'sku'];

const changedFields = (generatedToo: boolean) => `-- The fields whose value differs between two versions of a product, in the
-- table's column order: every column but the bookkeeping ones, so a new
-- column is named without a change here${generatedToo ? '' : `, and but the generated ones, which
-- follow the others and so are never a change of their own`}.
create or replace function product_changed_fields(o products, n products) returns text[]
language sql stable parallel safe
as $$
  select coalesce(array_agg(product_field_name(a.attname) order by a.attnum), '{}')
  from (select to_jsonb(o) as before, to_jsonb(n) as after) as r
  cross join pg_attribute as a
  where a.attrelid = 'products'::regclass and a.attnum > 0 and not a.attisdropped${generatedToo ? '' : " and a.attgenerated = ''"}
    and a.attname not in ('id', 'owner_id', 'created_at', 'updated_at', 'version', 'deleted_at', 'last_change')
    and r.before -> a.attname::text is distinct from r.after -> a.attname::text
$$;`;

export class Migration20261128200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists unaccent;`);
    this.addSql(F_UNACCENT);
    this.addSql(changedFields(false));
    this.addSql(`alter table "products" add column "search_text" text generated always as (${SEARCH_TEXT}) stored;`);
    this.addSql(`create index "products_search_trgm_idx" on "products" using gin ("search_text" gin_trgm_ops) with (gin_pending_list_limit = 512) where "deleted_at" is null;`);
    for (const column of TRIGRAM_COLUMNS) this.addSql(`drop index "products_${column}_trgm_idx";`);
  }

  override async down(): Promise<void> {
    for (const column of TRIGRAM_COLUMNS) {
      this.addSql(`create index "products_${column}_trgm_idx" on "products" using gin ("${column}" gin_trgm_ops) with (gin_pending_list_limit = 512) where "deleted_at" is null;`);
    }
    this.addSql(`drop index "products_search_trgm_idx";`);
    this.addSql(`alter table "products" drop column "search_text";`);
    this.addSql(changedFields(true));
    this.addSql(`drop function f_unaccent(text);`);
    this.addSql(`drop extension if exists unaccent;`);
  }
}
