import { DatabaseBreaker } from '../common/database-outage';
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

describe('readiness', () => {
  it('is ready while the database answers and the instance is not draining', async () => {
    expect(await readiness(answering, { draining: false }, closed())).toEqual({ status: 'ready', database: 'up', draining: false });
  });

  it('is not ready while draining for a shutdown, whatever the database says', async () => {
    expect(await readiness(answering, { draining: true }, closed())).toEqual({ status: 'unavailable', database: 'up', draining: true });
  });

  it('is not ready while the database does not answer', async () => {
    expect(await readiness(down, { draining: false }, closed())).toEqual({ status: 'unavailable', database: 'down', draining: false });
  });

  it('is not ready at once while the breaker is open, without waiting for the database, and checks it once', async () => {
    let statements = 0;
    const hung: SqlPool = { query: () => ((statements += 1), new Promise<never>(() => {})) };
    let checks = 0;
    const breaker = new DatabaseBreaker(() => ((checks += 1), new Promise<never>(() => {})));
    breaker.open('57014');
    expect(await readiness(hung, { draining: false }, breaker)).toEqual({ status: 'unavailable', database: 'down', draining: false });
    expect(await readiness(hung, { draining: false }, breaker)).toEqual({ status: 'unavailable', database: 'down', draining: false });
    expect(statements).toBe(0);
    expect(checks).toBe(1);
  });
});
