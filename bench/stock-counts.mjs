/**
 * `npm run bench -- stock-counts [--lines=5000] [--replay=1000] [--duration=6] [--connections=1]`
 *
 * A stocktake at the size a shop reaches, and a phone's queue coming back online:
 *
 * - Replay: `--replay` stock changes, each with its own Idempotency-Key, sent
 *   in order as the offline queue replays them: 100 to a request through
 *   POST /api/stock-changes (one request in flight); beside them the same
 *   changes one to a request, keyed and not (the reference). Target: 1,000 in
 *   under 15 s. The server runs with its rate limit lifted: one to a request,
 *   the default 600 a minute alone would hold 1,000 changes past a minute.
 * - Review: a count of the whole workspace holding `--lines` lines, one per
 *   product at Main, submitted for review; the review (every line with its
 *   expected quantity, variance and value, sorted by value) read over REST and
 *   GraphQL by `--connections` readers at a time, beside reading the count with its
 *   lines (the reference). Target: p99 under 300 ms.
 *
 * One run: start the built server (production, its own DATA_DIR and ports), sign
 * up one user, seed a fifth more products than `--lines` with the seed script (their
 * stock is at Main; some of them have none), then record `--lines` lines, one per
 * product in stock, through the API as counters would.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { removeDir, startServer, stopServer } from '../tests/e2e/support/server.mjs';
import { signUpForBench } from './_accounts.mjs';
import { measureTransports, worseP99 } from './_cannon.mjs';
import { api, option } from './_cli.mjs';
import { codeVersion, machine, repoRoot, writeDocsSection, writeJson } from './_report.mjs';
import { seed } from './_seed.mjs';

const require = createRequire(join(repoRoot, 'backend/package.json'));
const pg = require('pg');

const TARGETS = { replaySeconds: 15, reviewP99Ms: 300 };
/** Lines recorded at once while the count fills: counters on several phones. */
const RECORDING_CONCURRENCY = 8;

const REVIEW_QUERY = `query Review($id: ID!) { stockCountReview(id: $id, sortBy: VALUE) {
  expectedHidden items { lineIds productId productName locationId counted expected variance varianceValue } notCounted { productId locationId expected varianceValue } } }`;

/** `changes` stock changes of +1 sent one after another, keyed or not; resolves with the seconds they took. */
async function sendInOrder(baseUrl, token, productIds, changes, keyed) {
  const started = performance.now();
  for (let n = 0; n < changes; n++) {
    await api(baseUrl, token, 'POST', `/api/products/${productIds[n % productIds.length]}/stock`, { delta: 1, reason: 'RECEIPT' }, keyed ? { 'idempotency-key': randomUUID() } : {});
  }
  return (performance.now() - started) / 1000;
}

/** The changes one request to POST /api/stock-changes carries (STOCK_CHANGES_MAX), as the offline queue sends them. */
const BATCH = 100;

/** `changes` stock changes of +1, keyed, sent BATCH to a request in order; resolves with the seconds they took. */
async function sendInBatches(baseUrl, token, productIds, changes) {
  const started = performance.now();
  for (let from = 0; from < changes; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, changes - from) }, (_, n) => ({
      action: 'adjustStock',
      idempotencyKey: randomUUID(),
      productId: productIds[(from + n) % productIds.length],
      body: { delta: 1, reason: 'RECEIPT' },
    }));
    const { results } = await api(baseUrl, token, 'POST', '/api/stock-changes', { changes: batch });
    const refused = results.find((result) => result.outcome !== 'done');
    if (refused) throw new Error(`a batched change was refused: ${JSON.stringify(refused).slice(0, 300)}`);
  }
  return (performance.now() - started) / 1000;
}

/** Records one line per product at Main (its quantity less one, at the position seen), RECORDING_CONCURRENCY at a time. */
async function recordLines(baseUrl, token, countId, levels) {
  let next = 0;
  const counter = async () => {
    while (next < levels.length) {
      const level = levels[next++];
      await api(baseUrl, token, 'POST', `/api/stock-counts/${countId}/lines`, {
        productId: level.productId,
        locationId: level.locationId,
        quantity: Math.max(0, level.quantity - 1),
        ledgerPosition: level.ledgerPosition,
      }, { 'idempotency-key': randomUUID() });
    }
  };
  await Promise.all(Array.from({ length: RECORDING_CONCURRENCY }, counter));
}

