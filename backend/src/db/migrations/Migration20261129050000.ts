import { Migration } from '@mikro-orm/migrations';

/**
 * Row-level security on the workspace-owned tables, a second wall behind the
 * service layer's scoping: the app role sees and writes only the rows of the
 * workspace its transaction has set (`stockroom.workspace_id`, see
 * db/workspace-scope.ts), and a statement that forgets to set it sees none.
 *
 * The functions are the ones in backend/src/db/triggers/workspace-wall.sql at
 * the time of this migration, copied here so they never change under an
 * existing database.
 *
 * The policies are not FORCEd: the schema's owner (migrations, and the jobs
 * that act for every workspace at once: digests, the event relay, webhook
 * deliveries, housekeeping) is not held by them, and neither are the
 * foreign keys' cascades, which run as the owner.
 *
 * Three tables that carry a workspace_id stay outside the wall because they
 * are what a request reads to learn which workspace it may enter, before it
 * has one, and across the caller's workspaces: `workspace_members` (the
 * caller's memberships, the workspace switcher's list), `api_tokens` (a token
 * found by its hash says its workspace; a password change revokes the
 * account's tokens in every workspace) and `workspace_invitations` (found by
 * its link's token by someone not yet a member). Each of those reads is keyed
 * by the caller's id or a secret's hash.
 *
 * An account's own activity (signing in, a profile or password change) goes
 * to its personal workspace, which such a request has not entered: two
 * functions that run as the owner write and read those entries, keyed by the
 * account's id, and nothing else. A write that matched no product says why
 * (missing, or another workspace's: 404 or 403) from a third, which tells
 * only which workspace holds a product id and whether it is in the trash; a
 * fourth sums every workspace's running totals for the site admin's figures.
 * A fifth finds a search's exact SKU or barcode through the unique indexes of
 * live codes, which PostgreSQL does not use behind a policy for `lower(sku)`
 * (not a leakproof function); it answers ids, read back behind the policy.
 */
/** db/triggers/workspace-wall.sql as this migration applies it. */
const WORKSPACE_WALL = `-- Row-level security keeps the app role to the workspace its request set:
-- every table with a workspace_id (but the three that say which workspaces a
-- caller may enter) has one policy, \`workspace_id = current_workspace_id()\`,
-- for reading and writing. An unset or empty setting is no workspace: no rows.
create or replace function current_workspace_id() returns uuid
language sql
stable
as $$ select nullif(current_setting('stockroom.workspace_id', true), '')::uuid $$;

-- The few reads and writes a request makes outside the workspace it entered
-- run as the schema's owner, each keyed and narrow.

-- An account's own activity (signing in, a profile or password change) goes to
-- its personal workspace, which such a request has not entered.
create or replace function log_account_activity(account uuid, activity_kind text, activity_details jsonb) returns void
language sql
security definer
set search_path = public, pg_temp
as $$
  insert into activity_log (workspace_id, user_id, kind, details)
  select id, account, activity_kind, activity_details from workspaces where personal_user_id = account
$$;

-- Whether the account has signed in at all (sign-ins are in its personal workspace).
create or replace function account_has_signed_in(account uuid) returns boolean
language sql
stable
security definer
set search_path = public, pg_temp
as $$
  select exists (select 1 from activity_log where user_id = account and kind = 'signed_in')
$$;

-- Which workspace holds a product and whether it is in the trash there: why a
-- write that matched no row failed (another workspace's live product: 403).
create or replace function product_placement(product uuid) returns table (workspace_id uuid, trashed boolean)
language sql
stable
security definer
set search_path = public, pg_temp
as $$
  select p.workspace_id, p.deleted_at is not null from products as p where p.id = product
$$;

-- Every workspace's running totals summed, for the site admin's figures.
create or replace function site_catalogue_totals() returns table (total_products int, inventory_value float8)
language sql
stable
security definer
set search_path = public, pg_temp
as $$
  select coalesce(sum(s.total_products), 0)::int, coalesce(sum(s.inventory_value), 0)::float8 from catalogue_stats as s
$$;

-- A workspace's live products whose SKU (ignoring case) or barcode is exactly
-- the code: what a scanner or a typed code means, for a search to put first.
-- Behind the policy lower(sku) is not leakproof, so PostgreSQL would not look
-- it up in the SKU index and would read the whole catalogue; here the unique
-- indexes of live codes answer. It gives ids only, which a statement reads
-- from products behind the policy: it narrows what the request sees, never
-- widens it.
create or replace function products_with_code(workspace uuid, code text) returns setof uuid
language sql
stable
security definer
set search_path = public, pg_temp
as $$
  select p.id from products as p
  where p.workspace_id = workspace and p.deleted_at is null
    and ((lower(p.sku) = lower(code) and p.sku is not null) or (p.barcode = code and p.barcode is not null))
$$;
`;

const WORKSPACE_WALLED_TABLES = [
  'products',
  'catalogue_stats',
  'stock_movements',
  'bulk_edits',
  'events',
  'webhooks',
  'notification_settings',
  'stock_alerts',
  'activity_log',
] as const;

export class Migration20261129050000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(WORKSPACE_WALL);
    for (const table of WORKSPACE_WALLED_TABLES) {
      this.addSql(`alter table "${table}" enable row level security;`);
      this.addSql(`create policy "${table}_workspace" on "${table}" using ("workspace_id" = current_workspace_id()) with check ("workspace_id" = current_workspace_id());`);
    }
  }

  override async down(): Promise<void> {
    for (const table of WORKSPACE_WALLED_TABLES) {
      this.addSql(`drop policy "${table}_workspace" on "${table}";`);
      this.addSql(`alter table "${table}" disable row level security;`);
    }
    this.addSql(`drop function products_with_code(uuid, text);`);
    this.addSql(`drop function site_catalogue_totals();`);
    this.addSql(`drop function product_placement(uuid);`);
    this.addSql(`drop function account_has_signed_in(uuid);`);
    this.addSql(`drop function log_account_activity(uuid, text, jsonb);`);
    this.addSql(`drop function current_workspace_id();`);
  }
}
