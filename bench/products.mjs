/**
 * `npm run bench -- products [--duration=6] [--rounds=3] [--warmup=1] [--connections=10] [--products=100000] [--tenants=0 --tenant-products=500] [--only=list1,stats,...]`
 *
 * Product reads and writes of the built server, over GraphQL and REST, against
 * the practical ceiling: a bare node:http server (bench/_products-baseline.mjs)
 * running the same SQL with pg and answering the same JSON.
 *
 * One run: start the built server (production, its own DATA_DIR and ports),
 * sign up one user, seed `--products` products for them with the seed script
 * (backend/dist/scripts/seed.js, seed 1), start the baseline on the same
 * database, check that every transport answers each scenario alike, EXPLAIN
 * the statements (no sequential scan on products allowed), then run each
 * scenario with autocannon over loopback: rounds of baseline, GraphQL and
 * REST in turn, so a change in background load hits all three alike.
 * The stock writes (adjust, stocktake) and `create` run after the reads, so
 * every read sees exactly the seeded catalogue; the stock writes go one up
 * and one down in turn, so they leave it as it was.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, removeDir, startServer, stopServer } from '../tests/e2e/support/server.mjs';
import { signUpForBench } from './_accounts.mjs';
import { cannon } from './_cannon.mjs';
import { option } from './_cli.mjs';
import { codeVersion, machine, repoRoot, writeDocsSection, writeJson } from './_report.mjs';
import { seed, seedTenants } from './_seed.mjs';

const require = createRequire(join(repoRoot, 'backend/package.json'));
const pg = require('pg');

const PASSWORD = 'Bench#Passw0rd!';
const SEARCH_TERM = 'steel';
// The app's serving pool unless DATABASE_POOL_MAX is set (backend/src/config/pool-size.ts); the baseline's is the same size.
const POOL_MAX = Number(process.env.DATABASE_POOL_MAX) || require(join(repoRoot, 'backend/dist/src/config/pool-size.js')).defaultDatabasePoolMax();
const TARGETS = {
  p99Ms: 50, // every row but the searches, both transports
  searchP99Ms: (products) => (products >= 1_000_000 ? 150 : 100), // both search rows, both transports
  readRatio: { rest: 0.8, graphql: 0.7 }, // req/s over the baseline's, on every read but the searches
  readCpuX: 1.4, // node + PostgreSQL CPU per request over the baseline's, on the same reads
  writeRatio: 0.7, // every write, both transports
};
const READS = ['list1', 'list500', 'instock-price', 'low-stock', 'stats', 'history'];
const WRITES = ['adjust', 'count', 'create'];
const SEARCHES = ['search', 'search-writes'];
/** Writes per second to the app while a scenario with `backgroundWrites` runs (stock deliveries: one statement each). */
const BACKGROUND_WRITES_PER_SECOND = 10;
/** The app's PRODUCT_COUNT_CAP default (backend/src/config/config.ts); the baseline counts the same way. */
const COUNT_CAP = 10_000;

const PRODUCT_FIELDS =
  'id name description price costPrice category quantity inStock reorderLevel lowStock imageUrl sku barcode featured owner createdAt updatedAt version';
const LIST_QUERY = `query Products($query: ProductListInput) { products(query: $query) { products { ${PRODUCT_FIELDS} } pagination { page limit total totalPages hasNextPage hasPrevPage totalIsEstimate } } }`;
const STATS_QUERY = 'query Stats { productStats { totalProducts inStock outOfStock lowStock inventoryValue } }';
const ADJUST_MUTATION = `mutation Adjust($id: ID!, $delta: Int!) { adjustStock(id: $id, delta: $delta) { ${PRODUCT_FIELDS} } }`;
const COUNT_MUTATION = `mutation Count($id: ID!, $quantity: Int!) { countStock(id: $id, quantity: $quantity) { ${PRODUCT_FIELDS} } }`;
const HISTORY_QUERY = `query History($id: ID!) { product(id: $id) { movements(page: 1, limit: 10) {
  movements { id ledgerPosition delta quantityAfter reason note createdAt user { id fullName } location { id name } transferId } pagination { page limit total totalPages hasNextPage hasPrevPage totalIsEstimate } } } }`;
const CREATE_MUTATION = `mutation Create($input: CreateProductInput!) { createProduct(input: $input) { ${PRODUCT_FIELDS} } }`;
const NEW_PRODUCT = {
  name: 'Bench Steel Lamp',
  description: 'A lamp created by the products benchmark, one per request.',
  price: 49.99,
  category: 'Home & Kitchen',
  quantity: 12,
};

/** How many products the stock scenarios write to: enough that the connections seldom queue on one row lock. */
const STOCK_PRODUCTS = 200;
/** What the scenarios that name a product work on, found once the catalogue is seeded. */
const seeded = { stock: [], historyId: undefined };

