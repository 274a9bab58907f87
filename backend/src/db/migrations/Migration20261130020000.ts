import { Migration } from '@mikro-orm/migrations';

/**
 * A search's matches found as the schema's owner, so that the trigram index
 * serves a rare term behind row-level security (LIKE is not leakproof, and
 * the policy kept PostgreSQL from using the index for it).
 *
 * The function is the one in backend/src/db/triggers/workspace-wall.sql at
 * the time of this migration, copied here so it never changes under an
 * existing database.
 */
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
    using current_workspace_id(), '%' || regexp_replace(lower(f_unaccent(term)), '([!%_])', '!\\1', 'g') || '%', term, most;
end
$$;`;

export class Migration20261130020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(PRODUCTS_MATCHING_SEARCH);
  }

  override async down(): Promise<void> {
    this.addSql('drop function products_matching_search(text, integer);');
  }
}
