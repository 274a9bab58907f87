/**
 * `npm run bench -- locations [--products=100000] [--duration=6] [--connections=10]`
 *
 * Stock in several places, at scale: the list filtered by a location (with
 * its sub-locations) and a transfer between two locations, over GraphQL and
 * REST, beside the unfiltered list of the same run as the reference; then the
 * ledger check, over the whole workspace, that each stock level equals the
 * sum of its movements and each product's quantity the sum of its levels.
 *
 * One run: start the built server (production, its own DATA_DIR and ports),
 * sign up one user, seed `--products` products with the seed script, open
 * three places beside the default "Main" through the API ("Shop", "Shop ›
 * Back room" and "Van"), and move a third of each product's stock from Main
 * to Back room and a third to Van with one transfer statement per place and
 * batch (the triggers write the levels and movements, as the app's transfers
 * do). The transfers measured move 1 unit back and forth between Main and
 * Van, so the stock ends as it began.
 */
import { randomBytes } from 'node:crypto';
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

const TARGETS = { filteredListP99Ms: 100, transferP99Ms: 50 };
/** Products whose stock the measured transfers move, in turn. */
const MOVED_PRODUCTS = 1_000;
/** Products per transfer statement of the seeding: one transaction each, so a big catalogue never holds one open for minutes. */
const SPREAD_BATCH = 50_000;

const LIST_FIELDS = 'id name quantity quantityAtLocation';
const LIST_QUERY = `query Products($query: ProductListInput) { products(query: $query) { products { ${LIST_FIELDS} } pagination { total totalIsEstimate } } }`;
const TRANSFER_MUTATION = `mutation Transfer($id: ID!, $from: ID!, $to: ID!, $quantity: Int!) {
  transferStock(id: $id, fromLocationId: $from, toLocationId: $to, quantity: $quantity) { product { id quantity } movements { id } } }`;

/**
 * Moves `share` of every product's stock (of those with at least 3) from one place to another, as the app's
 * transfers do: the write's context names a transfer, and the triggers on products shift the levels and write
 * both movements. In batches of SPREAD_BATCH products by id.
 */
async function spreadStock(db, { workspaceId, userId, from, to, share }) {
  const { rows: bounds } = await db.query(
    `SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM products WHERE workspace_id = $1) AS numbered WHERE n % $2 = 1 ORDER BY id`,
    [workspaceId, SPREAD_BATCH],
  );
  for (let i = 0; i < bounds.length; i++) {
    await db.query(
      `UPDATE products SET last_change = jsonb_build_object('actor', $2::uuid, 'kind', 'transfer', 'at', statement_timestamp(),
         'transfer', jsonb_build_object('id', gen_random_uuid(), 'from', $3::uuid, 'to', $4::uuid, 'quantity', quantity / $5::int))
       WHERE workspace_id = $1 AND deleted_at IS NULL AND quantity >= 3 AND id >= $6 AND ($7::uuid IS NULL OR id < $7)`,
      [workspaceId, userId, from, to, share, bounds[i].id, bounds[i + 1]?.id ?? null],
    );
  }
}