/** The nth request of a stock scenario: which product, and the change (one up, then one down when its turn comes again). */
function stockChange(n) {
  const { id, quantity } = seeded.stock[n % seeded.stock.length];
  const up = Math.floor(n / seeded.stock.length) % 2 === 0;
  return { id, delta: up ? 1 : -1, counted: up ? quantity + 1 : quantity };
}

/** The GraphQL names of the REST list's stock statuses. */
const STOCK_STATUS = { in: 'IN_STOCK', low: 'LOW_STOCK', out: 'OUT_OF_STOCK' };

/**
 * Each scenario: the REST path (the baseline answers the same path without `/api`), the GraphQL operation,
 * and the list parameters, used for the EXPLAIN check too.
 */
const SCENARIOS = [
  { id: 'list1', label: 'list page 1', list: { page: 1, limit: 10 } },
  { id: 'list500', label: 'list page 500', list: { page: 500, limit: 10 } },
  { id: 'search', label: `search "${SEARCH_TERM}"`, list: { page: 1, limit: 10, search: SEARCH_TERM } },
  { id: 'instock-price', label: 'in stock, by price', list: { page: 1, limit: 10, inStock: true, sortBy: 'price', sortOrder: 'asc' } },
  { id: 'low-stock', label: 'Low Stock filter', list: { page: 1, limit: 10, stockStatus: 'low' } },
  { id: 'stats', label: 'stats' },
  { id: 'history', label: 'history page 1', history: true },
  // A shop that sells while someone searches: every write makes the remembered count stale.
  { id: 'search-writes', label: `search "${SEARCH_TERM}", 10 writes/s`, list: { page: 1, limit: 10, search: SEARCH_TERM }, backgroundWrites: true },
  // Stock changes go round STOCK_PRODUCTS products, up one and, next time round, down one, so quantities stay as seeded.
  { id: 'adjust', label: 'adjust stock', stock: 'adjust' },
  { id: 'count', label: 'stocktake', stock: 'count' },
  { id: 'create', label: 'create' },
].map((s) => ({ ...s, ...requestsFor(s) }));

function requestsFor(scenario) {
  if (scenario.stock) return { dynamic: stockRequests(scenario.stock) };
  if (scenario.history) {
    return {
      dynamic: {
        rest: () => ({ method: 'GET', path: `/api/products/${seeded.historyId}/movements?page=1&limit=10` }),
        baseline: () => ({ method: 'GET', path: `/products/${seeded.historyId}/movements?page=1&limit=10` }),
        graphql: () => ({ query: HISTORY_QUERY, variables: { id: seeded.historyId } }),
        pickGraphql: (data) => data.product.movements,
      },
    };
  }
  if (scenario.list) {
    const params = new URLSearchParams(Object.entries(scenario.list).map(([k, v]) => [k, String(v)]));
    const gqlQuery = { ...scenario.list };
    if (gqlQuery.stockStatus) gqlQuery.stockStatus = STOCK_STATUS[gqlQuery.stockStatus];
    if (gqlQuery.sortBy) gqlQuery.sortBy = gqlQuery.sortBy.toUpperCase();
    if (gqlQuery.sortOrder) gqlQuery.sortOrder = gqlQuery.sortOrder.toUpperCase();
    return {
      rest: { method: 'GET', path: `/api/products?${params}` },
      baseline: { method: 'GET', path: `/products?${params}` },
      graphql: { query: LIST_QUERY, variables: { query: gqlQuery }, pick: (data) => data.products },
    };
  }
  if (scenario.id === 'stats') {
    return {
      rest: { method: 'GET', path: '/api/products/stats', pick: (body) => body.stats },
      baseline: { method: 'GET', path: '/products/stats', pick: (body) => body.stats },
      graphql: { query: STATS_QUERY, pick: (data) => data.productStats },
    };
  }
  const body = JSON.stringify(NEW_PRODUCT);
  return {
    rest: { method: 'POST', path: '/api/products', body, pick: (b) => b.product },
    baseline: { method: 'POST', path: '/products', body, pick: (b) => b.product },
    graphql: { query: CREATE_MUTATION, variables: { input: NEW_PRODUCT }, pick: (data) => data.createProduct },
  };
}

