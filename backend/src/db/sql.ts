import type { EntityManager, Knex, MikroORM } from '@mikro-orm/postgresql';
import Cursor from 'pg-cursor';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { orWhenLate } from '../common/deadline';

/**
 * A statement written out by hand, for the hot paths where the ORM's query
 * building and hydration cost more than the query. Placeholders are `?`
 * (knex style); every value is a bound parameter, never spliced into the
 * text. The bench baseline runs the same statements with `pg`.
 */
export interface Statement {
  sql: string;
  values: unknown[];
  /**
   * Kept prepared on each pooled connection (in a transaction too): parsed and planned once, then
   * PostgreSQL's generic plan. Only for a fixed text run on nearly every
   * request whose best plan does not depend on its values (lookups by key);
   * a search's or a list's plan does, and is made for each run's values.
   */
  prepared?: boolean;
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

/** The pool as requests have it: single statements, and long reads through a cursor. */
export interface RequestSqlPool extends SqlPool {
  /**
   * The rows of one statement in batches of `batchSize`, each row an array of
   * its columns, read through a cursor on one connection of the pool: a
   * million rows never sit in memory at once. Stopping early (a `break`, or
   * the consumer's stream destroyed) closes the cursor and gives the
   * connection back. The connection is held until then: a slow reader holds it as long.
   */
  batches(statement: Statement, batchSize: number): AsyncGenerator<unknown[][], void, undefined>;
  /**
   * Runs `work` in one transaction on one connection: committed when it
   * resolves, rolled back when it throws (or asks for it with `rollback`).
   * Each statement may take up to `statementTimeoutMs` (the pool's limit
   * otherwise), for the rare write that is large by design, such as an import.
   */
  transaction<T>(work: (tx: SqlTransaction) => Promise<T>, options?: { statementTimeoutMs?: number }): Promise<T>;
}

/** A transaction's connection: statements, and COPY ... FROM STDIN for loading many rows at once. */
export interface SqlTransaction extends SqlPool {
  /** Streams `text` (in the COPY statement's format) into `COPY ... FROM STDIN`. */
  copyFrom(copySql: string, text: Iterable<string> | AsyncIterable<string>): Promise<void>;
  /** Ends the transaction with ROLLBACK instead of COMMIT, though `work` resolves (a dry run). */
  rollback(): void;
}

/** The connection used by pg's `query(text, values)`; the pool hands out pg clients. */
interface PgConnection {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  query(config: { name?: string; text: string; values: unknown[]; query_timeout?: number }): Promise<{ rows: unknown[] }>;
  query<S extends NodeJS.WritableStream>(stream: S): S;
  query<C extends Cursor>(cursor: C): C;
  connectionParameters?: { query_timeout?: number };
  end(): Promise<void>;
}

/**
 * The longest a timer may wait (about 24.8 days). pg arms its read timeout
 * once per submitted query and clears it only through the query's callback,
 * which a cursor never calls: a cursor reading for longer than the timeout
 * would be cut off. The cursor gets this instead, cleared when it is done,
 * and each read keeps the connection's own timeout.
 */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** How long closing a cursor that stopped early may take before its connection is dropped instead. */
const CURSOR_CLOSE_MS = 5_000;

/** `promise`, or a rejection after `ms` (none when `ms` is not set). */
function within<T>(promise: Promise<T>, ms: number | undefined, what: string): Promise<T> {
  if (!ms) return promise;
  return orWhenLate(promise, ms, () => {
    throw new Error(`${what} took longer than ${ms} ms`);
  });
}

/**
 * The numbered text of each statement already sent: the statement builders
 * give the same few texts over and over, and a read sends several.
 */
const numberedTexts = new Map<string, string>();
/** Past this many texts (statements built with a varying text), the memory starts again. */
const NUMBERED_TEXTS_KEPT = 1_000;

/**
 * `?` placeholders numbered as PostgreSQL wants them (`$1`, `$2`, ...). The
 * statements never contain a literal `?` (knex would need it escaped too).
 */
export const numberedPlaceholders = (sql: string) => {
  let numbered = numberedTexts.get(sql);
  if (numbered === undefined) {
    let n = 0;
    numbered = sql.replace(/\?/g, () => `$${++n}`);
    if (numberedTexts.size >= NUMBERED_TEXTS_KEPT) numberedTexts.clear();
    numberedTexts.set(sql, numbered);
  }
  return numbered;
};

/** The name each prepared text goes by, the same on every connection. */
const preparedNames = new Map<string, string>();
/** More prepared texts than this means a varying text was marked; the rest run unprepared. */
const PREPARED_TEXTS_KEPT = 50;

/** The prepared statement's name for `text`, or undefined past PREPARED_TEXTS_KEPT texts. */
function preparedNameOf(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < PREPARED_TEXTS_KEPT) preparedNames.set(text, (name = `stockroom_${preparedNames.size + 1}`));
  return name;
}

