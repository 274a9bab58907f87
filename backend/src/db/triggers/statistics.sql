-- After a write of `changed` rows at once (an import), the catalogue's tables
-- are analysed now if autovacuum would analyse them for it (more changes than
-- its threshold plus its scale factor of the table's rows at the last
-- analysis), rather than a minute or more later. Until then the planner has
-- no statistics for the new rows, and a stock change's statements, planned
-- without them, take several times as long. As the schema's owner: only a
-- table's owner may analyse it.
create or replace function analyze_after_bulk_write(changed integer) returns void
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
$$;
