import { APP_VERSION } from '@stockroom/schema';
import type { SqlPool } from '../db/sql';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: 'up' | 'down';
  version: string;
  uptimeSeconds: number;
}

/** Readiness: the app is ready while its database answers a trivial statement on the shared pool. */
export async function healthReport(sql: SqlPool): Promise<HealthReport> {
  const database = await sql
    .query({ sql: 'SELECT 1', values: [] })
    .then(() => 'up' as const)
    .catch(() => 'down' as const);
  return { status: database === 'up' ? 'ok' : 'unavailable', database, version: APP_VERSION, uptimeSeconds: Math.round(process.uptime()) };
}
