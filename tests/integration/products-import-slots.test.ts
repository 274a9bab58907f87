import { request as httpRequest, type ClientRequest } from 'node:http';
import { Client } from 'pg';
import { ProductMessages } from '@stockroom/schema';
import { createProduct } from '../support/products';
import { ME, signUpUser, startTestApp, type HttpAnswer, type TestApp } from '../support/test-app';

/**
 * Imports and exports hold a pool connection for as long as they run (an
 * import's transaction up to its 5-minute statement limit), so they run in
 * slots: half the database pool for both together, half of that for each
 * kind. One more is answered 429 with Retry-After, and the other half of the
 * pool keeps serving every other request: were it all held, those requests
 * would time out waiting for a connection and the outage breaker would answer
 * 503 to everyone.
 */

const HEADER = 'sku,name,description,category,price,quantity';
const busy = { code: 'TOO_MANY_REQUESTS', message: ProductMessages.busy };

/** Posts an upsert import of one row: `sku` with `quantity`. */
async function importRow(app: TestApp, token: string, sku: string, quantity: number): Promise<HttpAnswer> {
  const body = new FormData();
  body.append('file', new Blob([`${HEADER}\r\n${sku},Held lamp,A lamp an import waits for,Home,10,${quantity}\r\n`], { type: 'text/csv' }), 'products.csv');
  body.append('mode', 'upsert');
  const response = await fetch(`${app.url}/api/products/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Connections of the app's database waiting for a lock, the test's own left out. */
const waitingOnLocks = async (app: TestApp) =>
  (await app.sql(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`))[0].n as number;

/**
 * Holds the product's row in a transaction of another connection, so an
 * import that updates it waits, in its transaction and with its connection,
 * until `release` commits.
 */
async function holdRow(app: TestApp, productId: string) {
  const holder = new Client({ connectionString: app.databaseUrl });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [productId]);
  return {
    async release() {
      await holder.query('COMMIT');
      await holder.end();
    },
  };
}

/**
 * An import whose multipart head is sent and whose file never ends: the
 * server has the request, never its whole body.
 */
