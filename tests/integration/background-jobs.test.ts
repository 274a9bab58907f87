import { Client } from 'pg';
import type { Mailer } from '../../backend/src/mail/mailer';
import { JobRunner } from '../../backend/src/jobs/job-runner';
import { createProduct } from '../support/products';
import { createDatabase, GOOD_PASSWORD, SIGN_IN, SIGN_UP, signUpUser, startTestApp, uniqueEmail, uniqueIp, type TestApp } from '../support/test-app';

const FORGOT_PASSWORD = `mutation Forgot($input: ForgotPasswordInput!) { forgotPassword(input: $input) { message } }`;

/** How often a test looks again at a condition it waits for. */
const CHECK_MS = 50;

/** Resolves once `condition` holds, looking every CHECK_MS (jest's timeout ends a wait that never comes). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, CHECK_MS));
}

const mailJobs = (app: TestApp, to: string) =>
  app.sql<{ state: string; retry_count: number }>(`SELECT state, retry_count FROM pgboss.job WHERE name = 'mail' AND data->>'to' = $1`, [to]);

describe('mail through the job queue', () => {
  let app: TestApp;
  let failuresLeft = 0;
  /** A transport whose next `failuresLeft` sends fail, the way an SMTP server that is down fails them. */
  const flaky = (mailer: Mailer): Mailer => ({
    deliver: async (mail) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      }
      await mailer.deliver(mail);
    },
  });
  beforeAll(async () => {
    app = await startTestApp({}, { wrapMailer: flaky });
  });
  afterAll(() => app.close());

  it('answers a sign-up at once and a worker sends the verification mail, over REST and GraphQL', async () => {
    const rest = await signUpUser(app);
    const email = uniqueEmail('graphql');
    const gql = await app.gql(SIGN_UP, { input: { firstName: 'Ada', lastName: 'Lovelace', email, password: GOOD_PASSWORD } }, { ip: uniqueIp() });
    expect(gql.errors).toBeUndefined();

    for (const to of [rest.email, email]) {
      expect(await app.mailsTo(to)).toHaveLength(1);
      expect(await mailJobs(app, to)).toEqual([{ state: 'completed', retry_count: 0 }]);
    }
  });

  it('retries a failed send until the mail goes out, over REST and GraphQL', async () => {
    const { email } = await signUpUser(app);
    await app.mailsTo(email);
    failuresLeft = 2;
    expect((await app.rest('POST', '/api/auth/forgot-password', { email }, { ip: uniqueIp() })).status).toBe(200);
    expect((await app.gql(FORGOT_PASSWORD, { input: { email } }, { ip: uniqueIp() })).errors).toBeUndefined();

    const mails = await app.mailsTo(email);
    expect(mails.filter((mail) => /reset-password/.test(mail))).toHaveLength(2);
    expect(failuresLeft).toBe(0);
    const resets = (await mailJobs(app, email)).filter((job) => job.state === 'completed');
    expect(resets).toHaveLength(3);
    // Two failed attempts spread over the two reset mails: one was sent on its third try, or each on its second.
    expect(resets.reduce((sum, job) => sum + job.retry_count, 0)).toBe(2);
  });

  it('reports its workers running in readiness', async () => {
    const ready = await app.rest('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'up', storage: 'up', draining: false, jobs: 'running' });
  });
});

describe('a burst of mail', () => {
  let app: TestApp;
  // A polling interval longer than any test: a mail goes out only if queuing it wakes the worker,
  // and the next one only if the worker looks again at once after each job.
  beforeAll(async () => {
    app = await startTestApp({ JOB_POLL_INTERVAL_MS: '600000' });
  });
  afterAll(() => app.close());

  it('sends every mail of a burst of sign-ups without waiting a polling interval before or between them', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => signUpUser(app)));
    for (const { email } of accounts) {
      expect(await app.mailsTo(email)).toHaveLength(1);
      expect(await mailJobs(app, email)).toEqual([{ state: 'completed', retry_count: 0 }]);
    }
  });
});

