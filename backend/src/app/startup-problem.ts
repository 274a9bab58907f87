import { databaseOutageOf } from '../common/database-outage';
import { ConfigError } from '../config/config';

/** What PostgreSQL says when DATABASE_URL names a user or password it does not take (SQLSTATE); a missing database is created. */
const REFUSED_LOGIN = new Set(['28P01', '28000']);

/**
 * The message start-up fails with: an operator's mistake (bad configuration, a database that is
 * not there or does not answer, one that does not let the app in, a port already taken) in plain words and
 * without a stack, which only a bug gets.
 */
export function startupProblemOf(error: unknown, databaseUrl: string | undefined): string | Error {
  if (error instanceof ConfigError) return error.message;
  const where = databaseUrl ? new URL(databaseUrl).host : 'the embedded PostgreSQL';
  const outage = databaseOutageOf(error);
  if (outage !== undefined) return `Cannot reach the database at ${where} (${outage}): check DATABASE_URL and that PostgreSQL is up and answering`;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && REFUSED_LOGIN.has(code)) return `The database at ${where} refused the user or password in DATABASE_URL (${code}): check them`;
  if (code === 'EADDRINUSE') return `Port ${(error as { port?: unknown }).port ?? ''} is already in use: stop what listens there, or set PORT to a free one`;
  return error instanceof Error ? error : new Error(`Start-up failed: ${String(error)}`);
}
