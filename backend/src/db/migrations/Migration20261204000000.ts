import { Migration } from '@mikro-orm/migrations';

/**
 * A search term's LIKE pattern in one function, search_pattern, which the list's text match and both search functions
 * call: the pattern was spelled in each of them. The functions are the ones in backend/src/db/triggers/search.sql and
 * workspace-wall.sql at the time of this migration, copied here so they never change under an existing database.
 */
const SEARCH_PATTERN = `create or replace function search_pattern(term text) returns text
language sql immutable parallel safe
as $$
  select '%' || regexp_replace(lower(f_unaccent(term)), '([!%_])', '!\\1', 'g') || '%'
$$;`;

const PRODUCTS_MATCHING_SEARCH = `create or replace function products_matching_search(term text, most integer) returns setof uuid
language plpgsql
stable
security definer
set search_path = public, pg_temp
as $$
begin
  return query execute
    'select p.id from products as p where p.workspace_id = $1 and p.deleted_at is null
       and (p.search_text like $2 escape ''!'' or (p.barcode = $3 and p.barcode is not null))
       order by p.created_at desc limit $4'
    using current_workspace_id(), search_pattern(term), term, most;
end
$$;`;

const PRODUCTS_MATCHING_SEARCH_COUNT = `create or replace function products_matching_search_count(term text, most integer) returns integer
language plpgsql
stable
security definer
set search_path = public, pg_temp
set enable_seqscan = off
as $$
declare
  matched integer;
begin
  execute
    'select count(*)::int from (select 1 from products as p where p.workspace_id = $1 and p.deleted_at is null
       and (p.search_text like $2 escape ''!'' or (p.barcode = $3 and p.barcode is not null))
       limit $4) as matching'
    into matched
    using current_workspace_id(), search_pattern(term), term, most;
  return matched;
end
$$;`;

/** The pattern as both functions spelled it before this migration, for down(). */
const PATTERN_BEFORE = `'%' || regexp_replace(lower(f_unaccent(term)), '([!%_])', '!\\1', 'g') || '%'`;
const before = (definition: string) => definition.replace('search_pattern(term)', PATTERN_BEFORE);

export class Migration20261204000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(SEARCH_PATTERN);
    this.addSql(PRODUCTS_MATCHING_SEARCH);
    this.addSql(PRODUCTS_MATCHING_SEARCH_COUNT);
  }

  override async down(): Promise<void> {
    this.addSql(before(PRODUCTS_MATCHING_SEARCH));
    this.addSql(before(PRODUCTS_MATCHING_SEARCH_COUNT));
    this.addSql('drop function search_pattern(text);');
  }
}