/** Levels that differ from the sum of their movements, and products whose quantity differs from the sum of their levels. */
async function ledgerCheck(db, workspaceId) {
  const started = performance.now();
  const [{ rows: levels }, { rows: totals }] = [
    await db.query(
      `SELECT count(*)::int AS off FROM stock_levels AS s
       FULL JOIN (SELECT product_id, location_id, sum(delta) AS moved FROM stock_movements WHERE workspace_id = $1 GROUP BY 1, 2) AS m USING (product_id, location_id)
       WHERE coalesce(s.workspace_id, $1) = $1 AND coalesce(s.quantity, 0) <> coalesce(m.moved, 0)`,
      [workspaceId],
    ),
    await db.query(
      `SELECT count(*)::int AS off FROM products AS p
       LEFT JOIN (SELECT product_id, sum(quantity) AS held FROM stock_levels WHERE workspace_id = $1 GROUP BY 1) AS l ON l.product_id = p.id
       WHERE p.workspace_id = $1 AND p.quantity <> coalesce(l.held, 0)`,
      [workspaceId],
    ),
  ];
  return { levelsOff: levels[0].off, productsOff: totals[0].off, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

function scenarios({ baseUrl, token, places, moved }) {
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const graphql = (query, variables) => ({ url: `${baseUrl}/graphql`, method: 'POST', headers: json, body: JSON.stringify({ query, variables }) });
  // Each product goes Main -> Van, then back, so concurrent requests never take a place below what it holds.
  const transferOf = (n) => {
    const id = moved[Math.floor(n / 2) % moved.length];
    const [from, to] = n % 2 === 0 ? [places.main, places.van] : [places.van, places.main];
    return { id, from, to };
  };
  return [
    {
      id: 'list',
      label: 'list page 1 (reference)',
      rest: { url: `${baseUrl}/api/products?limit=10`, method: 'GET', headers: auth },
      graphql: graphql(LIST_QUERY, { query: { limit: 10 } }),
    },
    {
      id: 'by-location',
      label: 'list at Shop and below',
      rest: { url: `${baseUrl}/api/products?limit=10&locationId=${places.shop}`, method: 'GET', headers: auth },
      graphql: graphql(LIST_QUERY, { query: { limit: 10, locationId: places.shop } }),
    },
    {
      id: 'transfer',
      label: 'transfer 1 Main <-> Van',
      rest: {
        url: `${baseUrl}/api/products/${moved[0]}/transfer`,
        method: 'POST',
        headers: json,
        next: (n) => {
          const { id, from, to } = transferOf(n);
          return { method: 'POST', path: `/api/products/${id}/transfer`, body: JSON.stringify({ fromLocationId: from, toLocationId: to, quantity: 1 }) };
        },
      },
      graphql: {
        ...graphql(TRANSFER_MUTATION, {}),
        next: (n) => {
          const { id, from, to } = transferOf(n);
          return { method: 'POST', path: '/graphql', body: JSON.stringify({ query: TRANSFER_MUTATION, variables: { id, from, to, quantity: 1 } }) };
        },
      },
    },
  ];
}

const round1 = (n) => Math.round(n * 10) / 10;

function markdown(data) {
  const rows = data.results.flatMap((r) =>
    ['graphql', 'rest'].map((t) => `| ${t === 'graphql' ? r.label : ''} | ${t} | ${r[t].reqPerSec} | ${r[t].p50} | ${r[t].p99} | ${r[t].ratio ?? 1} | ${r[t].non2xx} |`),
  );
  const targets = data.targets.map((t) => `- ${t.name}: ${t.value} ms (target under ${t.limit} ms): ${t.met ? 'met' : '**missed**'}`);
  return [
    `${data.config.products.toLocaleString('en')} products in one workspace, stock in Main, Back room (under Shop) and Van; ${data.config.connections} connections, ${data.config.durationSeconds} s per scenario and transport. Ratio: req/s over the unfiltered list's, same transport.`,
    '',
    '| scenario | transport | req/s | p50 ms | p99 ms | ratio | non-2xx |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...targets,
    `- Ledger check after the run (${data.ledger.seconds} s): ${data.ledger.levelsOff} levels differ from the sum of their movements, ${data.ledger.productsOff} products from the sum of their levels.`,
    '',
    `Code: ${data.code}. Machine: ${data.machine.cpu}, ${data.machine.cores} cores, Node ${data.machine.node}; seeding and spreading took ${data.config.seedSeconds} s; run ${data.date}.`,
  ].join('\n');
}

export default async function run(args = []) {
  const products = option(args, 'products', 100_000);
  const duration = option(args, 'duration', 6);
  const connections = option(args, 'connections', 10);
  const startMachine = machine();
  const server = await startServer({
    label: 'bench-locations',
    env: { JWT_SECRET: randomBytes(48).toString('base64url'), AUTH_RATE_LIMIT: '100000000', API_RATE_LIMIT: '100000000' },
  });
  const db = new pg.Client({ connectionString: `postgresql://postgres:${readFileSync(join(server.dataDir, 'pg-password'), 'utf8').trim()}@127.0.0.1:${server.pgPort}/stockroom` });
  db.on('error', () => {});
  try {
    const user = await signUpForBench(server.baseUrl, { tag: 'locations', lastName: 'Locations', password: 'Bench#Passw0rd!' });
    const started = performance.now();
    await seed(server, user.email, products);
    const create = async (body) => (await api(server.baseUrl, user.token, 'POST', '/api/locations', body)).location.id;
    const { locations } = await api(server.baseUrl, user.token, 'GET', '/api/locations');
    const shop = await create({ name: 'Shop' });
    const places = { main: locations.find((l) => l.isDefault).id, shop, backRoom: await create({ name: 'Back room', parentId: shop }), van: await create({ name: 'Van' }) };
    await db.connect();
    console.log('spreading the stock over three places ...');
    await spreadStock(db, { workspaceId: user.workspaceId, userId: user.userId, from: places.main, to: places.backRoom, share: 3 });
    await spreadStock(db, { workspaceId: user.workspaceId, userId: user.userId, from: places.main, to: places.van, share: 2 });
    await db.query('VACUUM (ANALYZE) products, stock_levels, stock_movements');
    const seedSeconds = round1((performance.now() - started) / 1000);
    const moved = (
      await db.query(
        `SELECT s.product_id AS id FROM stock_levels AS s JOIN stock_levels AS m ON m.product_id = s.product_id AND m.location_id = $2
         WHERE s.location_id = $1 AND s.quantity >= 2 AND m.quantity >= 2 ORDER BY s.product_id LIMIT $3`,
        [places.van, places.main, MOVED_PRODUCTS],
      )
    ).rows.map((row) => row.id);
    if (moved.length === 0) throw new Error('no product holds stock at both Main and Van: the spreading moved nothing');

    const all = scenarios({ baseUrl: server.baseUrl, token: user.token, places, moved });
    const results = await measureTransports(all, { seconds: duration, connections, referenceId: 'list' });

    console.log('checking the ledger ...');
    const ledger = await ledgerCheck(db, user.workspaceId);
    const worst = (id) => worseP99(results.find((r) => r.id === id));
    const failures = (id) => ['graphql', 'rest'].reduce((n, t) => n + results.find((r) => r.id === id)[t].non2xx, 0);
    const targets = [
      { name: 'list at a location and below, p99 (worse transport)', value: worst('by-location'), limit: TARGETS.filteredListP99Ms },
      { name: 'transfer, p99 (worse transport)', value: worst('transfer'), limit: TARGETS.transferP99Ms },
    ].map((t) => ({ ...t, met: t.value > 0 && t.value < t.limit }));
    const data = {
      benchmark: 'locations',
      date: new Date().toISOString(),
      machine: startMachine,
      code: codeVersion(),
      config: { products, connections, durationSeconds: duration, movedProducts: moved.length, seedSeconds },
      results,
      targets,
      ledger,
      meetsTargets: targets.every((t) => t.met) && ledger.levelsOff === 0 && ledger.productsOff === 0 && failures('transfer') + failures('by-location') === 0,
    };
    const jsonFile = writeJson('locations', data);
    const docs = writeDocsSection(products === 100_000 ? 'Locations (`npm run bench -- locations`)' : `Locations (\`npm run bench -- locations --products=${products}\`)`, markdown(data));
    console.log(markdown(data));
    console.log(`wrote ${jsonFile} and ${docs}`);
    if (!data.meetsTargets) process.exitCode = 1;
  } finally {
    await db.end().catch(() => {});
    await stopServer(server);
    removeDir(server.dataDir);
  }
}
