import type { AppConfig } from '../src/config/config';
import { runningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres';

/**
 * The database `npm start` uses, for a command-line script: DATABASE_URL, else
 * the embedded PostgreSQL in DATA_DIR (the running server's, or one started
 * for the script). `stop` stops only what the script itself started.
 */
export async function openScriptDatabase(config: AppConfig): Promise<EmbeddedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, appUrl: config.databaseAppUrl ?? config.databaseUrl, stop: async () => {} };
  console.error(`Using the embedded PostgreSQL in ${config.dataDir}/pg ...`);
  return runningEmbeddedPostgres(config.dataDir) ?? (await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort));
}
