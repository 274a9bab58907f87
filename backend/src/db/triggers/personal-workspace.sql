-- Every account has a personal workspace from its first moment, whichever
-- way it is created (sign-up, the seed, a script): named after the account's
-- first name, with the account as its owner. It goes when the account goes
-- (`personal_user_id` cascades).
create or replace function users_open_personal_workspace() returns trigger
language plpgsql
as $$
begin
  with opened as (
    insert into workspaces (id, name, personal, personal_user_id)
    select gen_random_uuid(), n.first_name || '''s stockroom', true, n.id from new_rows as n
    returning id, personal_user_id
  )
  insert into workspace_members (workspace_id, user_id, role)
  select id, personal_user_id, 'OWNER' from opened;
  return null;
end
$$;

create or replace trigger users_personal_workspace after insert on users
  referencing new table as new_rows for each statement execute function users_open_personal_workspace();
