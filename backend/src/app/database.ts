import { MikroORM } from '@mikro-orm/postgresql';
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
