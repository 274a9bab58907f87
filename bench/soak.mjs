/**
 * `npm run bench -- soak [--minutes=10] [--connections=10] [--users=4] [--products=2000] [--warmup=30] [--interval=60] [--only=kind,...] [--without=kind,...] [--snapshots=DIR]`
 *
 * Does the server keep its memory under a long mixed load? The built server
 * runs as a child process (production, its own DATA_DIR and embedded
 * PostgreSQL) with `--expose-gc --inspect=127.0.0.1:0`: the benchmark reads
 * its RSS from /proc/<pid>/status and forces a full GC through the inspector
 * protocol (HeapProfiler.collectGarbage, then process.memoryUsage() by
 * Runtime.evaluate), so the app needs no endpoint of its own for it.
 *
 * A few signed-in users (each with a seeded catalogue) are driven by
 * `--connections` workers for `--minutes` minutes after a warm-up: product
 * lists with search, filters and sorts, detail and stock history pages,
 * stats, the dashboard, creates, updates and deletes, stock changes, image
 * uploads (small generated PNGs and JPEGs) and their downloads, sign-ins
 * (each retiring the session before the last with a sign-out), over GraphQL
 * and REST alike. At the end of every `--interval` seconds the workers pause,
 * the requests in flight finish, and the benchmark reads RSS, forces a GC and
 * reads the heap; the same once after the warm-up ("start").
 *
 * Target: from minute 2 on, RSS and the heap after the forced GC stay within
 * 10 % of their level after minute 1 (RSS before it is reported, not judged:
 * it swings with uncollected garbage). `--only` / `--without` take kinds from
 * the mix (their names are printed) to find which part of it holds memory;
 * such runs, and runs shorter than 10 minutes, do not write the docs.
 * `--snapshots=DIR` also writes a heap snapshot after minute 1's GC and after
 * the last minute's, to compare in Chrome's memory tool.
 */
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { removeDir, startServer, stopServer } from '../tests/e2e/support/server.mjs';
import { option } from './_cli.mjs';
import { codeVersion, machine, repoRoot, writeDocsSection, writeJson } from './_report.mjs';
import { seed } from './_seed.mjs';

const require = createRequire(join(repoRoot, 'backend/package.json'));
const sharp = require('sharp');

const PASSWORD = 'Bench#Passw0rd!';
const GROWTH_LIMIT = 0.1; // RSS and post-GC heap, every minute from the second on, over minute 1's
const DEFAULT_MINUTES = 10;
const MB = 1024 * 1024;

const PRODUCT_FIELDS = 'id name description price category quantity imageUrl sku barcode reorderLevel lowStock featured inStock owner createdAt updatedAt version';
const PAGINATION_FIELDS = 'page limit total totalPages hasNextPage hasPrevPage totalIsEstimate';
const GQL = {
  list: `query ProductList($query: ProductListInput) { products(query: $query) { products { ${PRODUCT_FIELDS} } pagination { ${PAGINATION_FIELDS} } } }`,
  detail: `query ProductDetails($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`,
  history: `query ProductStockHistory($id: ID!, $page: Int, $limit: Int) { product(id: $id) { id movements(page: $page, limit: $limit) {
    movements { id delta quantityAfter reason note createdAt user { id fullName } } pagination { ${PAGINATION_FIELDS} } } } }`,
  stats: 'query ProductStats { productStats { totalProducts inStock outOfStock lowStock inventoryValue } }',
  dashboard: `query Dashboard { dashboard { overview { totalProducts inventoryValue needsReordering returning }
    needsReordering { id name sku quantity reorderLevel }
    recentActivity { id kind title description icon timestamp productId count since }
    features { title description icon actionText actionLink actionColor }
    inventory { byCategory { category products inStock value } inStock outOfStock } } }`,
  create: `mutation ProductCreate($input: CreateProductInput!) { createProduct(input: $input) { ${PRODUCT_FIELDS} } }`,
  update: `mutation ProductUpdate($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { ${PRODUCT_FIELDS} } }`,
  remove: 'mutation ProductDelete($id: ID!) { deleteProduct(id: $id) }',
  adjust: `mutation ProductAdjustStock($id: ID!, $delta: Int!) { adjustStock(id: $id, delta: $delta) { ${PRODUCT_FIELDS} } }`,
  signIn: 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { accessToken expiresAt user { id email } } }',
  signOut: 'mutation SignOut { signOut { message } }',
};