describe('an instance with WORKER=0', () => {
  it('queues mail without sending it, and an instance with workers started later sends it', async () => {
    const server = await startTestApp({ WORKER: '0' });
    let serverOpen = true;
    let worker: TestApp | undefined;
    try {
      const ready = await server.rest('GET', '/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.jobs).toBe('off');

      // The answer is out and nothing sends the mail: as if the instance had crashed right after answering.
      const { email } = await signUpUser(server);
      expect(await mailJobs(server, email)).toEqual([{ state: 'created', retry_count: 0 }]);
      expect(await server.mailsTo(email)).toEqual([]);
      await server.close();
      serverOpen = false;

      worker = await startTestApp({}, { databaseUrl: server.databaseUrl });
      const [mail] = await worker.mailsTo(email);
      expect(mail).toMatch(/verify-email/);
      expect(await mailJobs(worker, email)).toEqual([{ state: 'completed', retry_count: 0 }]);
    } finally {
      if (serverOpen) await server.close();
      await worker?.close();
    }
  });
});

describe('housekeeping', () => {
  it('runs on its schedule once per occurrence, however many instances run schedules', async () => {
    // Every minute, checked every second: the occurrence of the current minute is due at once.
    const env = { HOUSEKEEPING_CRON: '* * * * *', CRON_CHECK_SECONDS: '1' };
    // The expired token is there before any instance runs schedules (WORKER=0 runs none), so the first run has it to remove:
    // made after the instances started, a slow sign-up could land after that run, which then had nothing to do.
    const setup = await startTestApp({ WORKER: '0' });
    const { user } = await signUpUser(setup);
    await setup.sql(`UPDATE one_time_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [user.id]);
    await setup.close();
    const first = await startTestApp(env, { databaseUrl: setup.databaseUrl });
    const second = await startTestApp(env, { databaseUrl: first.databaseUrl });
    try {

      const completed = () => first.sql<{ completed_on: Date }>(`SELECT completed_on FROM pgboss.job WHERE name = 'housekeeping' AND state = 'completed'`);
      await until(async () => (await completed()).length > 0);
      expect(await first.sql('SELECT 1 FROM one_time_tokens WHERE user_id = $1', [user.id])).toEqual([]);

      // Let both instances check the schedules a few more times after the run.
      const ranAt = (await completed())[0].completed_on;
      await until(async () => (await first.sql(`SELECT 1 FROM pgboss.version WHERE cron_on > $1::timestamptz + interval '3 seconds'`, [ranAt])).length > 0);
      // pg-boss turns each occurrence of a schedule into one "send-it" job (its key and minute are unique), and that
      // job into the queue's job: as many housekeeping jobs as occurrences. Counted by occurrence, not by the minute a
      // job was made in: the job of one minute's occurrence can be made a moment into the next minute, beside that
      // minute's own. Read in one statement once every occurrence has been turned into its job.
      const tally = () =>
        first.sql<{ jobs: number; occurrences: number; pending: number; perOccurrence: number[] }>(
          `SELECT (SELECT count(*)::int FROM pgboss.job WHERE name = 'housekeeping') AS jobs,
                  (SELECT count(*)::int FROM pgboss.job WHERE name = '__pgboss__send-it' AND data->>'name' = 'housekeeping') AS occurrences,
                  (SELECT count(*)::int FROM pgboss.job WHERE name = '__pgboss__send-it' AND data->>'name' = 'housekeeping' AND state <> 'completed') AS pending,
                  (SELECT coalesce(array_agg(n), '{}') FROM (SELECT count(*)::int AS n FROM pgboss.job
                     WHERE name = '__pgboss__send-it' AND data->>'name' = 'housekeeping' GROUP BY singleton_on) AS per) AS "perOccurrence"`,
        );
      let counted = { jobs: 0, occurrences: 0, pending: 1, perOccurrence: [] as number[] };
      await until(async () => {
        [counted] = await tally();
        return counted.pending === 0;
      });
      const { jobs, occurrences, perOccurrence } = counted;
      expect(perOccurrence.length).toBeGreaterThan(0);
      expect(perOccurrence.every((n) => n === 1)).toBe(true);
      expect(jobs).toBe(occurrences);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('purges products in the trash 30 days or more, with their stock movements, and keeps the newer trash and the catalogue', async () => {
    // As above, everything is in place before an instance runs schedules, so the first run has it to purge.
    const setup = await startTestApp({ WORKER: '0' });
    const { email, token } = await signUpUser(setup);
    const live = await createProduct(setup, token, { name: 'Live', quantity: 5 });
    const recent = await createProduct(setup, token, { name: 'Trashed 29 days ago', quantity: 5 });
    const expired = await createProduct(setup, token, { name: 'Trashed 31 days ago', quantity: 5 });
    for (const { id } of [recent, expired]) expect((await setup.rest('DELETE', `/api/products/${id}`, undefined, { token })).status).toBe(200);
    await setup.sql(`UPDATE products SET deleted_at = now() - interval '29 days' WHERE id = $1`, [recent.id]);
    await setup.sql(`UPDATE products SET deleted_at = now() - interval '31 days' WHERE id = $1`, [expired.id]);
    const movements = (id: string) => setup.sql('SELECT 1 FROM stock_movements WHERE product_id = $1', [id]);
    // Its opening stock is a movement: one the purge has to take with it.
    expect(await movements(expired.id)).toHaveLength(1);
    await setup.close();

    const app = await startTestApp({ HOUSEKEEPING_CRON: '* * * * *', CRON_CHECK_SECONDS: '1' }, { databaseUrl: setup.databaseUrl });
    try {
      await until(async () => (await app.sql(`SELECT 1 FROM pgboss.job WHERE name = 'housekeeping' AND state = 'completed'`)).length > 0);
      const signIn = await app.gql(SIGN_IN, { input: { email, password: GOOD_PASSWORD } }, { ip: uniqueIp() });
      const as = { token: signIn.data.signIn.accessToken as string };

      const trash = await app.rest('GET', '/api/products/trash', undefined, as);
      expect(trash.body.products.map((p: { name: string }) => p.name)).toEqual(['Trashed 29 days ago']);
      expect((await app.rest('GET', `/api/products/trash/${expired.id}`, undefined, as)).status).toBe(404);
      expect((await app.rest('GET', `/api/products/${live.id}`, undefined, as)).body.product).toMatchObject({ name: 'Live', quantity: 5 });
      expect(await app.sql('SELECT 1 FROM products WHERE id = $1', [expired.id])).toEqual([]);
      expect(await app.sql('SELECT product_id FROM stock_movements WHERE product_id = ANY($1::uuid[]) ORDER BY product_id', [[live.id, recent.id, expired.id]])).toEqual(
        [live.id, recent.id].sort().map((product_id) => ({ product_id })),
      );
    } finally {
      await app.close();
    }
  });
});

describe('stopping the job runner', () => {
  it('lets a running job finish before it stops', async () => {
    const databaseUrl = await createDatabase();
    let started!: () => void;
    const jobStarted = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let finished = false;

    const runner = new JobRunner({ databaseUrl, worker: true, pollIntervalMs: 500, cronCheckSeconds: 1 });
    runner.define({
      name: 'slow',
      retry: { retryLimit: 0, retryDelaySeconds: 1 },
      handler: async () => {
        started();
        await held;
        finished = true;
      },
    });
    await runner.start();
    await runner.enqueue('slow', { n: 1 });
    await jobStarted;

    const stopping = runner.stop(10_000);
    expect(runner.status).toBe('stopped');
    // Released only after the stop began: a stop that did not wait would fail the job instead of completing it.
    setTimeout(release, 300);
    await stopping;
    expect(finished).toBe(true);

    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT state FROM pgboss.job WHERE name = 'slow'`);
      expect(rows).toEqual([{ state: 'completed' }]);
    } finally {
      await db.end();
    }
  });
});
