import type { SqlPool, Statement } from '../db/sql';
import { CallerUsage } from './caller-usage';

/** A pool that notes each statement and answers it when the test says so. */
function heldPool() {
  const sent: Statement[] = [];
  const answers: Array<(error?: Error) => void> = [];
  const pool: SqlPool = {
    query<T>(statement: Statement) {
      sent.push(statement);
      return new Promise<T[]>((resolve, reject) => answers.push((error) => (error ? reject(error) : resolve([]))));
    },
  };
  /** Answers the oldest statement not answered yet (with `error`, a failure), and lets the flush go on. */
  const answer = async (error?: Error) => {
    answers.shift()!(error);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { pool, sent, answer };
}

const LIMITS = { limit: 40, windowMs: 60_000, flushIntervalMs: 60_000 };
const NO_HITS = { hits: 0, resetSeconds: 60 };
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CallerUsage', () => {
  it('decides on the written hits plus its own unwritten ones, refusing past the limit', async () => {
    const { pool, sent } = heldPool();
    const usage = new CallerUsage(pool, { ...LIMITS, limit: 100 });
    expect(usage.countRequest('a', { hits: 97, resetSeconds: 12 })).toEqual({ limit: 100, remaining: 2, resetSeconds: 12, exceeded: false });
    expect(usage.countRequest('a', { hits: 97, resetSeconds: 11 })).toEqual({ limit: 100, remaining: 1, resetSeconds: 11, exceeded: false });
    expect(usage.countRequest('a', { hits: 97, resetSeconds: 11 })).toMatchObject({ remaining: 0, exceeded: false });
    expect(usage.countRequest('a', { hits: 97, resetSeconds: 11 })).toMatchObject({ remaining: 0, exceeded: true });
    // Another budget is apart; nothing was written.
    expect(usage.countRequest('b', NO_HITS)).toMatchObject({ remaining: 99 });
    await settle();
    expect(sent).toEqual([]);
  });

  it('writes a budget at once when it has gathered a twentieth of the limit, in one statement with every other', async () => {
    const { pool, sent, answer } = heldPool();
    const usage = new CallerUsage(pool, LIMITS);
    usage.countRequest('b', NO_HITS);
    usage.countRequest('a', NO_HITS);
    await settle();
    expect(sent).toEqual([]);
    usage.countRequest('a', NO_HITS);
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0].sql).toMatch(/^INSERT INTO rate_limit_buckets/);
    expect(sent[0].values.slice(0, 2)).toEqual([['a', 'b'], [2, 1]]);
    await answer();
  });

  it('keeps what a failed write held for the next one, and writes the rest on stop', async () => {
    const { pool, sent, answer } = heldPool();
    const usage = new CallerUsage(pool, { ...LIMITS, limit: 1000 });
    usage.countRequest('a', NO_HITS);
    usage.noteTokenUse('token-1', null);
    usage.noteTokenUse('token-2', new Date().toISOString());
    const failed = usage.flush();
    await settle();
    // While the batch is being written, more is counted; the next flush waits for this one.
    usage.countRequest('a', NO_HITS);
    const next = usage.flush();
    await answer(new Error('the database went away'));
    await answer();
    await failed;
    // The failed batch's hit is written with the one counted since; the token written once.
    expect(sent.map((statement) => statement.values.slice(0, 2))).toEqual([
      [['a'], [1]],
      [['token-1'], 60],
      [['a'], [2]],
    ]);
    await answer();
    await next;
    usage.countRequest('c', NO_HITS);
    const stopped = usage.stop();
    await settle();
    expect(sent).toHaveLength(4);
    expect(sent[3].values.slice(0, 2)).toEqual([['c'], [1]]);
    await answer();
    await stopped;
  });

  it('leaves the counts in memory while the app takes the database to be away, and writes them once it is back', async () => {
    const { pool, sent, answer } = heldPool();
    let up = false;
    const usage = new CallerUsage(pool, LIMITS, () => up);
    usage.countRequest('a', NO_HITS);
    await usage.flush();
    expect(sent).toEqual([]);
    up = true;
    const written = usage.flush();
    await settle();
    expect(sent.map((statement) => statement.values.slice(0, 2))).toEqual([[['a'], [1]]]);
    await answer();
    await written;
  });
});