function unfinishedImport(app: TestApp, token: string) {
  const boundary = 'stockroom-unfinished-import';
  const req: ClientRequest = httpRequest(`${app.url}/api/products/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
  });
  const answer = new Promise<{ status: number; retryAfter: string | undefined; body: unknown }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      res.on('error', reject);
    });
    // A server that answers before the body is whole may close the connection under the rest: the answer is what is checked.
    req.on('error', reject);
  });
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nupsert\r\n`);
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\r\n`);
  return { answer, abort: () => req.destroy() };
}

/** Ordinary requests of both transports: each answered at once from the connections heavy work leaves. */
async function expectOrdinaryRequestsServed(app: TestApp, token: string) {
  const [list, me] = await Promise.all([app.rest('GET', '/api/products?limit=1', undefined, { token }), app.gql(ME, {}, { token })]);
  expect({ list: list.status, me: me.status, meErrors: me.errors }).toEqual({ list: 200, me: 200, meErrors: undefined });
  expect(me.data.me.email).toBeDefined();
}

/**
 * Resolves once `n` connections wait for a lock, or earlier once `settled` says the request waited for will not wait;
 * fails when they never do (the imports were not held where the test holds them).
 */
async function untilWaiting(app: TestApp, n: number, what: string, settled: () => boolean = () => false) {
  const deadline = Date.now() + 30_000;
  while (!settled() && (await waitingOnLocks(app)) < n) if (Date.now() > deadline) throw new Error(`${what} never waited for the held row`);
}

/**
 * Starts an import of `sku` and resolves, with its answer still to come, once it waits for the held row. The
 * test before may have left an export still giving back its slot for a moment after its client had the
 * whole file: an import refused with 429 before it waited is asked again.
 */
async function importWaitingForHeldRow(app: TestApp, token: string, sku: string, quantity: number): Promise<{ answer: Promise<HttpAnswer> }> {
  for (;;) {
    const running = importRow(app, token, sku, quantity);
    let answered: HttpAnswer | undefined;
    running.then(
      (answer) => (answered = answer),
      () => undefined,
    );
    await untilWaiting(app, 1, 'the import', () => answered !== undefined);
    // Wrapped: an async function's promise would take on the import's and wait for its answer.
    if (answered === undefined) return { answer: running };
    if (answered.status !== 429) throw new Error(`the import was answered ${answered.status} before it waited for the held row`);
  }
}

describe('with a pool of 10 connections', () => {
  let app: TestApp;
  let token: string;
  let productId: string;

  beforeAll(async () => {
    app = await startTestApp({ DATABASE_POOL_MAX: '10' });
    token = (await signUpUser(app)).token;
    productId = (await createProduct(app, token, { sku: 'HELD-1', quantity: 1 })).id;
  });
  afterAll(() => app.close());

  it('runs 2 imports at once (a quarter of the pool); the rest are told 429 with Retry-After, and the rest of the app keeps answering', async () => {
    const held = await holdRow(app, productId);
    const answered: HttpAnswer[] = [];
    let imports: Array<Promise<HttpAnswer>> = [];
    try {
      // As many imports as the pool has connections: unbounded, they would hold every one.
      imports = Array.from({ length: app.config.databasePoolMax }, (_, i) => importRow(app, token, 'HELD-1', 10 + i).then((answer) => (answered.push(answer), answer)));
      const deadline = Date.now() + 30_000;
      while (answered.length + (await waitingOnLocks(app)) < imports.length) if (Date.now() > deadline) throw new Error('the imports were neither refused nor held');
      await expectOrdinaryRequestsServed(app, token);
      expect({ refused: answered.length, waiting: await waitingOnLocks(app) }).toEqual({ refused: app.config.databasePoolMax - 2, waiting: 2 });
      for (const refused of answered) expect({ status: refused.status, retryAfter: refused.headers.get('retry-after'), body: refused.body }).toEqual({ status: 429, retryAfter: '5', body: busy });
      // One more while the two run is refused as well.
      expect((await importRow(app, token, 'HELD-1', 99)).status).toBe(429);
    } finally {
      await held.release();
    }
    const done = (await Promise.all(imports)).filter(({ status }) => status !== 429);
    expect(done.map(({ status, body }) => ({ status, failed: body.failed }))).toEqual([
      { status: 200, failed: 0 },
      { status: 200, failed: 0 },
    ]);
    // Their slots are given back: the next import runs.
    expect(await importRow(app, token, 'HELD-1', 42)).toMatchObject({ status: 200, body: { updated: 1, failed: 0 } });
  });
});

describe('with a pool of 2 connections', () => {
  let app: TestApp;
  let token: string;
  let productId: string;

  beforeAll(async () => {
    app = await startTestApp({ DATABASE_POOL_MAX: '2' });
    token = (await signUpUser(app)).token;
    productId = (await createProduct(app, token, { sku: 'HELD-2', quantity: 1 })).id;
  });
  afterAll(() => app.close());

  it('imports and exports share one slot, keeping the other connection for every other request', async () => {
    const held = await holdRow(app, productId);
    let running: Promise<HttpAnswer> | undefined;
    try {
      running = importRow(app, token, 'HELD-2', 5);
      await untilWaiting(app, 1, 'the import');
      const exported = await fetch(`${app.url}/api/products/export?format=csv`, { headers: { authorization: `Bearer ${token}` } });
      const text = await exported.text();
      expect({ status: exported.status, retryAfter: exported.headers.get('retry-after'), body: exported.status === 200 ? text : JSON.parse(text) }).toEqual({ status: 429, retryAfter: '5', body: busy });
      await expectOrdinaryRequestsServed(app, token);
    } finally {
      await held.release();
    }
    expect((await running).status).toBe(200);
    const after = await fetch(`${app.url}/api/products/export?format=csv`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(200);
    // Read to its end: an export holds its slot until its last row is written, and the next test needs the slot free.
    await after.text();
  });

  it('refuses an import while the slot is taken before reading its file', async () => {
    const held = await holdRow(app, productId);
    let running: Promise<HttpAnswer> | undefined;
    try {
      running = (await importWaitingForHeldRow(app, token, 'HELD-2', 6)).answer;
      // The file never ends: only an answer given before reading it can come.
      const refused = unfinishedImport(app, token);
      try {
        const deadline = new Promise((_, reject) => setTimeout(() => reject(new Error('no answer before the file ended')), 15_000).unref());
        expect(await Promise.race([refused.answer, deadline])).toEqual({ status: 429, retryAfter: '5', body: busy });
      } finally {
        refused.abort();
      }
    } finally {
      await held.release();
    }
    expect((await running).status).toBe(200);
  });
});
