import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir, totalmem } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { PASSWORD, uniqueEmail } from './support/env';

/**
 * A stop on the production build (NODE_ENV=production, not test), signalled as systemd with
 * KillMode=mixed or Docker does (SIGTERM to the server's process) and as a terminal's Ctrl+C or
 * `kill -- -PGID` does (SIGINT or SIGTERM to its whole process group): the requests the instance
 * already has finish with their answers, their connections close after them, the instance takes no
 * new connection, and the process exits 0 after closing the pool and then its embedded PostgreSQL,
 * which runs in a session of its own so that the group's signal does not stop it under the requests.
 * Afterwards nothing listens on either port and no PostgreSQL of the data directory is left, nor is
 * one left by a server that crashed, and one left by a server killed outright is stopped by the next
 * start. To hold 20 requests in flight without timing, the test locks the sessions table (every
 * request but the sign-ins reads it first; a sign-in writes it last) and waits until PostgreSQL shows
 * all 20 waiting for the lock.
 */

interface Server {
  baseUrl: string;
  port: number;
  pgPort: number;
  dataDir: string;
  logFile: string;
  pid: number;
  exitPromise: Promise<{ code: number | null; signal: string | null }>;
}
interface Answer {
  label: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const started: Server[] = [];
afterAll(async () => {
  for (const server of started) {
    try {
      process.kill(-server.pid, 'SIGKILL'); // only if a test failed before the server exited
    } catch {
      /* gone already */
    }
    // The database runs in a session of its own, out of reach of the group's SIGKILL.
    for (const pid of postgresProcessesOf(server.dataDir)) process.kill(pid, 'SIGKILL');
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

/** The processes whose command line names the data directory's cluster: its PostgreSQL server (Linux's /proc). */
function postgresProcessesOf(dataDir: string): number[] {
  const cluster = join(dataDir, 'pg');
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(cluster);
      } catch {
        return false; // exited while we looked
      }
    })
    .map(Number);
}

/** The running processes of process group `pgid` (Linux's /proc); a zombie holds no port and runs nothing, so it is not one. */
function runningProcessesOfGroup(pgid: number): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(group) !== pgid || state === 'Z') return [];
        return [`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim()}`];
      } catch {
        return []; // exited while we looked
      }
    });
}

/** Whether anything accepts a connection on 127.0.0.1:`port`. */
const listening = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });

