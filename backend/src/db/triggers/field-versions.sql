-- The version at which each field of a product last changed, kept in
-- `field_versions` ({"field": version}, fields as the API names them), so that an edit made against an
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