const SEARCH_TERMS = ['steel', 'lamp', 'pro', 'wood', 'cable', 'organic'];
const STOCK_STATUS = { in: 'IN_STOCK', low: 'LOW_STOCK', out: 'OUT_OF_STOCK' };

/** mulberry32: the same mix on every run. */
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One HTTP client for every worker: keep-alive, at most `connections` sockets, 127.0.0.1 only. */
function httpClient(port, connections) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  return (method, path, { token, json, body, headers = {} } = {}) =>
    new Promise((resolve, reject) => {
      const payload = json !== undefined ? Buffer.from(JSON.stringify(json)) : body;
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          timeout: 30_000,
          headers: {
            ...(token && { authorization: `Bearer ${token}` }),
            ...(json !== undefined && { 'content-type': 'application/json' }),
            ...(payload && { 'content-length': payload.length }),
            ...headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout after 30 s')));
      req.on('error', reject);
      req.end(payload);
    });
}

/** A request answered as expected: the wanted status, and for GraphQL no `errors`. */
class Unexpected extends Error {}
function answered(res, status, graphql = false) {
  if (res.status !== status) throw new Unexpected(`HTTP ${res.status}: ${res.text.slice(0, 200)}`);
  const body = res.text ? JSON.parse(res.text) : undefined;
  if (graphql) {
    if (body.errors?.length) throw new Unexpected(`GraphQL: ${body.errors.map((e) => `${e.extensions?.code ?? ''} ${e.message}`).join('; ').slice(0, 200)}`);
    return body.data;
  }
  return body;
}

/** Small generated images, as a phone or a scanner would send them after resizing: noise, so they do not compress to nothing. */
async function sampleImages() {
  const noise = (width, height) => sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  return [
    { name: 'small.png', type: 'image/png', bytes: await noise(96, 96).png().toBuffer() },
    { name: 'photo.jpg', type: 'image/jpeg', bytes: await noise(640, 480).jpeg({ quality: 80 }).toBuffer() },
    { name: 'label.png', type: 'image/png', bytes: await noise(320, 240).png().toBuffer() },
    { name: 'wide.jpg', type: 'image/jpeg', bytes: await noise(1024, 512).jpeg({ quality: 75 }).toBuffer() },
  ];
}

