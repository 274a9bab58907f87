import { databaseOutageOf } from '../common/database-outage';
import { ConfigError } from '../config/config';

/**
 * The message start-up fails with: an operator's mistake (bad configuration, a database that is
 * not there or does not answer) in plain words and without a stack, which only a bug gets.
 */
export function startupProblemOf(error: unknown, databaseUrl: string | undefined): string | Error {
  if (error instanceof ConfigError) return error.message;
  const outage = databaseOutageOf(error);
  if (outage !== undefined) {
    const where = databaseUrl ? new URL(databaseUrl).host : 'the embedded PostgreSQL';
    return `Cannot reach the database at ${where} (${outage}): check DATABASE_URL and that PostgreSQL is up and answering`;
  }
  return error instanceof Error ? error : new Error(`Start-up failed: ${String(error)}`);
}
