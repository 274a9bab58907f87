import { Client } from 'pg';
import { IMPORT_LIMITS, ImportMessages } from '@stockroom/schema';
import { png } from '../support/images';
import { freePort, Instance, Proxy } from '../support/fleet';
import { appRoleUrlOf, createDatabase } from '../support/test-app';
import { startS3Server } from '../support/upload-stores';

/**
 * docker/compose.yaml's topology, without Docker: nginx in front of two
 * replicas (WORKER=0, TRUST_PROXY=1), a worker, one PostgreSQL (its owner
 * and the app role requests are served as) and one
 * S3-compatible store. A session and an upload are the fleet's, not one
 * replica's; a replica killed with -9 under load loses no GET (nginx tries
 * the other) and no acknowledged write; a replica stopped with SIGTERM under
 * load fails no request at all.
 */

/** How long the load runs while a replica is killed with -9 (a minute, some 15,000 requests on 2 cores); FLEET_LOAD_SECONDS changes it. */
const KILL_LOAD_SECONDS = Number(process.env.FLEET_LOAD_SECONDS ?? 60);
/**
 * And while the other is stopped with SIGTERM: shorter, since its whole drain is over within seconds of
 * the signal (sent a third of the way in); the load goes on past it, on the replica left.
 */
const LOAD_SECONDS = Math.min(KILL_LOAD_SECONDS, 20);
const CONNECTIONS = 8;
const PASSWORD = 'Fleet-Password-2026';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let databaseUrl: string;
let worker: Instance;
let a: Instance;
let b: Instance;
let proxy: Proxy;

beforeAll(async () => {
  s3 = await startS3Server();
  databaseUrl = await createDatabase();
  // The load sends hundreds of requests a second with one session: far past the default budget of 600 a minute.
  // Each replica writes the requests it counted every 100 ms, so a test waits little for the other to see them.
  const shared = {
    DATABASE_URL: databaseUrl,
    // As compose runs them: requests served as the app role, which row-level security holds.
    DATABASE_APP_URL: appRoleUrlOf(databaseUrl),
    JWT_SECRET: 'a-secret-every-instance-of-the-fleet-shares-0123',
    SHUTDOWN_GRACE_MS: '15000',
    API_RATE_LIMIT: '100000000',
    API_RATE_FLUSH_MS: '100',
    ...s3.env(s3.newBucket()),
  };
  // The worker first: it applies the migrations, as compose starts it before the replicas.
  worker = new Instance('worker', await freePort(), { ...shared, WORKER: '1' });
  await worker.start();
  a = new Instance('a', await freePort(), { ...shared, WORKER: '0', TRUST_PROXY: '1' });
  b = new Instance('b', await freePort(), { ...shared, WORKER: '0', TRUST_PROXY: '1' });
  await Promise.all([a.start(), b.start()]);
  proxy = new Proxy();
  await proxy.start([a.port, b.port]);
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  for (const instance of [a, b, worker]) {
    if (!instance) continue;
    await instance.stop().catch(() => undefined);
    instance.remove();
  }
  await s3?.close();
}, 60_000);

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const authed = (token: string, init: RequestInit = {}) => ({ ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });

async function signUp(base: string, tag: string): Promise<string> {
  const answer = await fetch(`${base}/api/auth/signup`, json({ email: `${tag}-${Date.now()}@example.com`, password: PASSWORD, firstName: 'Fleet', lastName: tag }));
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/**
 * Resolves once the fleet has written `hits` requests of the session's budget: a replica counts a
 * request in memory and writes its counts every API_RATE_FLUSH_MS, and another replica sees them then.
 */
async function budgetWritten(token: string, hits: number): Promise<void> {
  const { sid } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string };
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const written = async () => (await db.query('SELECT hits FROM rate_limit_buckets WHERE key = $1', [`api:session:${sid}`])).rows[0]?.hits ?? 0;
    while ((await written()) < hits) await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    await db.end();
  }
}

