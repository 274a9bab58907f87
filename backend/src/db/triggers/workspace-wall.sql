-- Row-level security keeps the app role to the workspace its request set:
-- every table with a workspace_id (but the three that say which workspaces a
-- caller may enter) has one policy, `workspace_id = current_workspace_id()`,
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

-- Up to `most` of the live products of the request's workspace that a search
-- term matches: its search_pattern (search.sql) inside search_text, or the
-- barcode whole. Behind the policy LIKE is not leakproof, so PostgreSQL would
-- neither use the trigram index for it nor read search_text's statistics, and
-- a search for a rare word would read every row of the workspace. The statement is planned with the pattern's value: a
-- rare term reads the trigram index, a common one walks the newest products
-- and stops after `most` matches (a bitmap of every match would be built
-- first, and an unordered LIMIT gives the planner no index to walk). The
-- workspace is the one the request set, never an argument, and it gives ids
-- only, which the list then reads behind the policy.
create or replace function products_matching_search(term text, most integer) returns setof uuid
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
    using current_workspace_id(), search_pattern(term), term, most;
end
$$;

-- How many live products of the request's workspace a search term matches, as
-- products_matching_search matches them, counting no further than `most`. A
-- count needs no order: the statement reads the trigram index's matches as
-- they come, where an ordered walk of the newest products read 200,000 rows
-- for 10,001 of a common word's matches at 1,000,000 products (411 against
-- 53 ms, EXPLAIN ANALYZE). Never a sequential scan: with no order to keep,
-- the planner would read the table (every workspace's rows) until it had
-- enough matches of a common word.
create or replace function products_matching_search_count(term text, most integer) returns integer
language plpgsql
stable
security definer
set search_path = public, pg_temp
set enable_seqscan = off
as $$
declare
  matched integer;
begin
  execute
    'select count(*)::int from (select 1 from products as p where p.workspace_id = $1 and p.deleted_at is null
       and (p.search_text like $2 escape ''!'' or (p.barcode = $3 and p.barcode is not null))
       limit $4) as matching'
    into matched
    using current_workspace_id(), search_pattern(term), term, most;
  return matched;
end
$$;
