-- The login role the app serves requests as (DATABASE_APP_URL in compose.yaml): neither superuser
-- nor BYPASSRLS, so the row-level security policies hold it to the workspace of each request.
-- The postgres image runs this once, as POSTGRES_USER in POSTGRES_DB, when it initialises an empty
-- volume; its password comes from the container's POSTGRES_APP_PASSWORD (psql 15 or later reads it).
-- The role's table rights are not granted here: DATABASE_URL's role grants them at each start of
-- the app, after the migrations, so a table a new version adds is covered at once.
\set ON_ERROR_STOP on
\getenv app_password POSTGRES_APP_PASSWORD
CREATE ROLE stockroom_app LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD :'app_password';
