import { Migration } from '@mikro-orm/migrations';

/**
 * analyze_after_bulk_write: an import analyses the catalogue's tables when it changed enough rows for autovacuum to,
 * at once instead of a minute or more later. The function is the one in backend/src/db/triggers/statistics.sql at the
 * time of this migration, copied here so it never changes under an existing database.
 */
const ANALYZE_AFTER_BULK_WRITE = `create or replace function analyze_after_bulk_write(changed integer) returns void
language plpgsql
security definer
set search_path = public, pg_temp
as $$
declare
  target text;
begin
  for target in
    select c.relname from pg_class as c
    where c.relnamespace = 'public'::regnamespace
      and c.relname in ('products', 'stock_levels', 'stock_movements')
      and changed > current_setting('autovacuum_analyze_threshold')::integer
        + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
  loop
    execute format('analyze %I', target);
  end loop;
end
$$;`;

export class Migration20261204010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(ANALYZE_AFTER_BULK_WRITE);
  }

  override async down(): Promise<void> {
    this.addSql('drop function analyze_after_bulk_write(integer);');
  }
}
