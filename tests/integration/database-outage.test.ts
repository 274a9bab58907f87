import { GeneralMessages } from '@stockroom/schema';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { createDatabase, signUpUser, startTestApp, type TestApp } from '../support/test-app';
import { log } from '../../backend/src/common/log';
import { LOG_WINDOW_MS } from '../../backend/src/common/rate-limited-log';

/**
 * The app reaches its real PostgreSQL through a TCP proxy the test controls, so
 * the database can go away (connections reset and refused) or hang (connections
 * open but silent) under a running app. Either way a request gets a 503 with
 * Retry-After and the generic server message over REST and GraphQL, readiness
 * says so, the log gets one line per reason rather than one per request, and the
 * app recovers by itself when the database is back.
 */

type Mode = 'pass' | 'down' | 'hung';

/** A proxy in front of `target`: passes bytes, refuses and resets connections, or holds them silent. */
async function databaseProxy(target: { host: string; port: number }) {
  let mode: Mode = 'pass';
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (port = 0) =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => {});
        if (mode === 'hung') return; // accepted, and never answered
        const upstream = connect(target);
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve((server!.address() as { port: number }).port));
    });
  const port = await listen();
  return {
    port,
    async set(next: Mode) {
      mode = next;
      if (next === 'pass' && !server?.listening) await listen(port);
      if (next === 'down') {
        const closed = new Promise((resolve) => server!.close(resolve));
        for (const socket of sockets) socket.destroy();
        await closed;
      }
      // Hung: what is connected stops moving; new connections are accepted and left alone.
      if (next === 'hung') for (const socket of sockets) socket.pause();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => (server?.listening ? server.close(resolve) : resolve(undefined)));
    },
  };
}

const LIMIT_MS = '700';
/**
 * How soon the app must answer again once the database is back (a breaker check takes a few hundred ms; the
 * margin is for a CI machine running three suites on two cores), and how soon a request is refused while it is away.
 */
const RECOVERY_MS = 2_500;
const FAIL_FAST_MS = 1_000;
/** Enough refused requests that a line per request would show at once. */
const REFUSED_REQUESTS = 200;
let app: TestApp;
let proxy: Awaited<ReturnType<typeof databaseProxy>>;
let token: string;

beforeAll(async () => {
  const direct = new URL(await createDatabase());
  proxy = await databaseProxy({ host: direct.hostname, port: Number(direct.port) });
  const proxied = new URL(direct);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  app = await startTestApp(
    { DATABASE_CONNECT_TIMEOUT_MS: LIMIT_MS, DATABASE_ACQUIRE_TIMEOUT_MS: LIMIT_MS, DATABASE_STATEMENT_TIMEOUT_MS: LIMIT_MS },
    { databaseUrl: proxied.toString(), writeCountsFirst: false },
  );
  token = (await signUpUser(app)).token;
});

afterAll(async () => {
  await proxy?.set('pass');
  await app?.close();
  await proxy?.close();
});

async function expectOutageAnswers() {
  const rest = await app.rest('GET', '/api/products', undefined, { token });
  expect(rest.status).toBe(503);
  expect(rest.headers.get('retry-after')).toBe('5');
  expect(rest.body).toEqual({ message: GeneralMessages.server, code: 'SERVICE_UNAVAILABLE' });

  // The REST request above opened the breaker: GraphQL is refused before its field runs, so the error has no path.
  const gql = await app.gql('{ productStats { totalProducts } }', {}, { token });
  expect(gql.status).toBe(503);
  expect(gql.errors).toEqual([{ message: GeneralMessages.server, extensions: { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 } }]);

  const ready = await app.rest('GET', '/api/health/ready');
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({ status: 'unavailable', database: 'down' });
  expect((await app.rest('GET', '/api/health/live')).status).toBe(200);
}

/**
 * Back to 200 within RECOVERY_MS of the database coming back, for a client that keeps asking: while the breaker is
 * open each request is a 503 at once and starts a check if none is running (the first check may still meet a
 * pooled connection that died with the database: that one fails, and the next request starts another).
 */
async function expectRecovered() {
  const started = Date.now();
  let rest = await app.rest('GET', '/api/products', undefined, { token });
  while (rest.status === 503 && Date.now() - started < RECOVERY_MS) rest = await app.rest('GET', '/api/products', undefined, { token });
  expect(rest.status).toBe(200);
  const gql = await app.gql('{ productStats { totalProducts } }', {}, { token });
  expect(gql.status).toBe(200);
  expect(gql.errors).toBeUndefined();
}