/** The pid in the cluster's postmaster.pid, or undefined when there is none (no server, or it stopped cleanly). */
function postmasterPidOf(dataDir: string): number | undefined {
  const file = join(dataDir, 'pg', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

/** What a stop must leave: nothing listening on the app's or PostgreSQL's port, and no PostgreSQL of the data directory. */
async function expectNothingLeft(server: Server) {
  expect(await listening(server.port)).toBe(false);
  expect(await listening(server.pgPort)).toBe(false);
  expect(postgresProcessesOf(server.dataDir)).toEqual([]);
  expect(postmasterPidOf(server.dataDir)).toBeUndefined();
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** The test's environment without what would point the server at a real database or mail server. */
function inheritedEnv() {
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'JWT_SECRET', 'CLIENT_DIR', 'NODE_ENV']) delete env[key];
  return env;
}

/**
 * The built server as production runs it, on its own embedded PostgreSQL, as the leader of a process
 * group of its own (as a service manager or a terminal starts it). The shared e2e server
 * (support/server.mjs) cannot be used: this test stops the server it starts.
 */
function spawnOwnServer(env: Record<string, string>, { port, pgPort, dataDir }: { port: number; pgPort: number; dataDir: string }, command: 'server' | 'npm start' = 'server'): Server {
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = join(dataDir, 'server.log');
  // `npm start` as an operator runs it: npm on the PATH, the test's Node first on it.
  const [file, args] = command === 'server' ? [process.execPath, [resolve(__dirname, '../../backend/dist/src/main.js')]] : ['npm', ['start']];
  const child = spawn(file, args, {
    cwd: resolve(__dirname, '../..'),
    env: { ...inheritedEnv(), PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, APP_URL: baseUrl, EMBEDDED_PG_PORT: String(pgPort), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exitPromise = new Promise<{ code: number | null; signal: string | null }>((done) => child.on('exit', (code, signal) => done({ code, signal })));
  const server: Server = { baseUrl, port, pgPort, dataDir, logFile, pid: child.pid!, exitPromise };
  started.push(server);
  return server;
}

async function startOwnServer(env: Record<string, string>, dataDir = mkdtempSync(join(tmpdir(), 'stockroom-shutdown-')), command: 'server' | 'npm start' = 'server'): Promise<Server> {
  const server = spawnOwnServer(env, { port: await freePort(), pgPort: await freePort(), dataDir }, command);
  await waitFor('the server to be ready', () => fetch(`${server.baseUrl}/api/health/ready`).then((res) => res.ok, () => false), 120_000);
  return server;
}

/** One request to `server` on a keep-alive connection of `agent`, answered or failed. */
function sendTo(server: Server, agent: Agent, label: string, method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.baseUrl}${path}`,
      {
        method,
        agent,
        headers: {
          ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(token && { authorization: `Bearer ${token}` }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ label, status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', (error) => reject(new Error(`${label}: ${error.message}`)));
    req.end(payload);
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

jest.setTimeout(180_000);

it.each<[signal: 'SIGTERM' | 'SIGINT', target: 'the server' | 'its process group', sender: string]>([
  ['SIGTERM', 'the server', 'systemd (KillMode=mixed), Docker'],
  ['SIGTERM', 'its process group', 'kill -- -PGID'],
  ['SIGINT', 'its process group', "a terminal's Ctrl+C"],
])('%s to %s (%s) lets 20 requests in flight of every kind finish with 2xx, refuses new connections, exits 0 and leaves nothing running', async (signal, target) => {
  const server = await startOwnServer({ DATABASE_POOL_MAX: '30', SHUTDOWN_GRACE_MS: '30000' });
  const send = (agent: Agent, label: string, method: string, path: string, body?: unknown, token?: string) => sendTo(server, agent, label, method, path, body, token);
  const agent = new Agent({ keepAlive: true, maxSockets: 40 });
  const email = uniqueEmail('shutdown');
  const signUp = await send(agent, 'sign-up', 'POST', '/api/auth/signup', { firstName: 'Shut', lastName: 'Down', email, password: PASSWORD });
  expect(signUp.status).toBe(201);
  const token = JSON.parse(signUp.body).accessToken as string;
  const products = [];
  for (let i = 0; i < 4; i += 1) {
    const created = await send(agent, 'create', 'POST', '/api/products', { name: `Drain lamp ${i}`, description: 'A lamp for the shutdown test', category: 'Lighting', price: 10, quantity: 5 }, token);
    expect(created.status).toBe(201);
    products.push(JSON.parse(created.body).product as { id: string });
  }

  const password = readFileSync(join(server.dataDir, 'pg-password'), 'utf8').trim();
  const db = new Client({ connectionString: `postgresql://postgres:${password}@127.0.0.1:${server.pgPort}/stockroom` });
  db.on('error', () => {}); // the server stops this PostgreSQL at the end
  await db.connect();
  // The embedded server runs with a quarter of the machine's memory as its cache, between 128 MB and 1 GB.
  const sharedBuffersMb = Number((await db.query(`SELECT setting::bigint * 8 / 1024 AS mb FROM pg_settings WHERE name = 'shared_buffers'`)).rows[0].mb);
  expect(sharedBuffersMb).toBe(Math.min(1024, Math.max(128, Math.floor(totalmem() / 4 / 1024 ** 2))));
  await db.query('BEGIN');
  await db.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');

  const gql = (label: string, query: string, variables = {}) => send(agent, label, 'POST', '/graphql', { query, variables }, token);
  const [a, b, c, d] = products.map((p) => p.id);
  const inFlight = [
    send(agent, 'list', 'GET', '/api/products?limit=5', undefined, token),
    send(agent, 'search', 'GET', '/api/products?search=lamp', undefined, token),
    send(agent, 'stats', 'GET', '/api/products/stats', undefined, token),
    send(agent, 'categories', 'GET', '/api/products/categories', undefined, token),
    send(agent, 'one product', 'GET', `/api/products/${a}`, undefined, token),
    send(agent, 'create', 'POST', '/api/products', { name: 'Drain desk', description: 'Created while draining', category: 'Desks', price: 99, quantity: 1 }, token),
    send(agent, 'update', 'PUT', `/api/products/${b}`, { price: 12.5 }, token),
    send(agent, 'stock', 'POST', `/api/products/${c}/stock`, { delta: -2 }, token),
    send(agent, 'delete', 'DELETE', `/api/products/${d}`, undefined, token),
    send(agent, 'dashboard', 'GET', '/api/dashboard', undefined, token),
    send(agent, 'profile', 'GET', '/api/users/profile/me', undefined, token),
    send(agent, 'profile edit', 'PUT', '/api/users/profile/me', { firstName: 'Drained' }, token),
    send(agent, 'sign-in 1', 'POST', '/api/auth/signin', { email, password: PASSWORD }),
    send(agent, 'sign-in 2', 'POST', '/api/auth/signin', { email, password: PASSWORD }),
    gql('graphql list', '{ products(query: { limit: 3 }) { pagination { total } } }'),
    gql('graphql stats', '{ productStats { totalProducts } }'),
    gql('graphql me', '{ me { email } }'),
    gql('graphql create', 'mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }', {
      input: { name: 'Drain chair', description: 'Created over GraphQL while draining', category: 'Seating', price: 40, quantity: 2 },
    }),
    gql('graphql stock', 'mutation($id: ID!) { adjustStock(id: $id, delta: 1) { quantity } }', { id: a }),
    gql('graphql dashboard', '{ dashboard { recentActivity { kind } } }'),
  ];
  expect(inFlight).toHaveLength(20);
  const waiting = async () =>
    // pg_locks rather than pg_stat_activity: a connection the pool opened for the request shows no database there until its first statement runs.
    Number((await db.query(`SELECT count(DISTINCT pid) FROM pg_locks WHERE relation = 'sessions'::regclass AND NOT granted`)).rows[0].count);
  await waitFor('20 requests waiting on the lock', async () => (await waiting()) === 20);

  process.kill(target === 'the server' ? server.pid : -server.pid, signal);
  await waitFor('the listener to close', () =>
    fetch(`${server.baseUrl}/api/health/live`).then(
      () => false,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED',
    ),
  );

  // A PostgreSQL that took the signal too ends this session as well, which lets the requests go on to a database that is stopping.
  const committed = await db.query('COMMIT').then(() => true, () => false);
  await db.end().catch(() => {});
  const answers = await Promise.all(inFlight);
  expect(answers.filter((answer) => answer.status < 200 || answer.status >= 300).map((x) => `${x.label}: ${x.status} ${x.body}`)).toEqual([]);
  expect(committed).toBe(true);
  expect(answers.filter((answer) => answer.body.includes('"errors"')).map((x) => `${x.label}: ${x.body}`)).toEqual([]);
  expect(answers.filter((answer) => answer.headers.connection !== 'close').map((x) => x.label)).toEqual([]);

  const exit = await server.exitPromise;
  expect(exit).toEqual({ code: 0, signal: null });
  const log = readFileSync(server.logFile, 'utf8');
  expect(log).toContain(`${signal} received: draining 20 request(s)`);
  expect(log).toContain('Stopped cleanly');
  agent.destroy();
  await expectNothingLeft(server);
});

it('a server that fails after starting its PostgreSQL (its port is taken) leaves no PostgreSQL behind', async () => {
  const taken = createServer().listen(0, '127.0.0.1');
  await new Promise((done) => taken.once('listening', done));
  try {
    const dataDir = mkdtempSync(join(tmpdir(), 'stockroom-shutdown-'));
    const server = spawnOwnServer({}, { port: (taken.address() as { port: number }).port, pgPort: await freePort(), dataDir });
    expect((await server.exitPromise).code).toBe(1);
    expect(readFileSync(server.logFile, 'utf8')).toContain('is already in use');
    expect(await listening(server.pgPort)).toBe(false);
    expect(postgresProcessesOf(dataDir)).toEqual([]);
  } finally {
    taken.close();
  }
});

it("a server killed outright (SIGKILL to its group) leaves its PostgreSQL to the next start on the data directory, which stops it and starts its own", async () => {
  const killed = await startOwnServer({});
  const orphan = postmasterPidOf(killed.dataDir)!;
  process.kill(-killed.pid, 'SIGKILL');
  await killed.exitPromise;
  expect(postgresProcessesOf(killed.dataDir)).toEqual([orphan]);

  const next = await startOwnServer({}, killed.dataDir);
  expect(await listening(killed.pgPort)).toBe(false);
  expect(postgresProcessesOf(killed.dataDir)).not.toContain(orphan);
  expect(readFileSync(next.logFile, 'utf8')).toContain(`stopping the PostgreSQL (pid ${orphan}) a server that is gone left running`);
  process.kill(-next.pid, 'SIGTERM');
  expect(await next.exitPromise).toEqual({ code: 0, signal: null });
  await expectNothingLeft(next);
});

it.each(['SIGTERM', 'SIGINT'] as const)('%s to the PID of `npm start` stops all of it: npm, its script, the server and the embedded PostgreSQL', async (signal) => {
  const npm = await startOwnServer({}, undefined, 'npm start');
  expect(runningProcessesOfGroup(npm.pid).join('\n')).toContain('backend/dist/src/main.js');
  expect(postgresProcessesOf(npm.dataDir)).not.toEqual([]);
  process.kill(npm.pid, signal);
  // npm exits last: a service script that waits for its PID finds the ports free.
  expect(await npm.exitPromise).toEqual({ code: 0, signal: null });
  expect(runningProcessesOfGroup(npm.pid)).toEqual([]);
  await expectNothingLeft(npm);
  expect(readFileSync(npm.logFile, 'utf8')).toContain('Stopped cleanly');
});
