import type { SqlPool } from '../db/sql';
import { readiness } from './health.service';

const answering: SqlPool = { query: async <T>() => [{ '?column?': 1 }] as T[] };
const down: SqlPool = {
  query: async () => {
    throw new Error('connect ECONNREFUSED');
  },
};

const running = { status: 'running' as const };

describe('readiness', () => {
  it('is ready while the database answers and the instance is not draining', async () => {
    expect(await readiness(answering, { draining: false }, running)).toEqual({ status: 'ready', database: 'up', draining: false, jobs: 'running' });
  });

  it('is not ready while draining for a shutdown, whatever the database says', async () => {
    expect(await readiness(answering, { draining: true }, running)).toEqual({ status: 'unavailable', database: 'up', draining: true, jobs: 'running' });
  });

  it('is not ready while the database does not answer', async () => {
    expect(await readiness(down, { draining: false }, running)).toEqual({ status: 'unavailable', database: 'down', draining: false, jobs: 'running' });
  });

  it('is not ready once its job workers have stopped', async () => {
    expect(await readiness(answering, { draining: false }, { status: 'stopped' })).toEqual({
      status: 'unavailable',
      database: 'up',
      draining: false,
      jobs: 'stopped',
    });
  });

  it('is ready without workers on an instance that only serves requests (WORKER=0)', async () => {
    expect(await readiness(answering, { draining: false }, { status: 'off' })).toEqual({ status: 'ready', database: 'up', draining: false, jobs: 'off' });
  });
});