const round1 = (n) => Math.round(n * 10) / 10;

function markdown(data) {
  const rows = data.results.flatMap((r) =>
    ['graphql', 'rest'].map((t) => `| ${t === 'graphql' ? r.label : ''} | ${t} | ${r[t].reqPerSec} | ${r[t].p50} | ${r[t].p99} | ${r[t].ratio ?? 1} | ${r[t].non2xx} |`),
  );
  const targets = data.targets.map((t) => `- ${t.name}: ${t.value} ${t.unit} (target under ${t.limit} ${t.unit}): ${t.met ? 'met' : '**missed**'}`);
  return [
    `Replay: ${data.config.replay.toLocaleString('en')} stock changes sent in order over REST, each with its own Idempotency-Key: ${BATCH} to a request through POST /api/stock-changes, as the offline queue replays, and one to a request; one to a request without keys is the reference (rate limit lifted). Review: a count of ${data.config.lines.toLocaleString('en')} lines, sorted by value, read by ${data.config.connections} reader${data.config.connections === 1 ? '' : 's'} at a time for ${data.config.durationSeconds} s per transport; reading the count with its lines is the reference (ratio: req/s over the reference's, same transport).`,
    '',
    `| replay | seconds | per change |`,
    '|---|---|---|',
    `| keyed, ${BATCH} to a request (the queue) | ${data.replay.batchedSeconds} | ${data.replay.batchedMsPerChange} ms |`,
    `| keyed, one to a request | ${data.replay.keyedSeconds} | ${data.replay.keyedMsPerChange} ms |`,
    `| no key, one to a request (reference) | ${data.replay.plainSeconds} | ${data.replay.plainMsPerChange} ms |`,
    '',
    '| scenario | transport | req/s | p50 ms | p99 ms | ratio | non-2xx |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...targets,
    '',
    `Code: ${data.code}. Machine: ${data.machine.cpu}, ${data.machine.cores} cores, Node ${data.machine.node}; seeding took ${data.config.seedSeconds} s and recording the lines ${data.config.recordSeconds} s (${RECORDING_CONCURRENCY} at once); run ${data.date}.`,
  ].join('\n');
}