/** The serving pool right now: connections in use, free, and requests waiting for one. */
export function poolStatsOf(orm: MikroORM): { used: number; free: number; waiting: number } {
  const pool = (orm.em.getKnex().client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool;
  return pool ? { used: pool.numUsed(), free: pool.numFree(), waiting: pool.numPendingAcquires() } : { used: 0, free: 0, waiting: 0 };
}

export function createSqlPool(orm: MikroORM): RequestSqlPool {
  // The knex client owns the pool (its size, the session time zone); borrowing its connections keeps one pool.
  const client = orm.em.getKnex().client as { acquireConnection(): Promise<PgConnection>; releaseConnection(c: PgConnection): Promise<void> };
  return {
    async query<T>({ sql, values, prepared }: Statement): Promise<T[]> {
      const connection = await client.acquireConnection();
      try {
        const text = numberedPlaceholders(sql);
        const name = prepared ? preparedNameOf(text) : undefined;
        return (await (name ? connection.query({ name, text, values }) : connection.query(text, values))).rows as T[];
      } finally {
        await client.releaseConnection(connection);
      }
    },

    async *batches(statement: Statement, batchSize: number): AsyncGenerator<unknown[][], void, undefined> {
      const connection = await client.acquireConnection();
      const readTimeout = connection.connectionParameters?.query_timeout;
      // PostgreSQL times a cursor's reads as one statement until the cursor closes, so the pool's
      // limit would cut a long read short; each read is held to the client's own timeout instead.
      try {
        await connection.query('SET statement_timeout = 0', []);
      } catch (error) {
        await client.releaseConnection(connection);
        throw error;
      }
      const cursor = new Cursor(numberedPlaceholders(statement.sql), statement.values as unknown[], { rowMode: 'array' });
      Object.assign(cursor, { query_timeout: LONGEST_TIMER_MS });
      connection.query(cursor);
      let finished = false;
      try {
        for (;;) {
          const rows = await within(cursor.read(batchSize), readTimeout, 'Reading a batch of rows');
          if (rows.length === 0) break;
          yield rows;
        }
        finished = true;
      } finally {
        // pg wrapped this callback to clear its read timer; the cursor never calls it.
        (cursor as unknown as { callback?: () => void }).callback?.();
        const closed = finished || (await within(cursor.close(), CURSOR_CLOSE_MS, 'Closing a cursor').then(() => true, () => false));
        // Back to the session's own limit (the pool's); a cursor that would not close, or a connection that
        // cannot take that, is left mid-statement: ended, the pool discards it.
        const reset = closed && (await within(connection.query('RESET statement_timeout', []), CURSOR_CLOSE_MS, 'Resetting the statement timeout').then(() => true, () => false));
        if (!reset) await connection.end().catch(() => undefined);
        await client.releaseConnection(connection);
      }
    },

    async transaction<T>(work: (tx: SqlTransaction) => Promise<T>, { statementTimeoutMs }: { statementTimeoutMs?: number } = {}): Promise<T> {
      const connection = await client.acquireConnection();
      // pg's own read timer must outlast the server's limit, as the pool's does (2 s more).
      const readTimeout = statementTimeoutMs === undefined ? connection.connectionParameters?.query_timeout : statementTimeoutMs + 2_000;
      const run = (text: string, values: unknown[] = [], name?: string) => connection.query({ name, text, values, query_timeout: readTimeout });
      let rollback = false;
      let open = false;
      try {
        await run('BEGIN');
        open = true;
        if (statementTimeoutMs !== undefined) await run(`SET LOCAL statement_timeout = ${Math.round(statementTimeoutMs)}`);
        const tx: SqlTransaction = {
          async query<R>({ sql, values, prepared }: Statement): Promise<R[]> {
            const text = numberedPlaceholders(sql);
            return (await run(text, values, prepared ? preparedNameOf(text) : undefined)).rows as R[];
          },
          async copyFrom(copySql, text) {
            await pipeline(Readable.from(text), connection.query(copyFrom(copySql)));
          },
          rollback() {
            rollback = true;
          },
        };
        const result = await work(tx);
        await run(rollback ? 'ROLLBACK' : 'COMMIT');
        open = false;
        return result;
      } finally {
        // A failed statement (or COMMIT) leaves the connection to be rolled back; one that cannot even do that is dropped.
        const clean = !open || (await run('ROLLBACK').then(() => true, () => false));
        if (!clean) await connection.end().catch(() => undefined);
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
