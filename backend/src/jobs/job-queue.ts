/**
 * What a feature sees of the background work: it names a queue and hands over
 * the job's data (plain JSON). The job is stored in PostgreSQL before the
 * promise resolves, so it survives a crash of this instance.
 */
export interface JobQueue {
  enqueue(queue: string, data: object): Promise<void>;
}

/** How a queue's jobs are retried: `retryDelaySeconds`, then doubling up to `retryDelayMaxSeconds`, at most `retryLimit` times. */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
}

/** Runs one job; throwing fails the attempt, and the job is retried by its queue's policy. */
export type JobHandler = (data: any) => Promise<void>;

/** A queue, the worker that runs its jobs, and optionally when it gets a job on its own. */
export interface QueueDefinition {
  name: string;
  retry: RetryPolicy;
  handler: JobHandler;
  /** A cron expression (UTC) this queue gets a job on, once per occurrence across all instances. */
  cron?: string;
}