export default async function run(args = []) {
  const lines = option(args, 'lines', 5_000);
  const replay = option(args, 'replay', 1_000);
  const duration = option(args, 'duration', 6);
  // A count is reviewed by the one or two people who approve it, not by a crowd: one reader by default.
  const connections = option(args, 'connections', 1);
  const startMachine = machine();
  const server = await startServer({
    label: 'bench-stock-counts',
    env: { JWT_SECRET: randomBytes(48).toString('base64url'), AUTH_RATE_LIMIT: '100000000', API_RATE_LIMIT: '100000000' },
  });
  const db = new pg.Client({ connectionString: `postgresql://postgres:${readFileSync(join(server.dataDir, 'pg-password'), 'utf8').trim()}@127.0.0.1:${server.pgPort}/stockroom` });
  db.on('error', () => {});
  try {
    const user = await signUpForBench(server.baseUrl, { tag: 'stock-counts', lastName: 'Counts', password: 'Bench#Passw0rd!' });
    // Some seeded products have no stock: a fifth more leaves `lines` of them in stock.
    const seedSeconds = round1(await seed(server, user.email, Math.ceil(lines * 1.2)));
    await db.connect();
    await db.query('VACUUM (ANALYZE) products, stock_levels, stock_movements');
    const productIds = (await db.query('SELECT id FROM products WHERE workspace_id = $1 AND deleted_at IS NULL ORDER BY id', [user.workspaceId])).rows.map((r) => r.id);

    console.log(`replaying ${replay} changes, keyed and not ...`);
    await sendInOrder(server.baseUrl, user.token, productIds, 50, true);
    const plainSeconds = await sendInOrder(server.baseUrl, user.token, productIds, replay, false);
    const keyedSeconds = await sendInOrder(server.baseUrl, user.token, productIds, replay, true);
    const batchedSeconds = await sendInBatches(server.baseUrl, user.token, productIds, replay);

    console.log(`recording ${lines} count lines ...`);
    const { stockCount } = await api(server.baseUrl, user.token, 'POST', '/api/stock-counts', {});
    const levels = (
      await db.query(
        `SELECT s.product_id AS "productId", s.location_id AS "locationId", s.quantity,
           coalesce((SELECT max(m.id) FROM stock_movements AS m WHERE m.product_id = s.product_id AND m.location_id = s.location_id), 0)::text AS "ledgerPosition"
         FROM stock_levels AS s WHERE s.workspace_id = $1 AND s.quantity > 0 ORDER BY s.product_id LIMIT $2`,
        [user.workspaceId, lines],
      )
    ).rows;
    if (levels.length < lines) throw new Error(`only ${levels.length} of the ${lines} products seeded for the count are in stock`);
    const recordStarted = performance.now();
    await recordLines(server.baseUrl, user.token, stockCount.id, levels);
    const recordSeconds = round1((performance.now() - recordStarted) / 1000);
    await api(server.baseUrl, user.token, 'POST', `/api/stock-counts/${stockCount.id}/submit`);
    await db.query('VACUUM (ANALYZE) stock_count_lines');

    const auth = { authorization: `Bearer ${user.token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const graphql = (query, variables) => ({ url: `${server.baseUrl}/graphql`, method: 'POST', headers: json, body: JSON.stringify({ query, variables }) });
    const all = [
      {
        id: 'count',
        label: 'the count with its lines (reference)',
        rest: { url: `${server.baseUrl}/api/stock-counts/${stockCount.id}`, method: 'GET', headers: auth },
        graphql: graphql(`query Count($id: ID!) { stockCount(id: $id) { stockCount { id status } lines { id quantity } } }`, { id: stockCount.id }),
      },
      {
        id: 'review',
        label: `review of ${levels.length} lines by value`,
        rest: { url: `${server.baseUrl}/api/stock-counts/${stockCount.id}/review?sortBy=value`, method: 'GET', headers: auth },
        graphql: graphql(REVIEW_QUERY, { id: stockCount.id }),
      },
    ];
    const results = await measureTransports(all, { seconds: duration, connections, referenceId: 'count' });

    const review = results.find((r) => r.id === 'review');
    const reviewP99 = worseP99(review);
    const targets = [
      { name: `${replay.toLocaleString('en')} keyed changes replayed in order, ${BATCH} to a request`, value: round1(batchedSeconds), unit: 's', limit: TARGETS.replaySeconds },
      { name: `review of ${levels.length.toLocaleString('en')} lines, p99 (worse transport)`, value: reviewP99, unit: 'ms', limit: TARGETS.reviewP99Ms },
    ].map((t) => ({ ...t, met: t.value < t.limit }));
    const data = {
      benchmark: 'stock-counts',
      date: new Date().toISOString(),
      machine: startMachine,
      code: codeVersion(),
      config: { lines: levels.length, replay, connections, durationSeconds: duration, seedSeconds, recordSeconds },
      replay: {
        batchedSeconds: round1(batchedSeconds),
        keyedSeconds: round1(keyedSeconds),
        plainSeconds: round1(plainSeconds),
        batchedMsPerChange: round1((batchedSeconds * 1000) / replay),
        keyedMsPerChange: round1((keyedSeconds * 1000) / replay),
        plainMsPerChange: round1((plainSeconds * 1000) / replay),
      },
      results,
      targets,
      meetsTargets: targets.every((t) => t.met),
    };
    const jsonFile = writeJson('stock-counts', data);
    const docs = writeDocsSection(lines === 5_000 && replay === 1_000 ? 'Stock counts (`npm run bench -- stock-counts`)' : `Stock counts (\`npm run bench -- stock-counts --lines=${lines} --replay=${replay}\`)`, markdown(data));
    console.log(markdown(data));
    console.log(`wrote ${jsonFile} and ${docs}`);
    if (!data.meetsTargets) process.exitCode = 1;
  } finally {
    await db.end().catch(() => {});
    await stopServer(server);
    removeDir(server.dataDir);
  }
}