/** The requests of a stock scenario, made per request from its number. */
function stockRequests(kind) {
  const json = (body) => JSON.stringify(body);
  if (kind === 'count') {
    return {
      rest: (n) => ({ method: 'POST', path: `/api/products/${stockChange(n).id}/stock/count`, body: json({ quantity: stockChange(n).counted }) }),
      baseline: (n) => ({ method: 'POST', path: `/products/${stockChange(n).id}/stock/count`, body: json({ quantity: stockChange(n).counted }) }),
      graphql: (n) => ({ query: COUNT_MUTATION, variables: { id: stockChange(n).id, quantity: stockChange(n).counted } }),
      pickGraphql: (data) => data.countStock,
      pick: (b) => b.product,
    };
  }
  return {
    rest: (n) => ({ method: 'POST', path: `/api/products/${stockChange(n).id}/stock`, body: json({ delta: stockChange(n).delta }) }),
    baseline: (n) => ({ method: 'POST', path: `/products/${stockChange(n).id}/stock`, body: json({ delta: stockChange(n).delta }) }),
    graphql: (n) => ({ query: ADJUST_MUTATION, variables: { id: stockChange(n).id, delta: stockChange(n).delta } }),
    pickGraphql: (data) => data.adjustStock,
    pick: (b) => b.product,
  };
}


/** utime + stime of one process, in seconds (Linux /proc; undefined elsewhere). */
function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of each PostgreSQL process (the postmaster and its children:
 * backends and helpers), by pid. They are not in the server's process group:
 * postgres puts each child in a session of its own.
 */
function postgresCpu(postmasterPid) {
  const cpu = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) === postmasterPid || Number(fields[1]) === postmasterPid) cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      /* gone */
    }
  }
  return cpu;
}

/** CPU used between two snapshots; a backend that started in between counts whole, one that ended is lost (pools keep theirs open). */
const cpuDelta = (before, after) => [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

/** The same `?` -> `$n` conversion the baseline uses. */
const numbered = ({ sql, values }) => {
  let n = 0;
  return { text: sql.replace(/\?/g, () => `$${++n}`), values };
};

function planSummary(plan) {
  const nodes = [];
  let seqScan = false;
  const visit = (node) => {
    const target = node['Index Name'] ?? node['Relation Name'];
    if (node['Node Type'] === 'Seq Scan' && ['products', 'stock_movements'].includes(node['Relation Name'])) seqScan = true;
    if (/Scan/.test(node['Node Type'])) nodes.push(`${node['Node Type']}${target ? ` on ${target}` : ''}`);
    (node.Plans ?? []).forEach(visit);
  };
  visit(plan.Plan);
  return { nodes, seqScan };
}

/** EXPLAIN ANALYZE of each statement a read scenario runs (as the bench user). */
async function explainScenarios(databaseUrl, workspaceId) {
  const built = async (path) => {
    const module = await import(pathToFileURL(join(repoRoot, 'backend/dist/src', path)).href);
    return module.default ?? module;
  };
  const { productPageStatement, productStatsStatement } = await built('products/catalogue/product.queries.js');
  const { productCountStatement, cappedMatchCountStatement, countedByTotals } = await built('products/catalogue/match-count.queries.js');
  const { productByIdStatement } = await built('product-record/product-record.queries.js');
  const { movementPageStatement, movementCountStatement } = await built('stock/stock-movement.queries.js');
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    const out = {};
    for (const s of SCENARIOS.filter((x) => !x.backgroundWrites)) {
      let statements;
      if (s.list) {
        const { page, limit, search, inStock, stockStatus, sortBy = 'date', sortOrder = 'desc' } = s.list;
        const filter = { workspaceId, search, inStock, stockStatus: STOCK_STATUS[stockStatus] };
        const count = countedByTotals(filter) ? productCountStatement(filter) : cappedMatchCountStatement(filter, COUNT_CAP + 1);
        statements = { page: productPageStatement({ ...filter, sortBy, sortOrder, limit, offset: (page - 1) * limit }), count };
      } else if (s.id === 'stats') statements = { stats: productStatsStatement(workspaceId) };
      else if (s.history) {
        const id = seeded.historyId;
        statements = { product: productByIdStatement(id), page: movementPageStatement(id, workspaceId, 10, 0), count: movementCountStatement(id, workspaceId) };
      }
      else continue;
      out[s.id] = {};
      for (const [name, statement] of Object.entries(statements)) {
        const { text, values } = numbered(statement);
        // Twice: the first run warms the cache, the second is the one reported.
        await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
        const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values);
        const [plan] = rows[0]['QUERY PLAN'];
        out[s.id][name] = { ...planSummary(plan), executionMs: Math.round(plan['Execution Time'] * 100) / 100, sql: statement.sql.replace(/\s+/g, ' ') };
      }
    }
    return out;
  } finally {
    await client.end();
  }
}

function signUp(baseUrl) {
  return signUpForBench(baseUrl, { tag: 'products', lastName: 'Products', password: PASSWORD });
}

function startBaseline(databaseUrl, jwtSecret, port, workspaceId) {
  const child = spawn(process.execPath, [join(repoRoot, 'bench/_products-baseline.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, WORKSPACE_ID: workspaceId, PORT: String(port), POOL_MAX: String(POOL_MAX), COUNT_CAP: String(COUNT_CAP), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`baseline exited with ${code}: ${out}`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (/listening \d+/.test(out)) resolve({ child, pid: child.pid, baseUrl: `http://127.0.0.1:${port}` });
    });
  });
}