describe('one fleet', () => {
  it('a session made through the proxy works on each replica', async () => {
    const token = await signUp(proxy.url, 'session');
    const remaining: number[] = [];
    for (const base of [a.url, b.url, proxy.url]) {
      const answer = await fetch(`${base}/api/users/profile/me`, authed(token));
      expect(answer.status).toBe(200);
      remaining.push(Number(answer.headers.get('ratelimit-remaining')));
      await budgetWritten(token, remaining.length);
    }
    // One request budget for the session, whichever replica counts it.
    expect(remaining).toEqual([remaining[0], remaining[0] - 1, remaining[0] - 2]);
  });

  it('an image uploaded to one replica is served by the other and through the proxy', async () => {
    const token = await signUp(a.url, 'upload');
    const form = new FormData();
    form.append('image', new Blob([png(5, 4)], { type: 'image/png' }), 'photo.png');
    const uploaded = await fetch(`${a.url}/api/products/images`, authed(token, { method: 'POST', body: form }));
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const served = await Promise.all([a.url, b.url, proxy.url].map(async (base) => {
      const answer = await fetch(base + url);
      return { status: answer.status, type: answer.headers.get('content-type'), bytes: Buffer.from(await answer.arrayBuffer()) };
    }));
    for (const each of served) expect({ status: each.status, type: each.type, same: each.bytes.equals(served[0].bytes) }).toEqual({ status: 200, type: 'image/png', same: true });
  });

  it('an import file larger than an image reaches the app through the proxy', async () => {
    const token = await signUp(proxy.url, 'import');
    // About 7 MB, over the proxy's limit for other requests: one row past the import's limit, so the app refuses it in a moment, with its own message.
    const rows = Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, (_, i) => `Fleet item ${i},1.50,Carried through the proxy whole, one of many rows ${i}`);
    const csv = ['name,price,description', ...rows].join('\n');
    expect(csv.length).toBeGreaterThan(6 * 1024 * 1024);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
    form.append('dryRun', 'true');
    const answer = await fetch(`${proxy.url}/api/products/import`, authed(token, { method: 'POST', body: form }));
    expect({ status: answer.status, body: await answer.json().catch(() => null) }).toMatchObject({ status: 400, body: { message: ImportMessages.tooManyRows } });
  });
});

/** What the load sent and how each request ended. */
interface Outcome {
  kind: 'list' | 'read' | 'graphql' | 'create' | 'stock';
  status: number;
  /** A created product's id, or the product a stock change was for. */
  id?: string;
}

/**
 * CONNECTIONS loops sending a shop's mix through the proxy until `stop`:
 * lists, reads, GraphQL queries, creates and deliveries of one unit to one of
 * `stocked`; a request that found no answer (the connection failed) has status 0.
 */
async function mixedLoad(token: string, stocked: string[], until: Promise<unknown>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let done = false;
  void until.then(() => (done = true));
  let n = 0;
  const one = async (): Promise<Outcome> => {
    n += 1;
    const pick = n % 10;
    const send = async (kind: Outcome['kind'], path: string, init: RequestInit = {}, id?: string): Promise<Outcome> => {
      try {
        const answer = await fetch(proxy.url + path, authed(token, init));
        const body = (await answer.json().catch(() => ({}))) as { product?: { id: string } };
        return { kind, status: answer.status, id: kind === 'create' ? body.product?.id : id };
      } catch {
        return { kind, status: 0, id };
      }
    };
    if (pick < 4) return send('list', `/api/products?page=${1 + (n % 3)}&limit=10`);
    if (pick < 6) return send('read', `/api/products/${stocked[n % stocked.length]}`);
    if (pick < 7) return send('graphql', '/graphql', json({ query: '{ productStats { totalProducts inStock } }' }));
    if (pick < 9) return send('create', '/api/products', json({ name: `Load ${n}`, price: 2.5, quantity: 3, description: 'Made by the fleet test', category: 'Fleet' }));
    const id = stocked[n % stocked.length];
    return send('stock', `/api/products/${id}/stock`, json({ delta: 1 }), id);
  };
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (!done) outcomes.push(await one());
    }),
  );
  return outcomes;
}

const failed = (outcomes: Outcome[]) => outcomes.filter((o) => o.status < 200 || o.status >= 300);
const summary = (outcomes: Outcome[]) =>
  Object.fromEntries(['list', 'read', 'graphql', 'create', 'stock'].map((kind) => [kind, { sent: outcomes.filter((o) => o.kind === kind).length, failed: failed(outcomes).filter((o) => o.kind === kind).length }]));

