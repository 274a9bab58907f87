import { resolve } from 'node:path';
import { Client } from 'pg';
import { e2eEnv } from './env';

const repoRoot = resolve(__dirname, '../../..');

/** The e2e server's embedded PostgreSQL, found as promote-user finds it: its port and password live in DATA_DIR. */
export function e2eDatabaseUrl(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runningEmbeddedPostgres } = require(resolve(repoRoot, 'backend/dist/src/db/embedded-postgres.js')) as {
    runningEmbeddedPostgres(dataDir: string): { url: string } | undefined;
  };
  const database = runningEmbeddedPostgres(e2eEnv().dataDir);
  if (!database) throw new Error('The e2e server has no running embedded PostgreSQL');
  return database.url;
}

/**
 * Runs one statement on the e2e server's database: for what a test cannot
 * wait for or ask the app to do (time passing, a membership without an
 * invitation's mail).
 */
export async function e2eSql(statement: string, values: unknown[]): Promise<void> {
  const client = new Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/** Moves an account's sessions 11 minutes into the past: their sign-in no longer covers sensitive actions (step-up). */
export const ageSessionsSql = (email: string) =>
  e2eSql(`UPDATE sessions SET created_at = now() - interval '11 minutes', verified_at = NULL WHERE user_id = (SELECT id FROM users WHERE email = lower($1))`, [email]);
