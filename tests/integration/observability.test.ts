import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Mailer } from '../../backend/src/mail/mailer';
import { MAIL_QUEUE } from '../../backend/src/mail/mail-outbox';
import { createDatabase, signUpUser, startTestApp } from '../support/test-app';

/**
 * The built server as an operator runs it (NODE_ENV=production): a JSON log
 * line per request with its id, route pattern, GraphQL operation, status and
 * duration; no address, password, token or link token anywhere in the log;
 * Prometheus metrics at /metrics only with METRICS_TOKEN's bearer token.
 */

const MAIN = join(__dirname, '../../backend/dist/src/main.js');
const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
const EMAIL = 'Observed.Person+logs@example.org';
const PASSWORD = 'Correct-Horse-Battery-9';
const WRONG_PASSWORD = 'Not-The-Password-42';
const RESET_TOKEN = 'a-reset-token-that-must-never-be-logged-0123456789';

interface LogLine {
  level: string;
  msg: string;
  time: string;
  requestId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  operation?: string;
  operationType?: string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let child: ChildProcess;
let dataDir: string;
let baseUrl: string;
let stdout = '';

/** Every log line so far, parsed: each must be one JSON object. */
const logLines = (): LogLine[] =>
  stdout
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LogLine);

/** Waits until a line that `matches` has been written (the server logs a request once it is answered). */
async function lineWhere(matches: (line: LogLine) => boolean, seconds = 2): Promise<LogLine> {
  for (let attempt = 0; attempt < seconds * 50; attempt += 1) {
    const found = logLines().find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no such log line in:\n${stdout}`);
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`No built server at ${MAIN}: run npm run build first (npm test does)`);
  dataDir = mkdtempSync(join(tmpdir(), 'stockroom-observability-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: await createDatabase(), METRICS_TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  // Start-up migrates a fresh database: seconds on a busy machine, so the wait is the hook's, not a request's 2 s.
  await lineWhere((line) => line.msg.startsWith('Stockroom listening'), 50);
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the log', () => {
  it('writes a JSON line per request: its id, the route pattern, the status and the duration', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const answer = await fetch(`${baseUrl}/api/products/${missing}`, { headers: { 'x-request-id': 'edge-7f3a.42_b' } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-request-id')).toBe('edge-7f3a.42_b');
    const line = await lineWhere((l) => l.requestId === 'edge-7f3a.42_b' && l.msg === 'request');
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/api/products/:id', status: 401 });
    expect(line.durationMs).toEqual(expect.any(Number));
    expect(new Date(line.time).getTime()).not.toBeNaN();
    // The id in the path is not logged: the route is the pattern.
    expect(stdout).not.toContain(missing);
  });

  it('replaces an X-Request-Id that is too long or holds anything but letters, digits and . _ -', async () => {
    for (const hostile of ['x'.repeat(129), '<script>alert(1)</script>', 'a b', 'line\u00e9']) {
      const answer = await fetch(`${baseUrl}/api/health/live`, { headers: { 'x-request-id': hostile } });
      const given = answer.headers.get('x-request-id')!;
      expect(given).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(stdout).not.toContain('<script>');
  });

  it('names the GraphQL operation and its type', async () => {
    const answer = await post('/graphql', { query: 'query Whoami { __typename }' }, { 'x-request-id': 'gql-1' });
    expect(answer.status).toBe(200);
    expect(await lineWhere((l) => l.requestId === 'gql-1' && l.msg === 'request')).toMatchObject({ route: '/graphql', operation: 'Whoami', operationType: 'query' });
  });

  it('holds no email address, password, access token or reset token, whatever the requests carried', async () => {
    const signedUp = await post('/api/auth/signup', { email: EMAIL, password: PASSWORD, firstName: 'Observed', lastName: 'Person' });
    expect(signedUp.status).toBe(201);
    const { accessToken } = (await signedUp.json()) as { accessToken: string };
    expect((await post('/api/auth/signin', { email: EMAIL, password: WRONG_PASSWORD })).status).toBe(401);
    const signIn = `mutation SignIn($input: SignInInput!) { signIn(input: $input) { accessToken } }`;
    expect((await post('/graphql', { query: signIn, variables: { input: { email: EMAIL, password: PASSWORD } } })).status).toBe(200);
    expect((await post('/api/auth/forgot-password', { email: EMAIL })).status).toBe(200);
    await post('/api/auth/reset-password', { token: RESET_TOKEN, password: PASSWORD });
    await fetch(`${baseUrl}/api/auth/verify-email?token=${RESET_TOKEN}`, { headers: { authorization: `Bearer ${accessToken}` } });
    await fetch(`${baseUrl}/api/products?search=${encodeURIComponent(EMAIL)}`, { headers: { authorization: `Bearer ${accessToken}` } });
    // The forgotten-password mail is written (and logged) by the mail worker, which looks for work every 2 s.
    await lineWhere((l) => l.msg.startsWith('[mail]'), 15);
    await lineWhere((l) => l.route === '/api/products' && l.status === 200);
    for (const secret of [EMAIL, EMAIL.toLowerCase(), PASSWORD, WRONG_PASSWORD, accessToken, RESET_TOKEN, 'example.org']) {
      expect({ secret, logged: stdout.includes(secret) }).toEqual({ secret, logged: false });
    }
    expect(logLines().find((l) => l.msg.startsWith('[mail]'))!.msg).toContain('[email]');
  });
});

describe('/metrics', () => {
  const scrape = (authorization?: string) => fetch(`${baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });

  it('answers 401 without the bearer token or with another', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer scrape-token-0123456789abcdeX')).status).toBe(401);
    expect((await scrape(METRICS_TOKEN)).status).toBe(401);
  });

  it('measures requests by route, GraphQL operations by name, the pool, the queues and the event loop', async () => {
    await fetch(`${baseUrl}/api/products/00000000-0000-4000-8000-000000000001`);
    await post('/graphql', { query: 'query Whoami { __typename }' });
    const answer = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await answer.text();
    expect(text).toMatch(/stockroom_http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status="4xx"\} [1-9]/);
    expect(text).toMatch(/stockroom_graphql_operation_duration_seconds_count\{operation="Whoami",type="query"\} [1-9]/);
    expect(text).toMatch(/stockroom_db_pool_connections\{state="used"\} \d+/);
    expect(text).toMatch(/stockroom_job_queue_depth\{queue="[\w-]+"\} \d+/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
  });

  it('keeps at most 100 GraphQL operation names: a caller cannot grow the label set without end', async () => {
    for (let i = 0; i < 130; i += 1) await post('/graphql', { query: `query Invented${i} { __typename }` });
    const text = await (await scrape(`Bearer ${METRICS_TOKEN}`)).text();
    const names = new Set([...text.matchAll(/stockroom_graphql_operation_duration_seconds_count\{operation="([^"]+)"/g)].map((m) => m[1]));
    expect(names.size).toBeLessThanOrEqual(101);
    expect(names.has('other')).toBe(true);
  });

  it('counts answers with a 5xx status by status, and background jobs by queue and outcome', async () => {
    let sendsToFail = 1;
    // Uploads kept in a store nobody listens on, so reading one is a 503; and a mail transport whose first send fails, as a mail server that is down does.
    const app = await startTestApp(
      { METRICS_TOKEN, S3_BUCKET: 'nowhere', S3_ENDPOINT: 'http://127.0.0.1:9', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' },
      {
        wrapMailer: (mailer: Mailer): Mailer => ({
          deliver: async (mail) => {
            if (sendsToFail-- > 0) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
            await mailer.deliver(mail);
          },
        }),
      },
    );
    const metrics = async () => (await app.rest<string>('GET', '/metrics', undefined, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    try {
      expect(await metrics()).not.toMatch(/stockroom_http_server_errors_total\{/);
      expect((await app.rest('GET', `/uploads/${randomUUID()}.png`)).status).toBe(503);
      expect(await metrics()).toMatch(/^stockroom_http_server_errors_total\{status="503"\} 1$/m);

      // Signing up queues a verification mail: its first send fails, and the retry is sent.
      await signUpUser(app);
      await app.jobsDone(MAIL_QUEUE);
      const text = await metrics();
      expect(text).toMatch(/^stockroom_jobs_total\{queue="mail",outcome="failed"\} 1$/m);
      expect(text).toMatch(/^stockroom_jobs_total\{queue="mail",outcome="completed"\} 1$/m);
    } finally {
      await app.close();
    }
  });

  it('is not there without METRICS_TOKEN: 404 like any unknown path', async () => {
    const app = await startTestApp();
    try {
      expect((await app.rest('GET', '/metrics')).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