describe('a replica lost under load', () => {
  let db: Client;
  let token: string;
  let stocked: string[];
  beforeAll(async () => {
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    token = await signUp(proxy.url, 'load');
    stocked = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await fetch(`${proxy.url}/api/products`, authed(token, json({ name: `Stocked ${i}`, price: 10, quantity: 5, description: 'Stock the load delivers to', category: 'Fleet' })));
      stocked.push(((await answer.json()) as { product: { id: string } }).product.id);
    }
  });
  afterAll(() => db?.end());

  /** Every movement sums to its product's quantity, in the whole database. */
  const brokenLedgers = async () =>
    (await db.query(`SELECT p.id FROM products p LEFT JOIN (SELECT product_id, sum(delta) AS total FROM stock_movements GROUP BY product_id) m ON m.product_id = p.id
      WHERE m.total IS DISTINCT FROM p.quantity`)).rows;

  it(`kill -9 of one replica: no GET lost, no acknowledged write lost; then SIGTERM of the other: no request fails (${KILL_LOAD_SECONDS} s, then ${LOAD_SECONDS} s)`, async () => {
    const before = new Map((await db.query('SELECT id::text, quantity FROM products WHERE id = ANY($1)', [stocked])).rows.map((r) => [r.id as string, r.quantity as number]));

    // Phase 1: kill -9 a third of the way in.
    const ended = new Promise((resolve) => setTimeout(resolve, KILL_LOAD_SECONDS * 1000));
    const killAt = setTimeout(() => a.kill('SIGKILL'), (KILL_LOAD_SECONDS * 1000) / 3);
    const first = await mixedLoad(token, stocked, ended);
    clearTimeout(killAt);
    expect((await a.exited).signal).toBe('SIGKILL');
    console.log(`fleet load, replica killed with -9: ${first.length} requests, ${JSON.stringify(summary(first))}`);
    expect(first.length).toBeGreaterThan(KILL_LOAD_SECONDS * 5);
    // Reads (GETs) are retried by nginx on the other replica: none fails.
    expect(failed(first).filter((o) => o.kind === 'list' || o.kind === 'read')).toEqual([]);
    // Every acknowledged create is there; every acknowledged delivery added its unit (a failed one may have landed or not).
    const created = first.filter((o) => o.kind === 'create' && o.status === 201).map((o) => o.id!);
    const found = (await db.query('SELECT count(*)::int AS n FROM products WHERE id = ANY($1)', [created])).rows[0].n;
    expect(found).toBe(created.length);
    const after = new Map((await db.query('SELECT id::text, quantity FROM products WHERE id = ANY($1)', [stocked])).rows.map((r) => [r.id as string, r.quantity as number]));
    for (const id of stocked) {
      const acknowledged = first.filter((o) => o.kind === 'stock' && o.id === id && o.status === 200).length;
      const unknown = first.filter((o) => o.kind === 'stock' && o.id === id && o.status !== 200).length;
      const added = after.get(id)! - before.get(id)!;
      expect({ id, atLeastAcknowledged: added >= acknowledged, atMostSent: added <= acknowledged + unknown }).toEqual({ id, atLeastAcknowledged: true, atMostSent: true });
    }
    expect(await brokenLedgers()).toEqual([]);

    // Phase 2: the killed replica comes back; then the other is stopped cleanly a third of the way in.
    a.remove();
    a = new Instance('a', a.port, a.env);
    await a.start();
    const ended2 = new Promise((resolve) => setTimeout(resolve, LOAD_SECONDS * 1000));
    const stopAt = setTimeout(() => b.kill('SIGTERM'), (LOAD_SECONDS * 1000) / 3);
    const second = await mixedLoad(token, stocked, ended2);
    clearTimeout(stopAt);
    console.log(`fleet load, replica stopped with SIGTERM: ${second.length} requests, ${JSON.stringify(summary(second))}`);
    expect(await b.exited).toEqual({ code: 0, signal: null });
    expect(failed(second)).toEqual([]);
    expect(await brokenLedgers()).toEqual([]);
  }, (KILL_LOAD_SECONDS + LOAD_SECONDS + 90) * 1000);
});

// Last: it spends the sign-in allowance of the tests' own address for a minute.
describe('behind the proxy', () => {
  it('the replicas see the client through the proxy, not a forged X-Forwarded-For: the sign-in throttle still counts it', async () => {
    // AUTH_RATE_LIMIT is the default 20 per minute per client; forged addresses must not earn a fresh allowance each.
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const answer = await fetch(`${proxy.url}/api/auth/signin`, {
        ...json({ email: `nobody-${i}@example.com`, password: 'Wrong-Password-1' }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toContain(429);
  });
});