/** The autocannon request and a one-off fetch for one scenario on one transport. */
function target(scenario, transport, urls, token) {
  const auth = { authorization: `Bearer ${token}` };
  if (scenario.dynamic) return dynamicTarget(scenario, transport, urls, auth);
  if (transport === 'graphql') {
    const { query, variables } = scenario.graphql;
    const body = JSON.stringify({ query, variables });
    return { url: `${urls.app}/graphql`, method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body };
  }
  const spec = scenario[transport];
  const base = transport === 'rest' ? urls.app : urls.baseline;
  return {
    url: `${base}${spec.path}`,
    method: spec.method,
    headers: spec.body ? { ...auth, 'content-type': 'application/json' } : auth,
    body: spec.body,
  };
}

/**
 * A scenario whose requests name a product: `next(n)` makes the nth request
 * (autocannon asks for each through setupRequest); the target itself is the
 * first, for the one-off checks.
 */
function dynamicTarget(scenario, transport, urls, auth) {
  const make = scenario.dynamic[transport];
  const request = (n) => {
    if (transport !== 'graphql') return make(n);
    const { query, variables } = make(n);
    return { method: 'POST', path: '/graphql', body: JSON.stringify({ query, variables }) };
  };
  const first = request(0);
  const headers = first.body ? { ...auth, 'content-type': 'application/json' } : auth;
  const base = transport === 'baseline' ? urls.baseline : urls.app;
  return { url: `${base}${first.path}`, method: first.method, headers, body: first.body, next: request };
}

/** autocannon's options for a target: one fixed request, or one made afresh for each request from the scenario's running count. */
function cannonOptions(scenario, t, connections) {
  const opts = { url: t.url, method: t.method, headers: t.headers, body: t.body, connections };
  if (!t.next) return opts;
  scenario.sent ??= 0;
  const setupRequest = (req) => {
    const made = t.next(scenario.sent++);
    return { ...req, method: made.method, path: made.path, body: made.body };
  };
  return { ...opts, requests: [{ method: t.method, headers: t.headers, setupRequest }] };
}

async function fetchOnce(t) {
  const res = await fetch(t.url, { method: t.method, headers: t.headers, body: t.body });
  const body = await res.json();
  return { status: res.status, body };
}

/** What each transport answered, reduced to comparable form. */
function comparable(scenario, transport, { status, body }) {
  if (transport === 'graphql') {
    if (body.errors) return { status, errors: body.errors };
    return (scenario.graphql?.pick ?? scenario.dynamic.pickGraphql)(body.data);
  }
  const pick = (scenario.dynamic ?? scenario[transport]).pick ?? ((b) => b);
  return pick(body);
}

/** What a write changes each time it runs: left out when the transports' answers are compared. */
const CHANGING_FIELDS = { create: ['id', 'createdAt', 'updatedAt'], stock: ['quantity', 'version', 'updatedAt', 'inStock', 'lowStock'] };

/** Checks that baseline, GraphQL and REST give the same answer (for create: the same fields and values but id and times). */
async function checkAnswers(scenario, urls, token) {
  const answers = {};
  for (const transport of transportsOf(scenario)) {
    const reply = await fetchOnce(target(scenario, transport, urls, token));
    const expected = scenario.id === 'create' ? (transport === 'graphql' ? 200 : 201) : 200;
    if (reply.status !== expected) throw new Error(`${scenario.id} over ${transport} answered ${reply.status}: ${JSON.stringify(reply.body).slice(0, 300)}`);
    answers[transport] = comparable(scenario, transport, reply);
  }
  // Same values, whatever the key order (GraphQL answers in the order of the selection).
  const canonical = (value) =>
    Array.isArray(value) ? value.map(canonical) : value && typeof value === 'object' ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical(value[k])])) : value;
  const normalise = (value) => {
    const json = JSON.parse(JSON.stringify(value));
    const changing = scenario.id === 'create' ? CHANGING_FIELDS.create : scenario.stock ? CHANGING_FIELDS.stock : [];
    for (const key of changing) delete json[key];
    return JSON.stringify(canonical(json));
  };
  const mismatches = ['graphql', 'rest'].filter((t) => answers[t] !== undefined && normalise(answers[t]) !== normalise(answers.baseline));
  return { same: mismatches.length === 0, mismatches, sample: scenario.list ? answers.baseline.pagination : undefined };
}