it('a database that is down answers 503 with Retry-After over REST and GraphQL, and the app recovers when it is back', async () => {
  await expectRecovered();
  await proxy.set('down');
  await expectOutageAnswers();
  await proxy.set('pass');
  await expectRecovered();
});

it('when the first request of an outage is GraphQL, the field that met it makes the answer a 503 with Retry-After, and the breaker opens', async () => {
  await proxy.set('down');
  // Nothing has met the outage yet, so no gate stops this request: its resolver asks the database and fails.
  const first = await app.rest('POST', '/graphql', { query: '{ productStats { totalProducts } }' }, { token });
  expect(first.status).toBe(503);
  expect(first.headers.get('retry-after')).toBe('5');
  expect(first.body).toEqual({
    data: null,
    errors: [{ message: GeneralMessages.server, path: ['productStats'], extensions: { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 } }],
  });
  // That field's failure opened the breaker: the next request is refused at the gate, before any resolver, so its error has no path.
  const next = await app.gql('{ productStats { totalProducts } }', {}, { token });
  expect(next.status).toBe(503);
  expect(next.errors).toEqual([{ message: GeneralMessages.server, extensions: { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 } }]);
  await proxy.set('pass');
  await expectRecovered();
});

it('a database that hangs answers 503 once the configured limits pass, not when the client gives up', async () => {
  await proxy.set('hung');
  await expectOutageAnswers();
  await proxy.set('down'); // the hung connections are reset, as a restarted database would
  await proxy.set('pass');
  await expectRecovered();
});

it('while the database hangs, only the first request waits for the limit: the rest are refused at once until it answers again', async () => {
  await proxy.set('hung');
  const first = await app.rest('GET', '/api/products', undefined, { token });
  expect(first.status).toBe(503);
  for (let i = 0; i < 5; i += 1) {
    const started = Date.now();
    const rest = await app.rest('GET', '/api/products/stats', undefined, { token });
    const gql = await app.gql('{ productStats { totalProducts } }', {}, { token });
    const ready = await app.rest('GET', '/api/health/ready');
    expect([rest.status, gql.status, ready.status]).toEqual([503, 503, 503]);
    expect(rest.headers.get('retry-after')).toBe('5');
    expect(Date.now() - started).toBeLessThan(FAIL_FAST_MS);
  }
  // The API's documentation needs no database.
  expect((await app.rest('GET', '/api/openapi.json')).status).toBe(200);
  await proxy.set('down');
  await proxy.set('pass');
  await expectRecovered();
  expect((await app.rest('GET', '/api/health/ready')).status).toBe(200);
});

it('an outage is logged at most once per reason every few seconds, and refused requests at most once every few seconds, not once per request', async () => {
  const errors: string[] = [];
  const warnings: string[] = [];
  // An error's message and name are not its own enumerable fields: spelled out, so a failure here says what was logged.
  const withErrors = (_key: string, value: unknown) => (value instanceof Error ? { ...value, name: value.name, message: value.message } : value);
  const capture = (into: string[]) => ((...args: unknown[]) => void into.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg, withErrors))).join(' '))) as typeof log.error;
  const errorSpy = jest.spyOn(log, 'error').mockImplementation(capture(errors));
  const warnSpy = jest.spyOn(log, 'warn').mockImplementation(capture(warnings));
  const started = Date.now();
  try {
    await proxy.set('down');
    for (let i = 0; i < REFUSED_REQUESTS / 2; i += 1) {
      expect((await app.rest('GET', '/api/products/stats', undefined, { token })).status).toBe(503);
      expect((await app.gql('{ productStats { totalProducts } }', {}, { token })).status).toBe(503);
    }
  } finally {
    errorSpy.mockRestore();
    warnSpy.mockRestore();
    await proxy.set('pass');
  }
  // The refused requests, and the background jobs polling meanwhile, log each reason at most once per window the requests took
  // (none if the earlier tests just did), and the refused requests one line per window.
  const windows = Math.floor((Date.now() - started) / LOG_WINDOW_MS) + 1;
  const reasons = errors.flatMap((line) => line.match(/\[database\] unavailable: (.+?) at /)?.[1] ?? []);
  const linesPerReason = reasons.reduce((counts, reason) => counts.set(reason, (counts.get(reason) ?? 0) + 1), new Map<string, number>());
  expect(Math.max(0, ...linesPerReason.values())).toBeLessThanOrEqual(windows);
  expect(errors.filter((line) => !line.includes('[database] unavailable'))).toEqual([]);
  expect(warnings.filter((line) => !line.includes('request refused for now'))).toEqual([]);
  expect(warnings.length).toBeLessThanOrEqual(windows);
  await expectRecovered();
});
