import { Migration } from '@mikro-orm/migrations';

/**
 * Row-level security on the tables of locations: `locations` and
 * `stock_levels` carry a workspace_id and get the policy every
 * workspace-owned table has. A workspace's default location is opened by
 * the trigger on workspaces, in a request that has not entered the new
 * workspace: its function runs as the schema's owner.
 *
 * The function is the one in backend/src/db/triggers/default-location.sql
 * at the time of this migration, copied here so it never changes under an
 * existing database.
 */

/** db/triggers/default-location.sql as this migration applies it. */
const DEFAULT_LOCATION = `-- Every workspace has a default location, "Main", from its first moment,
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
`;

/** db/triggers/default-location.sql before this migration, for down(). */
const DEFAULT_LOCATION_BEFORE = `-- Every workspace has a default location, "Main", from its first moment,
-- whichever way it is created (a personal one at sign-up, a shared one, the
-- seed): stock that names no place is there.
create or replace function workspaces_open_default_location() returns trigger
language plpgsql
as $$
begin
  insert into locations (id, workspace_id, name, is_default)
  select gen_random_uuid(), n.id, 'Main', true from new_rows as n;
  return null;
end
$$;

create or replace trigger workspaces_default_location after insert on workspaces
  referencing new table as new_rows for each statement execute function workspaces_open_default_location();
`;

const TABLES = ['locations', 'stock_levels'] as const;

export class Migration20261130010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(DEFAULT_LOCATION);
    for (const table of TABLES) {
      this.addSql(`alter table "${table}" enable row level security;`);
      this.addSql(`create policy "${table}_workspace" on "${table}" using ("workspace_id" = current_workspace_id()) with check ("workspace_id" = current_workspace_id());`);
    }
  }

  override async down(): Promise<void> {
    for (const table of TABLES) {
      this.addSql(`drop policy "${table}_workspace" on "${table}";`);
      this.addSql(`alter table "${table}" disable row level security;`);
    }
    this.addSql(DEFAULT_LOCATION_BEFORE);
  }
}
