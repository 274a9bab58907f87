/**
 * What a feature sees of the background work: it names a queue and hands over
 * the job's data (plain JSON). The job is stored in PostgreSQL before the
 * promise resolves, so it survives a crash of this instance.
 */
export interface JobQueue {
  /** With `afterSeconds`, the job waits that long before a worker may take it. */
  enqueue(queue: string, data: object, options?: { afterSeconds?: number }): Promise<void>;
}

/**
 * How a queue's failed jobs are retried: at most `retryLimit` times, the first after
 * `retryDelaySeconds`, each next one after twice as long. pg-boss stretches each delay
 * by a random share of up to as much again (so retries of many jobs spread out) and sets
 * no ceiling: the 12th retry of a 10 s delay comes 5.7 to 11.4 hours after the 11th.
 */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
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
