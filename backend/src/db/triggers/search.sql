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

-- The LIKE pattern that finds a search term inside search_text: the term as
-- search_text holds text (unaccented, lower case), between two `%`, with `!`
-- escaping the `!`, `%` and `_` it holds (unaccent can make some of them), so
-- they match themselves. IMMUTABLE: a term bound as a value is worked out
-- while planning, and the trigram index serves the pattern.
create or replace function search_pattern(term text) returns text
language sql immutable parallel safe
as $$
  select '%' || regexp_replace(lower(f_unaccent(term)), '([!%_])', '!\1', 'g') || '%'
$$;
