-- Every workspace has a default location, "Main", from its first moment,
-- whichever way it is created (a personal one at sign-up, a shared one, the
-- seed): stock that names no place is there. It runs as the schema's owner:
-- a workspace is opened by a request that has not entered it, and the
-- policy on locations would refuse the row.
create or replace function workspaces_open_default_location() returns trigger
language plpgsql
security definer
set search_path = public, pg_temp
as $$
begin
  insert into locations (id, workspace_id, name, is_default)
  select gen_random_uuid(), n.id, 'Main', true from new_rows as n;
  return null;
end
$$;

create or replace trigger workspaces_default_location after insert on workspaces
  referencing new table as new_rows for each statement execute function workspaces_open_default_location();
