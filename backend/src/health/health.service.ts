import { APP_VERSION } from '@stockroom/schema';
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
  draining: boolean;
  jobs: JobsState['status'];
}

const databaseAnswers = (sql: SqlPool) =>
  sql
    .query({ sql: 'SELECT 1', values: [] })
    .then(() => 'up' as const)
    .catch(() => 'down' as const);

/** Readiness as the first API reported it: the app is ready while its database answers a trivial statement on the shared pool. */
export async function healthReport(sql: SqlPool): Promise<HealthReport> {
  const database = await databaseAnswers(sql);
  return { status: database === 'up' ? 'ok' : 'unavailable', database, version: APP_VERSION, uptimeSeconds: Math.round(process.uptime()) };
}

/**
 * Ready for new requests: the database answers, the instance is not draining
 * for a shutdown, and its job workers run (unless WORKER=0 turned them off).
 */
export async function readiness(sql: SqlPool, instance: DrainState, jobs: JobsState): Promise<Readiness> {
  const database = await databaseAnswers(sql);
  const ready = database === 'up' && !instance.draining && jobs.status !== 'stopped';
  return { status: ready ? 'ready' : 'unavailable', database, draining: instance.draining, jobs: jobs.status };
}
