import type { EntityManager, Knex, MikroORM } from '@mikro-orm/postgresql';

/**
 * A statement written out by hand, for the hot paths where the ORM's query
 * building and hydration cost more than the query. Placeholders are `?`
 * (knex style); every value is a bound parameter, never spliced into the
 * text. The bench baseline runs the same statements with `pg`.
 */
export interface Statement {
  sql: string;
  values: unknown[];
}

/**
 * Runs a statement and returns its rows: in the EntityManager's transaction if it has one, else on
 * the pool; `outsideTransaction` runs it on the pool whatever the caller has open (a count that must
 * stand even if the caller's work rolls back). The values are bound, never written into the text.
 */
export async function runStatement<T>(em: EntityManager, { sql, values }: Statement, { outsideTransaction = false } = {}): Promise<T[]> {
  const runner = (outsideTransaction ? undefined : em.getTransactionContext<Knex.Transaction>()) ?? em.getKnex();
  const result = await runner.raw(sql, values as never[]);
  return result.rows as T[];
}

/**
 * Runs single statements straight on the ORM's connection pool, outside any
 * transaction and without an EntityManager. A read-only request (or a write
 * that is one statement) needs neither a unit of work nor knex's raw-query
 * compilation, which together cost more node CPU than the statement itself.
 */
export interface SqlPool {
  query<T>(statement: Statement): Promise<T[]>;
}

/** The connection used by pg's `query(text, values)`; the pool hands out pg clients. */
interface PgConnection {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * `?` placeholders numbered as PostgreSQL wants them (`$1`, `$2`, ...). The
 * statements never contain a literal `?` (knex would need it escaped too).
 */
export const numberedPlaceholders = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** The serving pool right now: connections in use, free, and requests waiting for one. */
export function poolStatsOf(orm: MikroORM): { used: number; free: number; waiting: number } {
  const pool = (orm.em.getKnex().client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool;
  return pool ? { used: pool.numUsed(), free: pool.numFree(), waiting: pool.numPendingAcquires() } : { used: 0, free: 0, waiting: 0 };
}

export function createSqlPool(orm: MikroORM): SqlPool {
  // The knex client owns the pool (its size, the session time zone); borrowing its connections keeps one pool.
  const client = orm.em.getKnex().client as { acquireConnection(): Promise<PgConnection>; releaseConnection(c: PgConnection): Promise<void> };
  return {
    async query<T>({ sql, values }: Statement): Promise<T[]> {
      const connection = await client.acquireConnection();
      try {
        return (await connection.query(numberedPlaceholders(sql), values)).rows as T[];
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

/**
 * A case-insensitive substring search term for `ILIKE ? ESCAPE '!'`: `!` is
 * the escape character, so it and the wildcards `%` and `_` match themselves.
 */
export const likePattern = (term: string) => `%${term.replace(/[!%_]/g, (c) => `!${c}`)}%`;