/** One autocannon run; every 2xx latency is kept (ms, as autocannon measures it) so rounds can be merged exactly. */
const runRecorded = (opts, latencies) =>
  cannon(opts, (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const round2 = (n) => Math.round(n * 100) / 100;

/** A fresh accumulator for one scenario on one transport, filled round by round. */
const tally = () => ({ ok: 0, requests: 0, non2xx: 0, errors: 0, timeouts: 0, seconds: 0, nodeCpu: 0, pgCpu: 0, latencies: [] });

/**
 * Sells and restocks one product through the app's REST API, `perSecond` times a second, until
 * stopped: each write bumps the catalogue's change counter, so every remembered search count goes
 * stale. `sent()` counts the writes so far; `stop()` resolves once the last one is answered.
 */
function startBackgroundWrites(urls, token, productId, perSecond) {
  let sent = 0;
  let failed = 0;
  const pending = new Set();
  const timer = setInterval(() => {
    const delta = sent % 2 === 0 ? 1 : -1;
    sent++;
    const write = fetch(`${urls.app}/api/products/${productId}/stock`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ delta }),
    })
      .then((res) => (res.ok ? res.arrayBuffer() : ((failed++), res.arrayBuffer())))
      .catch(() => failed++)
      .finally(() => pending.delete(write));
    pending.add(write);
  }, 1000 / perSecond);
  return {
    sent: () => sent,
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { failed };
    },
  };
}

/**
 * Starts a row from the same state as the others: the dead rows and fresh statistics the rows before it
 * left are vacuumed and analysed, and a checkpoint writes their pages, so autovacuum or a checkpoint they
 * caused does not land on this row (a stocktake measured alone had a lower p99 than the same one run
 * right after the adjustments). What this row's own writes cause still lands on it.
 */
async function settleDatabase(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  db.on('error', () => {});
  await db.connect();
  try {
    await db.query('VACUUM (ANALYZE) products, stock_levels, stock_movements, catalogue_stats');
    await db.query('CHECKPOINT');
  } finally {
    await db.end();
  }
}

/** The transports a scenario runs on: the baseline alone for a statement only it has. */
const transportsOf = (scenario) => (scenario.baselineOnly ? ['baseline'] : ['baseline', 'graphql', 'rest']);

async function measureRound(acc, scenario, transport, urls, token, { seconds, warmup, connections, serverPid, postmasterPid }) {
  const t = target(scenario, transport, urls, token);
  const opts = cannonOptions(scenario, t, connections);
  const writes = scenario.backgroundWrites ? startBackgroundWrites(urls, token, urls.writeTarget, BACKGROUND_WRITES_PER_SECOND) : undefined;
  if (warmup > 0) await cannon({ ...opts, duration: warmup });
  const nodePid = transport === 'baseline' ? urls.baselinePid : serverPid;
  const before = { node: processCpuSeconds(nodePid), pg: postgresCpu(postmasterPid), writes: writes?.sent() };
  const result = await runRecorded({ ...opts, duration: seconds }, acc.latencies);
  const after = { node: processCpuSeconds(nodePid), pg: postgresCpu(postmasterPid), writes: writes?.sent() };
  if (writes) {
    acc.writes = (acc.writes ?? 0) + after.writes - before.writes;
    acc.failedWrites = (acc.failedWrites ?? 0) + (await writes.stop()).failed;
  }
  acc.ok += result.requests.total - result.non2xx;
  acc.requests += result.requests.total;
  acc.non2xx += result.non2xx;
  acc.errors += result.errors;
  acc.timeouts += result.timeouts;
  acc.seconds += result.duration || seconds;
  acc.nodeCpu += after.node - before.node;
  acc.pgCpu += cpuDelta(before.pg, after.pg);
}

function summary(acc) {
  const sorted = Float64Array.from(acc.latencies).sort();
  const perReq = (cpu) => (acc.ok > 0 ? round2((cpu / acc.ok) * 1000) : null);
  return {
    requests: acc.requests,
    non2xx: acc.non2xx,
    errors: acc.errors,
    timeouts: acc.timeouts,
    seconds: round2(acc.seconds),
    reqPerSec: Math.round((acc.ok / acc.seconds) * 10) / 10,
    latencyMs: { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.length ? sorted[sorted.length - 1] : null },
    nodeCpuMsPerReq: perReq(acc.nodeCpu),
    pgCpuMsPerReq: perReq(acc.pgCpu),
    ...(acc.writes !== undefined && { backgroundWrites: { perSecond: round2(acc.writes / acc.seconds), failed: acc.failedWrites } }),
  };
}

const fmt = (n, digits = 0) => (n === null || n === undefined ? 'n/a' : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits }));

