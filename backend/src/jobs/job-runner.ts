import { types } from 'node:util';
import PgBoss from 'pg-boss';
import { databaseOutageOf, logDatabaseOutage } from '../common/database-outage';
import { orWhenLate } from '../common/deadline';
import { log } from '../common/log';
import type { JobQueue, QueueDefinition, RetryPolicy } from './job-queue';
import { reportUnawaitedCompletions } from './pg-boss-completions';

/** Runs one SQL text (numbered placeholders) on a connection the caller holds, returning its rows. */
export type SqlExecutor = (text: string, values: unknown[]) => Promise<unknown[]>;

interface RepeatingTask {
  name: string;
  intervalMs: number;
  work: () => Promise<void>;
}

/** pg-boss keeps its tables in this schema of the app's database, apart from the app's own. */
export const JOBS_SCHEMA = 'pgboss';

export interface JobRunnerOptions {
  databaseUrl: string;
  /** Whether this instance works jobs and runs schedules; without, it only enqueues. */
  worker: boolean;
  /** How often the schedules are checked for a due occurrence (pg-boss allows 1 to 45). */
  cronCheckSeconds: number;
  /** How long a worker that found no job waits before looking again (at least 500). */
  pollIntervalMs: number;
  /** pg's connect and statement limits for the queue's own pool (the serving pool's), so a hung database holds no job work for ever. */
  connectionLimits?: { connectionTimeoutMillis?: number; statement_timeout?: number; query_timeout?: number };
  onError?: (error: Error) => void;
  /** Told of each job this instance worked, for the metrics. */
  onJobDone?: (queue: string, outcome: 'completed' | 'failed') => void;
}

/**
 * Logs a background job's error; an outage shares the app's rate-limited line (while the database
 * is away pg-boss reports a failed poll per worker each interval), saying what the jobs do meanwhile.
 */
function jobErrorLogger(what: string, meanwhile: string) {
  return (error: unknown): void => {
    const outage = databaseOutageOf(error);
    if (outage) logDatabaseOutage(outage, 'background jobs', Date.now(), meanwhile);
    else log.error({ err: error }, `[jobs] ${what}`);
  };
}

const logJobError = jobErrorLogger('pg-boss reported an error', 'the jobs wait and poll again');
/** A worked job whose end could not be written runs again once it expires. */
const logUnrecordedCompletion = jobErrorLogger('a worked job could not be marked done; it runs again once it expires', 'a job whose end was not recorded runs again once it expires');

/** A job still running after this long is failed and retried: no job here should take anywhere near it. */
const EXPIRE_IN_SECONDS = 5 * 60;

/**
 * Durable background work on the app's PostgreSQL (pg-boss): queues, their
 * workers and their schedules. A scheduled job is sent once per occurrence
 * however many instances run schedules, since pg-boss files each occurrence
 * under one key and lets one instance claim each check.
 */
export class JobRunner implements JobQueue {
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, QueueDefinition>();
  private readonly repeating: RepeatingTask[] = [];
  private state: 'new' | 'running' | 'stopped' = 'new';
  /** This instance's pg-boss worker of each queue, by queue name. */
  private readonly workerIds = new Map<string, string>();

  constructor(private readonly options: JobRunnerOptions) {
    reportUnawaitedCompletions(logUnrecordedCompletion);
    this.boss = new PgBoss({
      connectionString: options.databaseUrl,
      ...options.connectionLimits,
      schema: JOBS_SCHEMA,
      max: 4,
      application_name: 'stockroom-jobs',
      schedule: options.worker,
      supervise: options.worker,
      cronMonitorIntervalSeconds: options.cronCheckSeconds,
      cronWorkerIntervalSeconds: options.cronCheckSeconds,
    });
    this.boss.on('error', options.onError ?? logJobError);
  }

  /** Declares a queue and what works its jobs; call before start(). */
  define(definition: QueueDefinition): void {
    this.queues.set(definition.name, definition);
  }

  /**
   * Runs `work` every `intervalMs` on an instance with workers, one run at a
   * time, from start() until stop(): for work that cannot wait for a cron
   * minute (handing events on). A run that throws is logged; the next runs anyway.
   */
  repeat(name: string, intervalMs: number, work: () => Promise<void>): void {
    this.repeating.push({ name, intervalMs, work });
  }

  /** 'off' on an instance that only enqueues; otherwise whether its workers are running. */
  get status(): 'running' | 'stopped' | 'off' {
    if (!this.options.worker) return 'off';
    return this.state === 'running' ? 'running' : 'stopped';
  }

