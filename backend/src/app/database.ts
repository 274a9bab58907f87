import { MikroORM } from '@mikro-orm/postgresql';
import { ConfigError } from '../config/config';
import { scopeConnectionsToWorkspace } from '../db/workspace-scope';
import { ormConfig } from './orm-config';

/** How the serving pool treats a slow or absent database; every field is optional, with PostgreSQL's and pg's defaults. */
export interface DatabaseLimits {
  poolMax?: number;
  /** Opening a connection. */
  connectTimeoutMs?: number;
  /** Waiting for a free connection of the pool. */
  acquireTimeoutMs?: number;
  /** One statement, enforced by PostgreSQL; the client gives up a little later, for a server that does not answer at all. */
  statementTimeoutMs?: number;
}

/** A hung server cannot enforce its own statement timeout, so the client stops waiting this much later. */
const CLIENT_GRACE_MS = 2_000;

/** The connect and statement limits as a pg connection takes them: the serving pool's, and the job queue's pool too. */
export function pgConnectionLimits({ connectTimeoutMs, statementTimeoutMs }: DatabaseLimits) {
  return {
    ...(connectTimeoutMs !== undefined && { connectionTimeoutMillis: connectTimeoutMs }),
    ...(statementTimeoutMs !== undefined && { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + CLIENT_GRACE_MS }),
  };
}

function servingOptions({ poolMax, acquireTimeoutMs, ...limits }: DatabaseLimits) {
  return {
    ...(poolMax !== undefined && { pool: { min: 0, max: poolMax } }),
    driverOptions: {
      ...(acquireTimeoutMs !== undefined && { acquireConnectionTimeout: acquireTimeoutMs }),
      connection: pgConnectionLimits(limits),
    },
  };
}

/**
 * Applies pending migrations, then opens the pool the app serves from. The migrations run on a
 * connection of their own without the statement limit: a statement timeout sized for requests would
 * cut a migration that rewrites a large table.
 */
export async function openDatabase(databaseUrl: string, limits: DatabaseLimits = {}): Promise<MikroORM> {
  // Reaching the database is held to the serving connect limits, so a DATABASE_URL that never answers fails start-up in seconds.
  const { connectTimeoutMs, acquireTimeoutMs } = limits;
  const migrating = await MikroORM.init(
    ormConfig(databaseUrl, { pool: { min: 0, max: 1 }, ...servingOptions({ connectTimeoutMs, acquireTimeoutMs }) }),
  );
  try {
    await migrating.getMigrator().up();
  } finally {
    await migrating.close();
  }
  return MikroORM.init(ormConfig(databaseUrl, servingOptions(limits)));
}

/** The pools a server runs on. */
export interface AppDatabases {
  /** Requests are served from it, as the app role: row-level security holds every statement to the request's workspace. */
  orm: MikroORM;
  /**
   * As the schema's owner, which the policies do not hold: the background jobs whose work spans
   * workspaces (mail digests, housekeeping, the event relay, webhook deliveries). The serving pool
   * itself when no app role is configured.
   */
  ownerOrm: MikroORM;
}

/** A role name as SQL spells an identifier. */
const quotedIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** An app role that cannot be used: an operator's mistake, said in one line at start-up like a bad setting. */
export class AppRoleError extends ConfigError {}

/**
 * The serving pool could not be opened as the app role (a wrong password, a role that may not log
 * in, a host that does not answer), so start-up names DATABASE_APP_URL rather than DATABASE_URL,
 * which had just worked. It keeps the host, never the URL: the URL holds the password.
 */
export class AppRoleConnectError extends Error {
  constructor(
    readonly host: string,
    cause: unknown,
  ) {
    super(`Could not connect to the database at ${host} as DATABASE_APP_URL's role: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * What the app role may do, granted by the schema's owner at each start so a table a migration adds
 * is covered at once: read and write rows (never alter, truncate or own a table), use the sequences,
 * call the functions. The migrations' own record stays the owner's. An advisory lock keeps instances
 * starting together from granting on the same objects at once, which PostgreSQL refuses.
 */
async function grantAppRole(owner: MikroORM, role: string): Promise<void> {
  const knex = owner.em.getKnex();
  const [found] = (await knex.raw('SELECT rolsuper, rolbypassrls, rolcanlogin FROM pg_roles WHERE rolname = ?', [role])).rows as Array<{
    rolsuper: boolean;
    rolbypassrls: boolean;
    rolcanlogin: boolean;
  }>;
  if (!found) throw new AppRoleError(`DATABASE_APP_URL's role "${role}" does not exist: create it as the README says`);
  if (!found.rolcanlogin) throw new AppRoleError(`DATABASE_APP_URL's role "${role}" cannot log in: give it LOGIN (ALTER ROLE ... LOGIN)`);
  if (found.rolsuper || found.rolbypassrls) {
    throw new AppRoleError(`DATABASE_APP_URL's role "${role}" is a superuser or has BYPASSRLS: row-level security would not hold it. Use a role with neither`);
  }
  const grantee = quotedIdentifier(role);
  await knex.transaction(async (tx) => {
    await tx.raw(`SELECT pg_advisory_xact_lock(hashtext('stockroom app role grants'))`);
    await tx.raw(`GRANT USAGE ON SCHEMA public TO ${grantee}`);
    await tx.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${grantee}`);
    await tx.raw(`REVOKE ALL ON mikro_orm_migrations FROM ${grantee}`);
    await tx.raw(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${grantee}`);
    await tx.raw(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${grantee}`);
  });
}

/**
 * Migrates the database as its owner (`ownerUrl`), grants the app role of `appUrl` what it needs,
 * and opens the pool requests are served from as that role, each connection scoped to its request's
 * workspace (see db/workspace-scope.ts). Without `appUrl` requests are served as the owner: the
 * policies do not hold the table owner, so only the service layer's scoping keeps workspaces apart.
 */
export async function openAppDatabases(ownerUrl: string, appUrl: string | undefined, limits: DatabaseLimits = {}): Promise<AppDatabases> {
  const ownerOrm = await openDatabase(ownerUrl, limits);
  if (!appUrl) {
    scopeConnectionsToWorkspace(ownerOrm);
    return { orm: ownerOrm, ownerOrm };
  }
  try {
    await grantAppRole(ownerOrm, decodeURIComponent(new URL(appUrl).username));
    const orm = await MikroORM.init(ormConfig(appUrl, servingOptions(limits))).catch((error: unknown) => {
      throw new AppRoleConnectError(new URL(appUrl).host, error);
    });
    scopeConnectionsToWorkspace(orm);
    return { orm, ownerOrm };
  } catch (error) {
    await ownerOrm.close();
    throw error;
  }
}