function markdown(data) {
  const { config, results, plans, checks, targets } = data;
  const m = data.machine;
  const rows = [];
  for (const s of SCENARIOS.filter((x) => results[x.id])) {
    for (const transport of ['baseline', 'graphql', 'rest']) {
      const r = results[s.id][transport];
      if (!r) continue;
      const base = results[s.id].baseline;
      const cpuX = cpuTimes(r) / cpuTimes(base);
      rows.push(
        `| ${transport === 'baseline' ? s.label : ''} | ${transport} | ${fmt(r.reqPerSec)} | ${fmt(r.latencyMs.p50, 1)} | ${fmt(r.latencyMs.p99, 1)} | ${transport === 'baseline' ? '1' : fmt(r.ratio, 2)} | ${fmt(r.nodeCpuMsPerReq, 2)} | ${fmt(r.pgCpuMsPerReq, 2)} | ${transport === 'baseline' ? '1' : fmt(cpuX, 1)} | ${r.non2xx + r.errors + r.timeouts} |`,
      );
    }
  }
  const planRows = Object.entries(plans).map(
    ([id, statements]) =>
      `| ${SCENARIOS.find((s) => s.id === id).label} | ${Object.entries(statements)
        .map(([name, p]) => `${name}: ${[...new Set(p.nodes)].join(', ')} (${p.executionMs} ms)`)
        .join('<br>')} |`,
  );
  const targetRows = targets.map((t) => `| ${t.what} | ${t.target} | ${t.measured} | ${t.met ? 'met' : '**missed**'} |`);
  const tenantArgs = config.tenants ? ` --tenants=${config.tenants} --tenant-products=${config.tenantProducts}` : '';
  const among = config.tenants ? `, among ${fmt(config.tenants)} other shops of ${fmt(config.tenantProducts)} products each (seeded by \`npm run seed -- --tenants\`, seed 2)` : '';
  return `## Products (\`npm run bench -- products${config.products === 100_000 ? '' : ` --products=${config.products}`}${tenantArgs}\`)

${fmt(config.products)} products for one user (seeded by \`npm run seed\`'s code, seed 1; ${fmt(config.searchMatches)} of them match "${SEARCH_TERM}")${among}, autocannon over loopback with
${config.connections} connections, ${config.warmupSeconds} s warm-up then ${config.durationSeconds} s per row, in ${config.rounds} interleaved rounds of baseline, GraphQL and REST.
The baseline is a bare \`node:http\` server doing the app's work per request (JWT verify, the session + user
statement, then the same product SQL through a \`pg\` pool of ${POOL_MAX}) and answering the same JSON; ratio = req/s over
the baseline's. CPU per request is from /proc: the serving node process, and PostgreSQL (all backends); "CPU x" is the
row's node + PostgreSQL CPU per request over the baseline's, which moves less with background load than req/s does.
Searches count their matches exactly up to ${fmt(COUNT_CAP)} and estimate beyond (the baseline too, but it never remembers a count);
the "${BACKGROUND_WRITES_PER_SECOND} writes/s" row sends stock changes to the app meanwhile (during every transport's turn), so a remembered count
rarely lasts${backgroundWritesNote(results)}. Search answers: ${searchAnswers(checks)}.
The stock rows change ${STOCK_PRODUCTS} products in turn (one up, then one down); "history page 1" reads the ten newest of a seeded product's
movements with their total.
Answers checked equal across transports before the runs: ${checks.every((c) => c.same) ? 'yes' : `**no** (${checks.filter((c) => !c.same).map((c) => `${c.scenario}: ${c.mismatches.join(', ')}`).join('; ')})`}.

| scenario | transport | req/s | p50 ms | p99 ms | ratio | node CPU ms/req | PostgreSQL CPU ms/req | CPU x | failed |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

| target (2 cores, ${fmt(config.products)} products, ${config.connections} connections) | wanted | measured | |
|---|---|---|---|
${targetRows.join('\n')}

Plans (EXPLAIN ANALYZE on the seeded table, second run):

| scenario | statements |
|---|---|
${planRows.join('\n')}

Code: ${data.code}. Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node} (${m.platform}), embedded PostgreSQL ${data.postgres}; load average at start ${m.loadAverage1m}
(the machine is shared: expect 10-15 % between runs, compare ratios within one run); run ${data.date}; seeding took ${fmt(config.seedSeconds, 1)} s.`;
}

/** How many background writes the rows with them really sent, for the notes above the table. */
function backgroundWritesNote(results) {
  const rows = Object.values(results).flatMap((r) => Object.values(r)).filter((r) => r.backgroundWrites);
  if (!rows.length) return '';
  const perSecond = rows.map((r) => r.backgroundWrites.perSecond);
  const failed = rows.reduce((sum, r) => sum + r.backgroundWrites.failed, 0);
  return ` (measured ${fmt(Math.min(...perSecond), 1)}-${fmt(Math.max(...perSecond), 1)} writes/s, ${failed} failed)`;
}

/** The search's pagination as checked before the runs: exact or estimated. */
function searchAnswers(checks) {
  const sample = checks.find((c) => c.scenario === 'search')?.sample;
  if (!sample) return 'not run';
  return `${sample.totalIsEstimate ? 'about ' : ''}${fmt(sample.total)} matches${sample.totalIsEstimate ? ' (an estimate: past the cap)' : ' (exact)'}`;
}

