-- Text as product search compares it: without accents. `unaccent()` itself
-- is only STABLE (it finds its dictionary through the search path); naming
-- the function and the dictionary makes the result depend on the text alone,
-- so it may be IMMUTABLE, as the generated `search_text` column and its
-- index require.
create or replace function f_unaccent(text) returns text
language sql immutable parallel safe strict
as $$
  select public.unaccent('public.unaccent', $1)
$$;
