import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { reportUnawaitedCompletions } from './pg-boss-completions';

// A pg-boss whose database has just gone away: every statement fails as pg fails it then.
const terminated = new Error('Connection terminated unexpectedly');
const lostDatabase = () => new PgBoss({ db: { executeSql: () => Promise.reject(terminated) } });
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("pg-boss's completion of a worked job, which it does not await", () => {
  it('is reported when it fails, instead of rejecting where nobody listens (which would end the process)', async () => {
    const reported: unknown[] = [];
    reportUnawaitedCompletions((error) => reported.push(error));
    const boss = lostDatabase();
    // What pg-boss's worker does once a handler resolves or throws.
    void boss.complete('event-webhooks', randomUUID());
    void boss.fail('event-webhooks', randomUUID());
    await settled();
    expect(reported).toEqual([terminated, terminated]);
  });

  it('still rejects for a caller that awaits it', async () => {
    reportUnawaitedCompletions(() => undefined);
    await expect(lostDatabase().complete('event-webhooks', randomUUID())).rejects.toBe(terminated);
  });

  it('is reported once, to the latest report, however often the jobs start', async () => {
    const first: unknown[] = [];
    const latest: unknown[] = [];
    reportUnawaitedCompletions((error) => first.push(error));
    reportUnawaitedCompletions((error) => latest.push(error));
    void lostDatabase().complete('event-webhooks', randomUUID());
    await settled();
    expect([first, latest]).toEqual([[], [terminated]]);
  });
});