/** The docs section of a run: the default size has its own, another size or a run among other shops one beside it. */
function sectionOf(products, tenants, tenantProducts) {
  const size = products === 100_000 ? 'products' : `products-${products}`;
  return tenants ? `${size}-among-${tenants}x${tenantProducts}` : size;
}

/** Node + PostgreSQL CPU milliseconds per request of one row. */
function cpuTimes(row) {
  return row.nodeCpuMsPerReq + row.pgCpuMsPerReq;
}

function evaluate(results, plans, products) {
  const label = (id) => SCENARIOS.find((s) => s.id === id).label;
  /** One target per transport of each scenario that ran: `check` gives what it wants, what it measured and whether that meets it. */
  const each = (ids, what, check) =>
    ids.filter((id) => results[id]).flatMap((id) => ['graphql', 'rest'].map((transport) => ({ what: `${label(id)}, ${transport}: ${what}`, ...check(results[id][transport], transport, results[id].baseline) })));
  const p99Under = (ms) => (row) => ({ target: `< ${ms} ms`, measured: `${fmt(row.latencyMs.p99, 1)} ms`, met: row.latencyMs.p99 < ms });
  const ratioOf = (wanted) => (row) => ({ target: `>= ${wanted}`, measured: fmt(row.ratio, 2), met: row.ratio >= wanted });
  const targets = [
    ...each([...READS, ...WRITES], 'p99', p99Under(TARGETS.p99Ms)),
    ...each(SEARCHES, 'p99', p99Under(TARGETS.searchP99Ms(products))),
    // Searches are left out of the ratios: the app remembers counts the baseline recounts, so their ratio says little.
    ...each(READS, 'throughput / baseline', (row, transport) => ratioOf(TARGETS.readRatio[transport])(row)),
    ...each(READS, 'CPU x', (row, _transport, baseline) => {
      const x = cpuTimes(row) / cpuTimes(baseline);
      return { target: `<= ${TARGETS.readCpuX}`, measured: fmt(x, 2), met: x <= TARGETS.readCpuX };
    }),
    ...each(WRITES, 'throughput / baseline', ratioOf(TARGETS.writeRatio)),
  ];
  const seq = Object.entries(plans).flatMap(([id, statements]) => Object.entries(statements).filter(([, p]) => p.seqScan).map(([name]) => `${id}/${name}`));
  targets.push({ what: 'sequential scans on products (every read statement)', target: 'none', measured: seq.length ? seq.join(', ') : 'none', met: seq.length === 0 });
  return targets;
}

