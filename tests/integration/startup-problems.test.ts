import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openAppDatabases, openDatabase } from '../../backend/src/app/database';
import { startupProblemOf } from '../../backend/src/app/startup-problem';
import { ConfigError, loadConfig } from '../../backend/src/config/config';
import { appRoleUrlOf, createMigratedDatabase } from '../support/test-app';

/**
 * Start-up with a DATABASE_URL that never answers (a server that accepts connections and stays silent)
 * or that nobody listens on fails within the connect limits, with one line naming the database and no
 * stack; main prints it and exits 1. Only a bug keeps its stack. A DATABASE_APP_URL the database
 * refuses is named as such, not as the DATABASE_URL that worked.
 */

const LIMITS = { connectTimeoutMs: 500, acquireTimeoutMs: 500 };

let silent: Server;
const sockets = new Set<Socket>();
let silentPort: number;

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  silentPort = await new Promise<number>((resolve) => silent.listen(0, '127.0.0.1', () => resolve((silent.address() as { port: number }).port)));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

/** Runs the built server with this environment until it exits; its exit code and what it wrote to stderr. */
async function runServer(env: Record<string, string>) {
  const main = join(__dirname, '../../backend/dist/src/main.js');
  if (!existsSync(main)) throw new Error(`No built server at ${main}: run npm run build first (npm test does)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'stockroom-startup-'));
  try {
    const child = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', DATABASE_CONNECT_TIMEOUT_MS: '500', DATABASE_ACQUIRE_TIMEOUT_MS: '500', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { code, stderr };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startupFailure(databaseUrl: string) {
  const started = Date.now();
  const error = await openDatabase(databaseUrl, LIMITS).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  return { error, seconds: (Date.now() - started) / 1000, problem: startupProblemOf(error, databaseUrl) };
}

it('a database that accepts connections and never answers fails start-up within the connect limit, in one line', async () => {
  const url = `postgres://stockroom:secret@127.0.0.1:${silentPort}/stockroom`;
  const { error, seconds, problem } = await startupFailure(url);
  expect(error).toBeDefined();
  expect(seconds).toBeLessThan(10);
  expect(typeof problem).toBe('string');
  expect(problem).toMatch(new RegExp(`^Cannot reach the database at 127\\.0\\.0\\.1:${silentPort} \\(.+\\): check DATABASE_URL and that PostgreSQL is up and answering$`));
  expect(problem).not.toContain('secret');
});

it('the server itself prints that line, with no stack, and exits 1', async () => {
  const { code, stderr } = await runServer({ DATABASE_URL: `postgres://stockroom:secret@127.0.0.1:${silentPort}/stockroom` });
  expect(code).toBe(1);
  expect(stderr.trim().split('\n')).toEqual([
    expect.stringMatching(new RegExp(`^Cannot reach the database at 127\\.0\\.0\\.1:${silentPort} \\(.+\\): check DATABASE_URL`)),
  ]);
});

it('a database nobody listens on fails start-up in one line too', async () => {
  const { problem } = await startupFailure('postgres://stockroom:secret@127.0.0.1:9/stockroom');
  expect(problem).toBe('Cannot reach the database at 127.0.0.1:9 (ECONNREFUSED): check DATABASE_URL and that PostgreSQL is up and answering');
});

it('bad configuration is its list of problems, and only an unexpected error keeps its stack', () => {
  let configError: unknown;
  try {
    loadConfig({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'ftp://minio', AWS_ACCESS_KEY_ID: 'only-the-id', DATA_DIR: '/tmp/stockroom-config-test' });
  } catch (error) {
    configError = error;
  }
  expect(configError).toBeInstanceOf(ConfigError);
  expect(startupProblemOf(configError, undefined)).toBe(
    'Invalid configuration:\n  - S3_ENDPOINT must be a http: or https: URL (got "ftp://minio")\n  - AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together',
  );
  const bug = new TypeError('x is not a function');
  expect(startupProblemOf(bug, undefined)).toBe(bug);
});

it('a user PostgreSQL does not let in fails start-up in one line that says so, without the password', async () => {
  const adminUrl = new URL(process.env.TEST_PG_ADMIN_URL!);
  const stranger = new URL(adminUrl);
  stranger.username = 'no_such_stockroom_user';
  stranger.password = 'wrong-secret';
  const { problem } = await startupFailure(stranger.href);
  expect(problem).toMatch(new RegExp(`^The database at ${adminUrl.host.replace(/\./g, '\\.')} refused the user or password in DATABASE_URL \\((28P01|28000)\\): check them$`));
  expect(problem).not.toContain('wrong-secret');
});

it('a port already taken is one line too', () => {
  const taken = Object.assign(new Error('listen EADDRINUSE: address already in use :::3000'), { code: 'EADDRINUSE', port: 3000 });
  expect(startupProblemOf(taken, undefined)).toBe('Port 3000 is already in use: stop what listens there, or set PORT to a free one');
});

describe('DATABASE_APP_URL, the role requests are served as, once DATABASE_URL has let the owner in', () => {
  let ownerUrl: string;
  let host: string;
  /** The run's app role with a password it does not have. */
  let wrongPassword: string;
  beforeAll(async () => {
    ownerUrl = await createMigratedDatabase();
    host = new URL(ownerUrl).host;
    const url = new URL(appRoleUrlOf(ownerUrl));
    url.password = 'wrong-app-secret';
    wrongPassword = url.toString();
  });
  const appRoleFailure = async (appUrl: string) => {
    const error = await openAppDatabases(ownerUrl, appUrl, LIMITS).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    return startupProblemOf(error, ownerUrl);
  };

  it('with a wrong password fails start-up in one line that names DATABASE_APP_URL, without the password', async () => {
    const problem = await appRoleFailure(wrongPassword);
    expect(problem).toBe(`The database at ${host} refused the user or password in DATABASE_APP_URL (28P01): check them`);
    expect(problem).not.toContain('wrong-app-secret');
  });

  it('with a role that may not log in says so before trying', async () => {
    const role = `stockroom_nologin_${process.pid}`;
    const admin = new Client({ connectionString: ownerUrl });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} NOLOGIN NOSUPERUSER NOBYPASSRLS PASSWORD 'nologin-secret'`);
    try {
      const url = new URL(ownerUrl);
      [url.username, url.password] = [role, 'nologin-secret'];
      const problem = await appRoleFailure(url.toString());
      expect(problem).toBe(`DATABASE_APP_URL's role "${role}" cannot log in: give it LOGIN (ALTER ROLE ... LOGIN)`);
    } finally {
      await admin.query(`DROP ROLE ${role}`);
      await admin.end();
    }
  });

  it('at a host nobody listens on names DATABASE_APP_URL too', async () => {
    const url = new URL(appRoleUrlOf(ownerUrl));
    url.host = '127.0.0.1:9';
    expect(await appRoleFailure(url.toString())).toBe(
      'Cannot reach the database at 127.0.0.1:9 (ECONNREFUSED): check DATABASE_APP_URL and that PostgreSQL is up and answering',
    );
  });

  it('the server prints that line, with no stack, and exits 1', async () => {
    const { code, stderr } = await runServer({ DATABASE_URL: ownerUrl, DATABASE_APP_URL: wrongPassword });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([`The database at ${host} refused the user or password in DATABASE_APP_URL (28P01): check them`]);
    expect(stderr).not.toContain('wrong-app-secret');
  });
});