  /** Creates pg-boss's tables and the queues; with workers on, starts them and the schedules. */
  async start(): Promise<void> {
    await this.boss.start();
    for (const queue of this.queues.values()) {
      // createQueue keeps an existing queue as it is, so the retry policy also travels with each job.
      await this.boss.createQueue(queue.name, { name: queue.name, ...this.sendOptions(queue.retry) });
    }
    if (this.options.worker) {
      for (const queue of this.queues.values()) {
        const workerId = await this.boss.work(queue.name, { pollingIntervalSeconds: this.options.pollIntervalMs / 1000 }, async ([job]) => {
          try {
            await queue.handler(job.data);
            this.options.onJobDone?.(queue.name, 'completed');
          } catch (error) {
            this.options.onJobDone?.(queue.name, 'failed');
            throw error;
          } finally {
            // pg-boss's worker takes one job per polling interval, found or not: a burst of sign-ups
            // queued their mails at 1 per 2 s, and a password reset waited behind them. A worker
            // that has just worked a job looks for the next one at once; an empty queue waits.
            this.wakeWorker(queue.name);
          }
        });
        this.workerIds.set(queue.name, workerId);
        if (queue.cron) await this.boss.schedule(queue.name, queue.cron, {}, this.sendOptions(queue.retry));
        else await this.boss.unschedule(queue.name);
      }
      for (const task of this.repeating) this.startRepeating(task);
    }
    this.state = 'running';
  }

  /** Jobs waiting in each queue (created or waiting for a retry); a queue that cannot be read in time is left out. */
  async queueDepths(timeoutMs = 1_000): Promise<Record<string, number>> {
    const depths: Record<string, number> = {};
    await Promise.all(
      [...this.queues.keys()].map(async (name) => {
        const depth = await orWhenLate(this.boss.getQueueSize(name).catch(() => undefined), timeoutMs, () => undefined);
        if (depth !== undefined) depths[name] = depth;
      }),
    );
    return depths;
  }

  async enqueue(queue: string, data: object, options: { afterSeconds?: number } = {}): Promise<void> {
    const definition = this.queues.get(queue);
    if (!definition) throw new Error(`No queue named ${queue}`);
    await this.boss.send(queue, data, { ...this.sendOptions(definition.retry), startAfter: options.afterSeconds });
    // This instance's own worker starts the job now rather than at its next poll (another instance's finds it then).
    if (options.afterSeconds === undefined) this.wakeWorker(queue);
  }

  /** Starts this instance's worker of `queue` looking for a job now, if it has one. */
  private wakeWorker(queue: string): void {
    const workerId = this.workerIds.get(queue);
    if (workerId !== undefined) this.boss.notifyWorker(workerId);
  }

  /**
   * Queues many jobs at once, each with its own id: a job whose id the queue
   * already holds is not queued again, so sending the same ids twice is
   * harmless. With `db`, the jobs are written on that connection, so they
   * commit or roll back with the caller's transaction.
   */
  async enqueueMany(queue: string, jobs: Array<{ id: string; data: object }>, db?: SqlExecutor): Promise<void> {
    const definition = this.queues.get(queue);
    if (!definition) throw new Error(`No queue named ${queue}`);
    if (jobs.length === 0) return;
    const { retryLimit, retryDelay, retryBackoff, expireInSeconds } = this.sendOptions(definition.retry);
    const rows = jobs.map(({ id, data }) => ({ id, name: queue, data, retryLimit, retryDelay, retryBackoff, expireInSeconds }));
    await this.boss.insert(rows, db ? { db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await db(text, values) }) } } : {});
    // Jobs written in the caller's transaction are not there until it commits: the worker's next poll finds them.
    if (!db) this.wakeWorker(queue);
  }

  /**
   * Stops fetching new jobs, waits up to `graceMs` for the running ones to
   * finish, then closes pg-boss's pool. A job cut short stays active in the
   * table and is retried once it expires.
   */
  async stop(graceMs: number): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    this.stopRepeating?.();
    await Promise.all(this.repeatingRuns);
    await this.boss.stop({ graceful: true, timeout: graceMs, close: true, wait: true });
  }

  private stopRepeating?: () => void;
  private readonly repeatingRuns = new Set<Promise<void>>();

  private startRepeating(task: RepeatingTask): void {
    let timer: NodeJS.Timeout | undefined;
    const previousStop = this.stopRepeating;
    this.stopRepeating = () => {
      previousStop?.();
      clearTimeout(timer);
    };
    const run = () => {
      if (this.state === 'stopped') return;
      const running = task
        .work()
        // isNativeError, not instanceof: an error made in another realm (as jest runs Node's own) is still an Error, and keeps its code.
        .catch((error) => (this.options.onError ?? logJobError)(Object.assign(types.isNativeError(error) ? error : new Error(String(error)), { task: task.name })))
        .finally(() => {
          this.repeatingRuns.delete(running);
          if (this.state !== 'stopped') timer = setTimeout(run, task.intervalMs);
        });
      this.repeatingRuns.add(running);
    };
    timer = setTimeout(run, task.intervalMs);
  }

  private sendOptions(retry: RetryPolicy) {
    return {
      retryLimit: retry.retryLimit,
      retryDelay: retry.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: EXPIRE_IN_SECONDS,
    };
  }
}