export default async function run(args = []) {
  const duration = option(args, 'duration', 6);
  const rounds = Math.max(1, option(args, 'rounds', 3));
  const warmup = option(args, 'warmup', 1);
  const connections = option(args, 'connections', 10);
  const products = option(args, 'products', 100_000);
  // Other shops in the same database: the benchmark's catalogue is then one workspace among many.
  const tenants = option(args, 'tenants', 0);
  const tenantProducts = option(args, 'tenant-products', 500);
  const only = option(args, 'only', '');
  const scenarios = only ? SCENARIOS.filter((s) => only.split(',').includes(s.id)) : SCENARIOS;
  if (!scenarios.length) throw new Error(`--only: none of ${SCENARIOS.map((s) => s.id).join(', ')}`);

  const jwtSecret = randomBytes(48).toString('base64url');
  const startMachine = machine();
  const server = await startServer({ label: 'bench-products', env: { JWT_SECRET: jwtSecret, AUTH_RATE_LIMIT: '100000000', API_RATE_LIMIT: '100000000' } });
  let baseline;
  try {
    const databaseUrl = `postgresql://postgres:${readFileSync(join(server.dataDir, 'pg-password'), 'utf8').trim()}@127.0.0.1:${server.pgPort}/stockroom`;
    const user = await signUp(server.baseUrl);
    let seedSeconds = 0;
    if (tenants > 0) {
      console.log(`seeding ${tenants.toLocaleString('en')} other shops of ${tenantProducts.toLocaleString('en')} products ...`);
      seedSeconds += await seedTenants(server, tenants, tenantProducts);
    }
    console.log(`seeding ${products.toLocaleString('en')} products for ${user.email} ...`);
    seedSeconds += await seed(server, user.email, products);
    baseline = await startBaseline(databaseUrl, jwtSecret, await freePort(), user.workspaceId);
    const [writeTarget] = (await (await fetch(`${server.baseUrl}/api/products?limit=1`, { headers: { authorization: `Bearer ${user.token}` } })).json()).products;
    const urls = { app: server.baseUrl, baseline: baseline.baseUrl, baselinePid: baseline.pid, writeTarget: writeTarget.id };
    const postmasterPid = Number(readFileSync(join(server.dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[0]);

    const db = new pg.Client({ connectionString: databaseUrl });
    db.on('error', () => {});
    await db.connect();
    let version;
    let searchMatches;
    try {
      [{ version }] = (await db.query(`SELECT current_setting('server_version') AS version`)).rows;
      [{ n: searchMatches }] = (
        await db.query(`SELECT count(*)::int AS n FROM products WHERE workspace_id = $1 AND (name ILIKE $2 OR description ILIKE $2)`, [user.workspaceId, `%${SEARCH_TERM}%`])
      ).rows;
      // Products with room both ways for the stock scenarios' one up, one down; and one with a few movements for the history.
      seeded.stock = (
        await db.query(`SELECT id, quantity FROM products WHERE workspace_id = $1 AND quantity BETWEEN 20 AND 90000 ORDER BY id LIMIT $2`, [user.workspaceId, STOCK_PRODUCTS])
      ).rows;
      [{ product_id: seeded.historyId }] = (
        await db.query(`SELECT product_id FROM stock_movements WHERE workspace_id = $1 GROUP BY product_id HAVING count(*) >= 4 ORDER BY product_id LIMIT 1`, [user.workspaceId])
      ).rows;
    } finally {
      await db.end();
    }

    console.log('checking that baseline, GraphQL and REST answer alike ...');
    const checks = [];
    for (const s of scenarios) checks.push({ scenario: s.id, ...(await checkAnswers(s, urls, user.token)) });
    for (const c of checks.filter((x) => !x.same)) console.warn(`warning: ${c.scenario}: ${c.mismatches.join(', ')} differ from the baseline`);

    console.log('EXPLAIN ANALYZE of the read statements ...');
    const plans = await explainScenarios(databaseUrl, user.workspaceId);

    // JIT and pools warm on every path before anything is measured.
    console.log('warming up ...');
    for (const s of scenarios.filter((x) => x.id !== 'create')) {
      for (const transport of transportsOf(s)) {
        await cannon({ ...cannonOptions(s, target(s, transport, urls, user.token), connections), duration: 0.5 });
      }
    }

    // Each scenario: `rounds` rounds of baseline, GraphQL, REST, `duration / rounds` seconds each, merged;
    // interleaving keeps a change in the machine's background load from landing on one transport only.
    const results = {};
    for (const s of scenarios) {
      await settleDatabase(databaseUrl);
      const transports = transportsOf(s);
      const acc = Object.fromEntries(transports.map((t) => [t, tally()]));
      for (let round = 0; round < rounds; round++) {
        for (const transport of transports) {
          await measureRound(acc[transport], s, transport, urls, user.token, {
            seconds: duration / rounds,
            warmup: round === 0 ? warmup : 0,
            connections,
            serverPid: server.pid,
            postmasterPid,
          });
        }
      }
      results[s.id] = {};
      for (const transport of transports) {
        const r = (results[s.id][transport] = summary(acc[transport]));
        console.log(
          `${s.label.padEnd(22)} ${transport.padEnd(8)} ${fmt(r.reqPerSec).padStart(7)} req/s  p50 ${fmt(r.latencyMs.p50, 1)} ms  p99 ${fmt(r.latencyMs.p99, 1)} ms  node ${r.nodeCpuMsPerReq} + PostgreSQL ${r.pgCpuMsPerReq} ms CPU/req${r.non2xx || r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`,
        );
      }
      for (const transport of transports.filter((t) => t !== 'baseline')) {
        results[s.id][transport].ratio = Math.round((results[s.id][transport].reqPerSec / results[s.id].baseline.reqPerSec) * 1000) / 1000;
      }
    }

    const targets = evaluate(results, plans, products);
    const data = {
      benchmark: 'products',
      date: new Date().toISOString(),
      machine: startMachine,
      postgres: version,
      code: codeVersion(),
      config: { products, tenants, tenantProducts, connections, durationSeconds: duration, rounds, warmupSeconds: warmup, searchTerm: SEARCH_TERM, searchMatches, poolMax: POOL_MAX, seedSeconds: Math.round(seedSeconds * 10) / 10 },
      checks,
      plans,
      results,
      targets,
      meetsTargets: targets.every((t) => t.met),
    };
    const jsonFile = writeJson('products', data);
    let docs = '(docs not written: a partial run with --only)';
    // The default size has its own section; another size (e.g. --products=1000000) gets one of its own beside it.
    if (!only) docs = writeDocsSection(sectionOf(products, tenants, tenantProducts), markdown(data));
    console.log(markdown(data));
    console.log(`wrote ${jsonFile}${only ? '' : ` and ${docs}`}`);
    if (!data.meetsTargets) process.exitCode = 1;
  } finally {
    if (baseline) {
      baseline.child.removeAllListeners('exit');
      baseline.child.kill('SIGTERM');
      await new Promise((r) => (baseline.child.exitCode !== null ? r() : baseline.child.once('exit', r)));
    }
    await stopServer(server);
    removeDir(server.dataDir);
  }
}
