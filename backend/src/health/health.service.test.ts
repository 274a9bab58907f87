import type { SqlPool } from '../db/sql';
import { readiness } from './health.service';

const answering: SqlPool = { query: async <T>() => [{ '?column?': 1 }] as T[] };
const down: SqlPool = {
  query: async () => {
    throw new Error('connect ECONNREFUSED');
  },
};

describe('readiness', () => {
  it('is ready while the database answers and the instance is not draining', async () => {
    expect(await readiness(answering, { draining: false })).toEqual({ status: 'ready', database: 'up', draining: false });
  });

  it('is not ready while draining for a shutdown, whatever the database says', async () => {
    expect(await readiness(answering, { draining: true })).toEqual({ status: 'unavailable', database: 'up', draining: true });
  });

  it('is not ready while the database does not answer', async () => {
    expect(await readiness(down, { draining: false })).toEqual({ status: 'unavailable', database: 'down', draining: false });
  });
});
