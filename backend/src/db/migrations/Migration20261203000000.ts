import { Migration } from '@mikro-orm/migrations';

/**
 * A search's matches counted as the schema's owner, with no order: the count
 * up to the cap read the trigram index's matches as they come instead of
 * walking the newest products until it had enough.
 *
 * The function is the one in backend/src/db/triggers/workspace-wall.sql at
 * the time of this migration, copied here so it never changes under an
 * existing database.
 */
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
    using current_workspace_id(), '%' || regexp_replace(lower(f_unaccent(term)), '([!%_])', '!\\1', 'g') || '%', term, most;
  return matched;
end
$$;`;

export class Migration20261203000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(PRODUCTS_MATCHING_SEARCH_COUNT);
  }

  override async down(): Promise<void> {
    this.addSql('drop function products_matching_search_count(text, integer);');
  }
}
