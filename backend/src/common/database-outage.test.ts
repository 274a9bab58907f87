import { DatabaseBreaker, databaseOutageOf, logDatabaseOutage } from './database-outage';
import { log } from './log';

describe('databaseOutageOf', () => {
  it('recognises a database that is away, however it is wrapped', () => {
    expect(databaseOutageOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(databaseOutageOf({ thrownValue: { code: 'ECONNREFUSED' } })).toBe('ECONNREFUSED');
    expect(databaseOutageOf(Object.assign(new Error('wrapped'), { previous: Object.assign(new Error('x'), { code: '57P01' }) }))).toBe('57P01');
    expect(databaseOutageOf(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe('57014');
    expect(databaseOutageOf(Object.assign(new Error('x'), { code: '08006' }))).toBe('08006');
    expect(databaseOutageOf(new Error('Connection terminated unexpectedly'))).toBe('Connection terminated');
    expect(databaseOutageOf(Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }))).toBe('pool timeout');
    // pg's connect timeout, met by a pg-boss poll or the event relay while the database hangs.
    expect(databaseOutageOf(new Error('timeout expired'))).toBe('timeout expired');
  });

  it('leaves every other error alone', () => {
    expect(databaseOutageOf(new Error('boom'))).toBeUndefined();
    expect(databaseOutageOf(new Error('the import timeout expired for a reason of its own'))).toBeUndefined();
    expect(databaseOutageOf(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeUndefined();
    expect(databaseOutageOf(null)).toBeUndefined();
    expect(databaseOutageOf('ECONNREFUSED')).toBeUndefined();
  });
});

describe('logDatabaseOutage', () => {
  it('writes one line per reason every five seconds and counts the rest', () => {
    const lines: string[] = [];
    const spy = jest.spyOn(log, 'error').mockImplementation(((line: string) => void lines.push(line)) as typeof log.error);
    try {
      const t = 1_000_000;
      expect(logDatabaseOutage('test-reason', 'GET /a', t)).toBe(true);
      expect(logDatabaseOutage('test-reason', 'GET /a', t + 1000)).toBe(false);
      expect(logDatabaseOutage('test-reason', 'GET /a', t + 4999)).toBe(false);
      expect(logDatabaseOutage('other-reason', 'GET /a', t + 4999)).toBe(true);
      expect(logDatabaseOutage('test-reason', 'GET /b', t + 5000)).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('(2 more since the last line)');
    expect(lines[0]).toBe('[database] unavailable: test-reason at GET /a; answering 503');
  });

  it('says what the background jobs do meanwhile, rather than answering 503', () => {
    const lines: string[] = [];
    const spy = jest.spyOn(log, 'error').mockImplementation(((line: string) => void lines.push(line)) as typeof log.error);
    try {
      logDatabaseOutage('jobs-reason', 'background jobs', 2_000_000, 'the jobs wait and poll again');
    } finally {
      spy.mockRestore();
    }
    expect(lines).toEqual(['[database] unavailable: jobs-reason at background jobs; the jobs wait and poll again']);
  });
});

describe('DatabaseBreaker', () => {
  it('is closed until an outage opens it, checks one at a time while open, and closes when a check passes', async () => {
    let answers = false;
    let checks = 0;
    let running = 0;
    let mostAtOnce = 0;
    const breaker = new DatabaseBreaker(async () => {
      checks += 1;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await Promise.resolve();
      running -= 1;
      if (!answers) throw new Error('Connection terminated');
    });
    expect(breaker.openReason).toBeUndefined();
    await breaker.probe();
    expect(checks).toBe(0);

    breaker.open('57014');
    breaker.open('ECONNREFUSED');
    expect(breaker.openReason).toBe('57014');
    await Promise.all([breaker.probe(), breaker.probe(), breaker.probe()]);
    expect(checks).toBe(1);
    expect(mostAtOnce).toBe(1);
    expect(breaker.openReason).toBe('57014');

    answers = true;
    await breaker.probe();
    expect(checks).toBe(2);
    expect(breaker.openReason).toBeUndefined();
  });
});
