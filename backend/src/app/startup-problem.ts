import { databaseOutageOf } from '../common/database-outage';
import { ConfigError } from '../config/config';
import { AppRoleConnectError } from './database';

/** What PostgreSQL says when a database URL names a user or password it does not take (SQLSTATE); a missing database is created. */
const REFUSED_LOGIN = new Set(['28P01', '28000']);

/**
 * The message start-up fails with: an operator's mistake (bad configuration, a database that is
 * not there or does not answer, one that does not let the app in, a port already taken) in plain words and
 * without a stack, which only a bug gets. A connection names the setting whose URL it used: DATABASE_URL,
 * or DATABASE_APP_URL for the serving pool, opened as the app role once the owner's had worked.
 */
export function startupProblemOf(error: unknown, databaseUrl: string | undefined): string | Error {
  if (error instanceof ConfigError) return error.message;
  const asAppRole = error instanceof AppRoleConnectError;
  const setting = asAppRole ? 'DATABASE_APP_URL' : 'DATABASE_URL';
  const host = asAppRole ? error.host : databaseUrl && new URL(databaseUrl).host;
  const where = databaseUrl ? host : 'the embedded PostgreSQL';
  const failure = asAppRole ? error.cause : error;
  const outage = databaseOutageOf(failure);
  if (outage !== undefined) return `Cannot reach the database at ${where} (${outage}): check ${setting} and that PostgreSQL is up and answering`;
  const code = (failure as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && REFUSED_LOGIN.has(code)) return `The database at ${where} refused the user or password in ${setting} (${code}): check them`;
  // Whatever else stops the app role's connection is a setting to fix too: its message has the host, never the URL.
  if (asAppRole) return `${error.message}: check ${setting}`;
  if (code === 'EADDRINUSE') return `Port ${(error as { port?: unknown }).port ?? ''} is already in use: stop what listens there, or set PORT to a free one`;
  return error instanceof Error ? error : new Error(`Start-up failed: ${String(error)}`);
}
