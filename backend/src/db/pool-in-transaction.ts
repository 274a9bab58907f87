import type { RequestSqlPool, SqlTransaction, Statement } from './sql';

/**
 * A pool whose statements all run in one open transaction, so code written
 * for the pool (single statements, a transaction of its own) runs unchanged
 * inside a larger unit of work: an idempotent write and its key commit
 * together or not at all.
 *
 * On the pool a statement that fails leaves the next one free to run, and
 * code relies on that (a stocktake that read a stale level counts again).
 * Here each statement runs under a savepoint of its own, rolled back to when
 * it fails, so a failure leaves the transaction usable just the same. A
 * transaction asked of this pool is a savepoint too. One connection runs one
 * statement at a time, and savepoints nest: statements asked at once (a
 * Promise.all) are run one after another, each savepoint whole.
 * `savepoints: false` spares the two round trips per statement for work
 * whose every failure ends the transaction anyway.
 */
export function poolInTransaction(tx: SqlTransaction, { savepoints: each = true }: { savepoints?: boolean } = {}): RequestSqlPool {
  let savepoints = 0;
  let previous: Promise<unknown> = Promise.resolve();
  /** Runs `work` once everything asked before it has settled. */
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = previous.then(work, work);
    previous = turn.catch(() => undefined);
    return turn;
  };
  const statement = (sql: string): Statement => ({ sql, values: [] });

  /** Runs `work` under a savepoint: released when it resolves, rolled back to when it throws (or when `rollback` is asked). */
  async function underSavepoint<T>(work: (rollback: () => void) => Promise<T>): Promise<T> {
    const name = `pool_in_transaction_${++savepoints}`;
    await tx.query(statement(`SAVEPOINT ${name}`));
    let rolledBack = false;
    try {
      const result = await work(() => {
        rolledBack = true;
      });
      await tx.query(statement(rolledBack ? `ROLLBACK TO SAVEPOINT ${name}` : `RELEASE SAVEPOINT ${name}`));
      return result;
    } catch (error) {
      await tx.query(statement(`ROLLBACK TO SAVEPOINT ${name}`));
      throw error;
    }
  }

  return {
    query: <T>(s: Statement) => inTurn(() => (each ? underSavepoint(() => tx.query<T>(s)) : tx.query<T>(s))),
    // eslint-disable-next-line require-yield -- a cursor would outlive the statement's savepoint: no caller in a transaction reads one
    async *batches(): AsyncGenerator<unknown[][], void, undefined> {
      throw new Error('Reading through a cursor is not available inside a transaction');
    },
    transaction: <T>(work: (inner: SqlTransaction) => Promise<T>) =>
      inTurn(() => underSavepoint((rollback) => work({ query: (s) => tx.query(s), copyFrom: (copySql, text) => tx.copyFrom(copySql, text), rollback }))),
  };
}
