import { DatabaseBreaker } from '../common/database-outage';
import { log } from '../common/log';
import type { SqlPool } from '../db/sql';
import { readiness } from './health.service';

const answering: SqlPool = { query: async <T>() => [{ '?column?': 1 }] as T[] };
const down: SqlPool = {
  query: async () => {
    throw new Error('connect ECONNREFUSED');
  },
};

/** A breaker that is closed and stays so: nothing has met an outage. */
const closed = () => new DatabaseBreaker(async () => undefined);
const storageUp = { check: async () => undefined };
const running = { status: 'running' as const };
const storageDown = {
  check: async () => {
    throw new Error('The S3 bucket "stock" does not exist at http://127.0.0.1:9000');
  },
};

describe('readiness', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is ready while the database answers and the instance is not draining', async () => {
    expect(await readiness(answering, { draining: false }, closed(), storageUp, running)).toEqual({ status: 'ready', database: 'up', storage: 'up', draining: false, jobs: 'running' });
  });

  it('is not ready while draining for a shutdown, whatever the database says', async () => {
    expect(await readiness(answering, { draining: true }, closed(), storageUp, running)).toEqual({ status: 'unavailable', database: 'up', storage: 'up', draining: true, jobs: 'running' });
  });

  it('is not ready while the database does not answer', async () => {
    expect(await readiness(down, { draining: false }, closed(), storageUp, running)).toEqual({ status: 'unavailable', database: 'down', storage: 'up', draining: false, jobs: 'running' });
  });

  it('is not ready once the database has not answered within the deadline (a hung database), without waiting for its statement limit', async () => {
    const hung: SqlPool = { query: () => new Promise<never>(() => {}) };
    const started = Date.now();
    expect(await readiness(hung, { draining: false }, closed(), storageUp, running, { databaseDeadlineMs: 100 })).toEqual({ status: 'unavailable', database: 'down', storage: 'up', draining: false, jobs: 'running' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('is not ready at once while the breaker is open, without waiting for the database, and checks it once', async () => {
    let statements = 0;
    const hung: SqlPool = { query: () => ((statements += 1), new Promise<never>(() => {})) };
    let checks = 0;
    const breaker = new DatabaseBreaker(() => ((checks += 1), new Promise<never>(() => {})));
    breaker.open('57014');
    expect(await readiness(hung, { draining: false }, breaker, storageUp, running)).toEqual({ status: 'unavailable', database: 'down', storage: 'up', draining: false, jobs: 'running' });
    expect(await readiness(hung, { draining: false }, breaker, storageUp, running)).toEqual({ status: 'unavailable', database: 'down', storage: 'up', draining: false, jobs: 'running' });
    expect(statements).toBe(0);
    expect(checks).toBe(1);
  });

  it('is not ready while uploads cannot be stored, and says so without saying why: the reason names the store', async () => {
    jest.spyOn(log, 'error').mockImplementation((() => undefined) as typeof log.error);
    const answer = await readiness(answering, { draining: false }, closed(), storageDown, running);
    expect(answer).toEqual({ status: 'unavailable', database: 'up', storage: 'down', draining: false, jobs: 'running' });
    expect(JSON.stringify(answer)).not.toContain('127.0.0.1:9000');
  });

  it("says why, in one line, to the operator's monitoring", async () => {
    jest.spyOn(log, 'error').mockImplementation((() => undefined) as typeof log.error);
    expect(await readiness(answering, { draining: false }, closed(), storageDown, running, { withReasons: true })).toEqual({
      status: 'unavailable',
      database: 'up',
      storage: 'down',
      storageProblem: 'The S3 bucket "stock" does not exist at http://127.0.0.1:9000',
      draining: false,
      jobs: 'running',
    });
    expect(await readiness(answering, { draining: false }, closed(), storageUp, running, { withReasons: true })).toEqual({
      status: 'ready',
      database: 'up',
      storage: 'up',
      draining: false,
      jobs: 'running',
    });
  });

  it('logs why the storage is down, one line per reason however often it is polled', async () => {
    const lines: string[] = [];
    jest.spyOn(log, 'error').mockImplementation(((line: string) => void lines.push(line)) as typeof log.error);
    const unwritable = {
      check: async () => {
        throw new Error('The uploads directory /srv/stockroom/uploads is not writable');
      },
    };
    for (let poll = 0; poll < 3; poll += 1) await readiness(answering, { draining: false }, closed(), unwritable, running);
    expect(lines).toEqual(['[uploads] not ready: The uploads directory /srv/stockroom/uploads is not writable']);
  });

  it('is not ready once its job workers have stopped', async () => {
    expect(await readiness(answering, { draining: false }, closed(), storageUp, { status: 'stopped' })).toEqual({
      status: 'unavailable',
      database: 'up',
      storage: 'up',
      draining: false,
      jobs: 'stopped',
    });
  });

  it('is ready without workers on an instance that only serves requests (WORKER=0)', async () => {
    expect(await readiness(answering, { draining: false }, closed(), storageUp, { status: 'off' })).toEqual({
      status: 'ready',
      database: 'up',
      storage: 'up',
      draining: false,
      jobs: 'off',
    });
  });
});
