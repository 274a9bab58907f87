import { APP_VERSION } from '@stockroom/schema';
import type { DatabaseBreaker } from '../common/database-outage';
import { orWhenLate } from '../common/deadline';
import { log } from '../common/log';
import { heldBackNote, logOncePerWindow } from '../common/rate-limited-log';
import type { SqlPool } from '../db/sql';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: 'up' | 'down';
  version: string;
  uptimeSeconds: number;
}

/** What readiness needs to know of the instance's shutdown. */
export interface DrainState {
  readonly draining: boolean;
}

/** What readiness needs to know of the background work: 'off' on an instance that only serves requests (WORKER=0). */
export interface JobsState {
  readonly status: 'running' | 'stopped' | 'off';
}

export interface Readiness {
  status: 'ready' | 'unavailable';
  database: 'up' | 'down';
  /** Where uploads are kept: a missing bucket, refused credentials or an unreachable store make the instance not ready. */
  storage: 'up' | 'down';
  /**
   * Why the storage is down, in one line: only for the operator's monitoring (`withReasons`), since it
   * names the uploads directory or the S3 endpoint and bucket. The log has it too.
   */
  storageProblem?: string;
  draining: boolean;
  jobs: JobsState['status'];
}

/** What readiness needs to know of the upload store. */
export interface StorageCheck {
  check(): Promise<void>;
}

const databaseAnswers = (sql: SqlPool) =>
  sql
    .query({ sql: 'SELECT 1', values: [] })
    .then(() => 'up' as const)
    .catch(() => 'down' as const);

/**
 * How long readiness waits for the database's answer before it reports it down: a hung database
 * (one that accepts connections and answers nothing) would otherwise hold each poll for the whole
 * statement limit, and a load balancer would hear nothing at all rather than "not ready".
 */
const READINESS_DATABASE_DEADLINE_MS = 1_000;

/** Readiness as the first API reported it: the app is ready while its database answers a trivial statement on the shared pool. */
export async function healthReport(sql: SqlPool): Promise<HealthReport> {
  const database = await databaseAnswers(sql);
  return { status: database === 'up' ? 'ok' : 'unavailable', database, version: APP_VERSION, uptimeSeconds: Math.round(process.uptime()) };
}

export interface ReadinessOptions {
  /** Whether the answer says why the storage is down (the operator's monitoring); the log says it either way. */
  withReasons?: boolean;
  databaseDeadlineMs?: number;
}

/**
 * Ready for new requests: the database answers, uploads can be stored, the instance is not draining
 * for a shutdown, and its job workers run (unless WORKER=0 turned them off). While the breaker is open the database counts as down without waiting for it; the poll
 * starts a check. A database that has not answered within a second counts as down too. Why the storage
 * is down goes to the log, one line per reason every few seconds however often the probe polls.
 */
export async function readiness(
  sql: SqlPool,
  instance: DrainState,
  breaker: DatabaseBreaker,
  storage: StorageCheck,
  jobs: JobsState,
  { withReasons = false, databaseDeadlineMs = READINESS_DATABASE_DEADLINE_MS }: ReadinessOptions = {},
): Promise<Readiness> {
  void breaker.probe();
  const [database, storageProblem] = await Promise.all([
    breaker.openReason === undefined ? orWhenLate(databaseAnswers(sql), databaseDeadlineMs, () => 'down' as const) : ('down' as const),
    storage.check().then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    ),
  ]);
  if (storageProblem !== undefined) {
    logOncePerWindow(`readiness storage ${storageProblem}`, (heldBack) => log.error(`[uploads] not ready: ${storageProblem}${heldBackNote(heldBack)}`));
  }
  const storageState = storageProblem === undefined ? ('up' as const) : ('down' as const);
  return {
    status: database === 'up' && storageState === 'up' && !instance.draining && jobs.status !== 'stopped' ? 'ready' : 'unavailable',
    database,
    storage: storageState,
    ...(withReasons && storageProblem !== undefined && { storageProblem }),
    draining: instance.draining,
    jobs: jobs.status,
  };
}