function multipart(field, image) {
  const boundary = `----soak${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${image.name}"\r\nContent-Type: ${image.type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, image.bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The mix: each kind with its weight (share of requests picked), per
 * transport where both exist. Each returns the number of HTTP requests it made
 * beyond the first (a sign-in signs a session out too; an upload may fetch
 * the stored file).
 */
function mixOf({ call, images, random }) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const listParams = (user) => {
    const p = { page: 1 + Math.floor(random() * 5), limit: pick([10, 20, 50]) };
    const r = random();
    if (r < 0.3) p.search = pick(SEARCH_TERMS);
    else if (r < 0.45 && user.categories.length) p.category = pick(user.categories);
    else if (r < 0.6) p.inStock = random() < 0.7;
    else if (r < 0.75) p.stockStatus = pick(['in', 'low', 'out']);
    if (random() < 0.6) {
      p.sortBy = pick(['date', 'name', 'price']);
      p.sortOrder = pick(['asc', 'desc']);
    }
    if (p.search || p.stockStatus === 'low') p.page = 1;
    return p;
  };
  const gqlList = (p) => ({
    ...p,
    ...(p.stockStatus && { stockStatus: STOCK_STATUS[p.stockStatus] }),
    ...(p.sortBy && { sortBy: p.sortBy.toUpperCase(), sortOrder: p.sortOrder.toUpperCase() }),
  });
  const gql = (user, query, variables) => call('POST', '/graphql', { token: user.token, json: { query, variables } });
  const newProduct = (n) => ({
    name: `Soak Item ${n}`,
    description: 'Made by the soak benchmark, changed and deleted again.',
    price: Math.round((5 + random() * 500) * 100) / 100,
    category: 'Home & Kitchen',
    quantity: Math.floor(random() * 100),
    sku: `SOAK-${n}`,
  });
  let made = 0;
  /** A created product no other worker is changing; undefined when the user's pool is empty. */
  const takeCreated = (user) => (user.created.length ? user.created.splice(Math.floor(random() * user.created.length), 1)[0] : undefined);
  /** Each seeded product goes up one, then down one when its turn comes again, so quantities stay as seeded. */
  const stockChange = (user) => {
    const id = pick(user.stockIds);
    const n = user.changes.get(id) ?? 0;
    user.changes.set(id, n + 1);
    return { id, delta: n % 2 === 0 ? 1 : -1 };
  };

  return [
    { kind: 'list-rest', weight: 14, run: async (u) => answered(await call('GET', `/api/products?${new URLSearchParams(listParams(u))}`, { token: u.token }), 200) },
    { kind: 'list-graphql', weight: 14, run: async (u) => answered(await gql(u, GQL.list, { query: gqlList(listParams(u)) }), 200, true) },
    { kind: 'detail-rest', weight: 5, run: async (u) => answered(await call('GET', `/api/products/${pick(u.productIds)}`, { token: u.token }), 200) },
    { kind: 'detail-graphql', weight: 5, run: async (u) => answered(await gql(u, GQL.detail, { id: pick(u.productIds) }), 200, true) },
    { kind: 'history-rest', weight: 3, run: async (u) => answered(await call('GET', `/api/products/${pick(u.productIds)}/movements?page=1&limit=10`, { token: u.token }), 200) },
    { kind: 'history-graphql', weight: 3, run: async (u) => answered(await gql(u, GQL.history, { id: pick(u.productIds), page: 1, limit: 10 }), 200, true) },
    { kind: 'stats-rest', weight: 3, run: async (u) => answered(await call('GET', '/api/products/stats', { token: u.token }), 200) },
    { kind: 'stats-graphql', weight: 3, run: async (u) => answered(await gql(u, GQL.stats), 200, true) },
    { kind: 'dashboard-rest', weight: 3, run: async (u) => answered(await call('GET', '/api/dashboard', { token: u.token }), 200) },
    { kind: 'dashboard-graphql', weight: 3, run: async (u) => answered(await gql(u, GQL.dashboard), 200, true) },
    // Creates and deletes keep each user's pool of made products between 10 and 40; updates work on that pool only.
    {
      kind: 'write-rest',
      weight: 6,
      run: async (u) => {
        const target = u.created.length >= 10 && (u.created.length > 40 || random() < 0.5) ? takeCreated(u) : undefined;
        if (!target) {
          const { product } = answered(await call('POST', '/api/products', { token: u.token, json: newProduct(`${u.index}-${++made}`) }), 201);
          u.created.push(product.id);
        } else if (random() < 0.5) {
          answered(await call('PUT', `/api/products/${target}`, { token: u.token, json: { name: `Soak Item ${target.slice(0, 8)} v${++made}`, price: 9.99 + (made % 50) } }), 200);
          u.created.push(target);
        } else answered(await call('DELETE', `/api/products/${target}`, { token: u.token }), 200);
      },
    },
    {
      kind: 'write-graphql',
      weight: 6,
      run: async (u) => {
        const target = u.created.length >= 10 && (u.created.length > 40 || random() < 0.5) ? takeCreated(u) : undefined;
        if (!target) {
          const data = answered(await gql(u, GQL.create, { input: newProduct(`${u.index}-${++made}`) }), 200, true);
          u.created.push(data.createProduct.id);
        } else if (random() < 0.5) {
          answered(await gql(u, GQL.update, { id: target, input: { quantity: made % 90, featured: made % 7 === 0, description: `Changed by the soak benchmark, ${++made}.` } }), 200, true);
          u.created.push(target);
        } else answered(await gql(u, GQL.remove, { id: target }), 200, true);
      },
    },
    {
      kind: 'stock-rest',
      weight: 5,
      run: async (u) => {
        const { id, delta } = stockChange(u);
        answered(await call('POST', `/api/products/${id}/stock`, { token: u.token, json: { delta } }), 200);
      },
    },
    { kind: 'stock-graphql', weight: 5, run: async (u) => answered(await gql(u, GQL.adjust, stockChange(u)), 200, true) },
    {
      kind: 'upload',
      weight: 2,
      run: async (u) => {
        const { body, headers } = multipart('image', pick(images));
        const { url } = answered(await call('POST', '/api/products/images', { token: u.token, body, headers }), 201);
        if (random() < 0.5) return 0;
        const got = await call('GET', url);
        if (got.status !== 200) throw new Unexpected(`GET ${url}: HTTP ${got.status}`);
        return 1;
      },
    },
    {
      kind: 'signin',
      weight: 1,
      run: async (u) => {
        let token;
        if (random() < 0.5) token = answered(await call('POST', '/api/auth/signin', { json: { email: u.email, password: PASSWORD } }), 200).accessToken;
        else token = answered(await call('POST', '/graphql', { json: { query: GQL.signIn, variables: { input: { email: u.email, password: PASSWORD } } } }), 200, true).signIn.accessToken;
        // The session before the one just replaced has had a whole sign-in's time to finish its requests.
        const retire = u.retired;
        u.retired = u.token;
        u.token = token;
        if (!retire) return 0;
        if (random() < 0.5) answered(await call('POST', '/api/auth/signout', { token: retire }), 200);
        else answered(await call('POST', '/graphql', { token: retire, json: { query: GQL.signOut } }), 200, true);
        return 1;
      },
    },
  ];
}

/** A Chrome DevTools Protocol session on the server's inspector (127.0.0.1 only, from its `Debugger listening on` line). */
async function inspectorSession(logFile) {
  let url;
  for (let i = 0; i < 100 && !url; i++) {
    url = readFileSync(logFile, 'utf8').match(/Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/)?.[1];
    if (!url) await new Promise((r) => setTimeout(r, 100));
  }
  if (!url) throw new Error(`no inspector URL in ${logFile}`);
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`could not open the inspector at ${url}`));
  });
  let next = 0;
  const pending = new Map();
  let onChunk;
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.method === 'HeapProfiler.addHeapSnapshotChunk') onChunk?.(msg.params.chunk);
    const waiter = msg.id !== undefined && pending.get(msg.id);
    if (!waiter) return;
    pending.delete(msg.id);
    if (msg.error) waiter.reject(new Error(`${msg.error.message}`));
    else waiter.resolve(msg.result);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    send,
    /** process.memoryUsage() as the process sits, two full collections (the second picks up what finalisers of the first let go), then again. */
    async memoryAfterGc() {
      const before = JSON.parse((await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })).result.value);
      const started = performance.now();
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
      const gcMs = performance.now() - started;
      const { result } = await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
      return { ...JSON.parse(result.value), heapTotalBeforeGc: before.heapTotal, heapUsedBeforeGc: before.heapUsed, gcMs };
    },
    /** A heap snapshot written to `file`, for a diff between two points of the run in Chrome's memory tool. */
    async snapshot(file) {
      const out = createWriteStream(file);
      onChunk = (chunk) => out.write(chunk);
      try {
        await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      } finally {
        onChunk = undefined;
        await new Promise((resolve) => out.end(resolve));
      }
    },
    close: () =>
      new Promise((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.onclose = () => resolve();
        ws.close();
      }),
  };
}

/** VmRSS of one process, in bytes. */
function rssOf(pid) {
  const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round1 = (n) => (n === null || n === undefined ? null : Math.round(n * 10) / 10);
const mb = (bytes) => round1(bytes / MB);

function newBucket() {
  return { requests: 0, errors: 0, latencies: [], kinds: {}, errorSamples: [], activeMs: 0 };
}

function latencyOf(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return { p50Ms: round1(percentile(sorted, 50)), p99Ms: round1(percentile(sorted, 99)) };
}

function summarise(bucket) {
  const sorted = Float64Array.from(bucket.latencies).sort();
  return {
    requests: bucket.requests,
    errors: bucket.errors,
    seconds: round1(bucket.activeMs / 1000),
    reqPerSec: round1(bucket.requests / (bucket.activeMs / 1000)),
    latencyMs: { p50: round1(percentile(sorted, 50)), p99: round1(percentile(sorted, 99)), max: round1(sorted.length ? sorted[sorted.length - 1] : null) },
    kinds: Object.fromEntries(Object.entries(bucket.kinds).map(([kind, k]) => [kind, { requests: k.requests, errors: k.errors, ...latencyOf(k.latencies) }])),
    errorSamples: bucket.errorSamples,
  };
}

async function signUp(call, index) {
  const email = `bench-soak-${Date.now()}-${index}@example.com`;
  const body = answered(await call('POST', '/api/auth/signup', { json: { firstName: 'Soak', lastName: `User${index}`, email, password: PASSWORD } }), 201);
  return { index, email, token: body.accessToken, retired: undefined, userId: body.user.id, created: [], changes: new Map() };
}

/** What the mix works on for one user: some product ids, those with stock to change, the categories. */
async function catalogueOf(call, user) {
  const products = [];
  for (let page = 1; page <= 3; page++) {
    products.push(...answered(await call('GET', `/api/products?page=${page}&limit=100&sortBy=name&sortOrder=asc`, { token: user.token }), 200).products);
  }
  user.productIds = products.map((p) => p.id);
  user.stockIds = products.filter((p) => p.quantity >= 20 && p.quantity <= 90_000).map((p) => p.id);
  user.categories = answered(await call('GET', '/api/products/categories', { token: user.token }), 200).categories;
}

/**
 * Within the limit at every minute from the second on: RSS after the forced GC and the heap after it. RSS as
 * the process sits is shown beside them but not judged: it moves with the garbage V8 lets pile up
 * between its own collections (on this machine's heap limit, well over 100 MB), not with what the app keeps.
 */
function evaluate(samples) {
  const [first, ...later] = samples.filter((s) => s.minute >= 1);
  if (!first) return [];
  const end = samples[samples.length - 1];
  return [
    ['RSS after a forced GC', 'rssAfterGc', true],
    ['heap used after a forced GC', 'heapAfterGc', true],
    ['RSS before the GC, as the process sits (not judged)', 'rss', false],
  ].map(([what, key, judged]) => {
    const limit = first[key] * (1 + GROWTH_LIMIT);
    const worst = later.reduce((w, s) => (w === undefined || s[key] > w[key] ? s : w), undefined);
    const within = later.every((s) => s[key] <= limit);
    return {
      what,
      judged,
      minute1Mb: mb(first[key]),
      limitMb: mb(limit),
      endMb: mb(end[key]),
      worstMb: worst ? mb(worst[key]) : null,
      worstMinute: worst?.minute ?? null,
      within,
      met: judged ? within : true,
    };
  });
}

const fmt = (n, digits = 0) => (n === null || n === undefined ? 'n/a' : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits }));

function markdown(data) {
  const { config, samples, checks } = data;
  const m = data.machine;
  const rows = samples.map(
    (s) =>
      `| ${s.minute === 0 ? 'start (after warm-up)' : s.minute} | ${s.load ? fmt(s.load.requests) : ''} | ${s.load ? fmt(s.load.reqPerSec) : ''} | ${s.load ? fmt(s.load.errors) : ''} | ${s.load ? fmt(s.load.latencyMs.p50, 1) : ''} | ${s.load ? fmt(s.load.latencyMs.p99, 1) : ''} | ${fmt(mb(s.rss), 1)} | ${fmt(mb(s.heapTotalBeforeGc), 1)} | ${fmt(mb(s.rssAfterGc), 1)} | ${fmt(mb(s.heapAfterGc), 1)} | ${fmt(mb(s.externalAfterGc), 1)} |`,
  );
  const checkRows = checks.map(
    (c) => `| ${c.what} | ${fmt(c.minute1Mb, 1)} MB | <= ${fmt(c.limitMb, 1)} MB | ${fmt(c.endMb, 1)} MB (highest ${fmt(c.worstMb, 1)} MB, minute ${c.worstMinute ?? 'n/a'}) | ${c.judged ? (c.met ? 'met' : '**missed**') : c.within ? '(within)' : '(beyond)'} |`,
  );
  const totals = data.totals;
  return `## Soak (\`npm run bench -- soak\`)

${config.minutes} minutes of mixed load on the built server (MALLOC_ARENA_MAX=${config.mallocArenaMax}, as \`npm start\` runs it) after a ${config.warmupSeconds} s warm-up: ${config.connections} connections over loopback for ${config.users} signed-in
users, each with ${fmt(config.products)} seeded products. The mix, by share of picks: product lists with search, category, stock filters and sorts (35 %),
detail and stock history pages (20 %), stats and the dashboard (15 %), creates / updates / deletes (15 %), stock changes (12.5 %), image uploads
of generated PNGs and JPEGs, half of them fetched back (2.5 %), sign-ins that sign the session before out (1.25 %); every kind half over GraphQL, half
over REST (uploads and their files are REST only). At the end of each minute the workers pause and the requests in flight finish; then
the benchmark reads the server process's RSS (/proc, VmRSS), forces two full GCs through the inspector
(\`--inspect=127.0.0.1:0\`, HeapProfiler.collectGarbage) and reads \`process.memoryUsage()\`. Target: from minute 2 on, RSS and the
heap after the forced GC stay within ${GROWTH_LIMIT * 100} % of minute 1's (RSS before the GC moves with the garbage V8 has not yet
collected, so it is shown but not judged). Before any load the server sat at ${fmt(data.beforeLoad.rssMb, 1)} MB RSS (${fmt(data.beforeLoad.rssAfterGcMb, 1)} MB after a GC). In all ${fmt(totals.requests)} requests, ${fmt(totals.errors)} answered other than expected.

| minute | requests | req/s | errors | p50 ms | p99 ms | RSS before GC MB | V8 heap before GC MB | RSS after GC MB | heap used after GC MB | external after GC MB |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Over the whole run, p50 / p99 by kind, slowest first: ${Object.entries(data.byKind)
    .sort(([, a], [, b]) => b.p99Ms - a.p99Ms)
    .map(([kind, k]) => `${kind} ${fmt(k.p50Ms)} / ${fmt(k.p99Ms)} ms`)
    .join('; ')}.

| target | minute 1 | limit | end | |
|---|---|---|---|---|
${checkRows.join('\n')}

Code: ${data.code}. Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node} (${m.platform}), shared with other work (load average at start ${m.loadAverage1m}); run ${data.date}.`;
}

export default async function run(args = []) {
  const minutes = option(args, 'minutes', DEFAULT_MINUTES);
  const connections = option(args, 'connections', 10);
  const userCount = option(args, 'users', 4);
  const products = option(args, 'products', 2000);
  const warmupSeconds = option(args, 'warmup', 30);
  const intervalSeconds = option(args, 'interval', 60);
  const only = option(args, 'only', '');
  const without = option(args, 'without', '');
  const snapshotDir = option(args, 'snapshots', '');

  const startMachine = machine();
  const code = codeVersion();
  const images = await sampleImages();
  const server = await startServer({
    label: 'bench-soak',
    env: {
      AUTH_RATE_LIMIT: '100000000',
      API_RATE_LIMIT: '100000000',
      UPLOAD_RATE_LIMIT: '100000000',
      // As `npm start` and the Docker image run the server (an operator's own value is kept).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      // The inspector listens on 127.0.0.1 only, on a port of its own choosing; its URL goes to the server's log.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --inspect=127.0.0.1:0`.trim(),
    },
  });
  let inspector;
  try {
    inspector = await inspectorSession(server.logFile);
    const call = httpClient(server.port, connections);
    const users = [];
    for (let i = 0; i < userCount; i++) users.push(await signUp(call, i));
    console.log(`seeding ${fmt(products)} products for each of ${userCount} users ...`);
    for (const u of users) await seed(server, u.email, products, { seedNumber: 1 + u.index, quiet: true });
    for (const u of users) await catalogueOf(call, u);

    const random = seededRandom(14);
    let mix = mixOf({ call, images, random });
    if (only) mix = mix.filter((k) => only.split(',').includes(k.kind));
    if (without) mix = mix.filter((k) => !without.split(',').includes(k.kind));
    if (!mix.length) throw new Error('--only / --without left nothing to run');
    console.log(`mix: ${mix.map((k) => `${k.kind} ${k.weight}`).join(', ')}`);
    const totalWeight = mix.reduce((s, k) => s + k.weight, 0);
    const choose = () => {
      let r = random() * totalWeight;
      for (const k of mix) if ((r -= k.weight) < 0) return k;
      return mix[mix.length - 1];
    };

    // Workers run until `stopped`; `pause()` lets the requests in flight finish and holds the rest.
    let bucket = newBucket();
    let stopped = false;
    let gate;
    let inFlight = 0;
    let drained;
    const worker = async (w) => {
      for (let n = 0; !stopped; n++) {
        if (gate) {
          await gate.promise;
          continue;
        }
        const user = users[(w + n) % users.length];
        const k = choose();
        const into = bucket;
        inFlight++;
        const started = performance.now();
        let extra = 0;
        let failed;
        try {
          const made = await k.run(user);
          if (typeof made === 'number') extra = made;
        } catch (error) {
          failed = error;
        }
        const ms = performance.now() - started;
        inFlight--;
        into.requests += 1 + extra;
        into.latencies.push(ms);
        const stats = (into.kinds[k.kind] ??= { requests: 0, errors: 0, latencies: [] });
        stats.requests++;
        stats.latencies.push(ms);
        if (failed) {
          into.errors++;
          stats.errors++;
          if (into.errorSamples.length < 5) into.errorSamples.push(`${k.kind}: ${failed.message}`);
          if (!(failed instanceof Unexpected)) await new Promise((r) => setTimeout(r, 100)); // a refused connection: do not spin
        }
        if (inFlight === 0 && drained) drained();
      }
    };
    const pause = async () => {
      let release;
      gate = { promise: new Promise((r) => (release = r)), release };
      if (inFlight > 0) await new Promise((r) => (drained = r));
      drained = undefined;
    };
    const resume = () => {
      const { release } = gate;
      gate = undefined;
      release();
    };
    const runFor = async (seconds) => {
      const started = performance.now();
      await new Promise((r) => setTimeout(r, seconds * 1000));
      await pause();
      bucket.activeMs += performance.now() - started;
    };
    const sample = async (minute, load) => {
      const rss = rssOf(server.pid);
      const mem = await inspector.memoryAfterGc();
      const s = { minute, rss, rssAfterGc: rssOf(server.pid), heapAfterGc: mem.heapUsed, heapTotalAfterGc: mem.heapTotal, heapUsedBeforeGc: mem.heapUsedBeforeGc, heapTotalBeforeGc: mem.heapTotalBeforeGc, externalAfterGc: mem.external, arrayBuffersAfterGc: mem.arrayBuffers, gcMs: round1(mem.gcMs), load };
      console.log(
        `${minute < 0 ? 'before load' : minute === 0 ? 'start' : `minute ${String(minute).padStart(2)}`}  ${load ? `${fmt(load.requests).padStart(6)} req  ${fmt(load.reqPerSec).padStart(4)} req/s  ${load.errors} errors  p50 ${fmt(load.latencyMs.p50, 1)} ms  p99 ${fmt(load.latencyMs.p99, 1)} ms  ` : ''}RSS ${fmt(mb(rss), 1)} MB  heap after GC ${fmt(mb(mem.heapUsed), 1)} MB  external ${fmt(mb(mem.external), 1)} MB  RSS after GC ${fmt(mb(s.rssAfterGc), 1)} MB  (V8 heap before GC ${fmt(mb(mem.heapTotalBeforeGc), 1)} MB, after ${fmt(mb(mem.heapTotal), 1)} MB)`,
      );
      if (load?.errorSamples.length) console.log(`  e.g. ${load.errorSamples.join('\n  e.g. ')}`);
      return s;
    };

    const samples = [await sample(-1)];
    const runKinds = {};
    if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });
    const workers = Array.from({ length: connections }, (_, w) => worker(w));
    console.log(`warming up (${warmupSeconds} s) ...`);
    await runFor(warmupSeconds);
    const warmup = summarise(bucket);
    samples.push(await sample(0));
    for (let minute = 1; minute <= minutes; minute++) {
      bucket = newBucket();
      resume();
      await runFor(intervalSeconds);
      for (const [kind, k] of Object.entries(bucket.kinds)) {
        const all = (runKinds[kind] ??= { requests: 0, errors: 0, latencies: [] });
        all.requests += k.requests;
        all.errors += k.errors;
        all.latencies.push(...k.latencies);
      }
      samples.push(await sample(minute, summarise(bucket)));
      if (snapshotDir && (minute === 1 || minute === minutes)) {
        const file = join(snapshotDir, `soak-minute-${minute}.heapsnapshot`);
        await inspector.snapshot(file);
        console.log(`  heap snapshot: ${file}`);
      }
    }
    stopped = true;
    resume();
    await Promise.all(workers);

    const measured = samples.filter((s) => s.minute >= 0);
    const byKind = Object.fromEntries(
      Object.entries(runKinds).map(([kind, k]) => [kind, { requests: k.requests, errors: k.errors, ...latencyOf(k.latencies) }]),
    );
    const checks = evaluate(measured);
    const loads = measured.filter((s) => s.load).map((s) => s.load);
    const data = {
      benchmark: 'soak',
      date: new Date().toISOString(),
      machine: startMachine,
      code,
      config: { minutes, intervalSeconds, connections, users: userCount, products, warmupSeconds, mix: mix.map((k) => ({ kind: k.kind, weight: k.weight })), growthLimit: GROWTH_LIMIT, mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? '2' },
      beforeLoad: { rssMb: mb(samples[0].rss), rssAfterGcMb: mb(samples[0].rssAfterGc), heapAfterGcMb: mb(samples[0].heapAfterGc) },
      warmup: { requests: warmup.requests, errors: warmup.errors, errorSamples: warmup.errorSamples },
      byKind,
      totals: { requests: loads.reduce((s, l) => s + l.requests, 0), errors: loads.reduce((s, l) => s + l.errors, 0) },
      start: { rssMb: mb(measured[0].rss), rssAfterGcMb: mb(measured[0].rssAfterGc), heapAfterGcMb: mb(measured[0].heapAfterGc) },
      end: { rssMb: mb(measured[measured.length - 1].rss), rssAfterGcMb: mb(measured[measured.length - 1].rssAfterGc), heapAfterGcMb: mb(measured[measured.length - 1].heapAfterGc) },
      samples: measured,
      checks,
      meetsTargets: checks.every((c) => c.met),
    };
    const jsonFile = writeJson('soak', data);
    // A snapshot costs the server memory of its own (the serializer's), so a run that takes them is not the measurement either.
    const partial = only || without || snapshotDir || minutes < DEFAULT_MINUTES || intervalSeconds !== 60;
    const docs = partial ? '(docs not written: a shorter or partial run)' : writeDocsSection('soak', markdown(data));
    console.log(markdown(data));
    console.log(`wrote ${jsonFile}${partial ? ` ${docs}` : ` and ${docs}`}`);
    if (!data.meetsTargets) process.exitCode = 1;
  } finally {
    // A session still attached would hold the server's exit ("Waiting for the debugger to disconnect").
    await inspector?.close();
    await stopServer(server);
    removeDir(server.dataDir);
  }
}
