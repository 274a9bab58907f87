/**
 * `npm run bench -- import [--rows=100000] [--rounds=1] [--seeded=100000]`
 *
 * The product import (POST /api/products/import) of the built server against
 * a raw baseline in the same run: a bare pg client's `COPY products FROM
 * STDIN` of the very same rows (ids made by the client), in one transaction,
 * into the same table with its indexes, constraints and totals triggers, but
 * with none of the import's work (reading and checking the file, the SKU
 * lookups, the stock movements, the activity entry). One run: start the built
 * server (production, its own DATA_DIR and ports), seed `--seeded` products
 * for another user (so the indexes are not empty), make a CSV of `--rows`
 * realistic rows, then in each round: the baseline COPY for a fresh user, the
 * dry run and the import in create mode for a fresh user, and an upsert of the
 * same file with every quantity changed (each row an update and an IMPORT
 * movement). Times are wall clock from the request's first byte to the answer.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { removeDir, startServer, stopServer } from '../tests/e2e/support/server.mjs';
import { signUpForBench } from './_accounts.mjs';
import { option } from './_cli.mjs';
import { codeVersion, machine, repoRoot, writeDocsSection, writeJson } from './_report.mjs';
import { seed } from './_seed.mjs';

const require = createRequire(join(repoRoot, 'backend/package.json'));
const pg = require('pg');
const { from: copyFrom } = require('pg-copy-streams');
const { stringify } = require('csv-stringify/sync');

const PASSWORD = 'Bench#Passw0rd!';
const TARGETS = { applySeconds: 30 }; // 100,000 rows applied (create or upsert), on the shared 2-core machine

function signUp(baseUrl, tag) {
  return signUpForBench(baseUrl, { tag: `import-${tag}`, lastName: 'Import', password: PASSWORD });
}

/** A small deterministic generator, so every run imports the same file. */
function random(seedNumber) {
  let state = seedNumber >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A GS1 EAN-13 with its check digit. */
function ean13(next) {
  const digits = Array.from({ length: 12 }, () => Math.floor(next() * 10));
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return `${digits.reverse().join('')}${(10 - (sum % 10)) % 10}`;
}

const ADJECTIVES = ['Ergonomic', 'Rustic', 'Sleek', 'Handmade', 'Refined', 'Compact', 'Durable', 'Vintage'];
const MATERIALS = ['Steel', 'Oak', 'Cotton', 'Granite', 'Bamboo', 'Leather', 'Glass', 'Copper'];
const THINGS = ['Lamp', 'Chair', 'Kettle', 'Notebook', 'Backpack', 'Mug', 'Shelf', 'Clock'];
const CATEGORIES = ['Home & Kitchen', 'Office', 'Outdoors', 'Electronics', 'Toys', 'Garden'];

/** The rows of the file: the export's columns, every one filled as a real catalogue would (`quantityShift` changes every quantity). */
function productRows(count, quantityShift = 0) {
  const next = random(42);
  return Array.from({ length: count }, (_, i) => {
    const name = `${ADJECTIVES[Math.floor(next() * 8)]} ${MATERIALS[Math.floor(next() * 8)]} ${THINGS[Math.floor(next() * 8)]} ${i}`;
    // Short descriptions: 100,000 rows must stay under the 20 MB a file may have.
    const words = Math.floor(next() * 4) + 2;
    const description = Array.from({ length: words }, () => `${MATERIALS[Math.floor(next() * 8)].toLowerCase()} ${THINGS[Math.floor(next() * 8)].toLowerCase()}`).join(', ');
    const quantity = Math.floor(next() * 500);
    return {
      sku: `BN-${String(i).padStart(6, '0')}`,
      name,
      description,
      category: CATEGORIES[Math.floor(next() * CATEGORIES.length)],
      price: (Math.floor(next() * 200_000) / 100 + 1).toFixed(2),
      quantity: quantity + quantityShift,
      reorder_level: next() < 0.5 ? Math.floor(next() * 20) : '',
      barcode: next() < 0.7 ? ean13(next) : '',
      featured: next() < 0.1 ? 'true' : 'false',
      image_url: next() < 0.8 ? `https://images.example.com/p/${i}.jpg` : '',
    };
  });
}

const COLUMNS = ['sku', 'name', 'description', 'category', 'price', 'quantity', 'reorder_level', 'barcode', 'featured', 'image_url'];
const csvOf = (rows) => Buffer.from(stringify(rows, { header: true, columns: COLUMNS, bom: true, record_delimiter: 'windows' }));

/** The baseline: the same rows straight into `products` with COPY, in one transaction, for `account`'s workspace. */
async function copyBaseline(databaseUrl, account, rows) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const text = stringify(
      rows.map((r) => [randomUUID(), account.workspaceId, account.userId, r.name, r.description, r.price, r.category, r.quantity, r.reorder_level, r.sku, r.barcode, r.featured, r.image_url]),
    );
    const started = performance.now();
    await client.query('BEGIN');
    await new Promise((resolve, reject) => {
      const stream = client.query(copyFrom('COPY products (id, workspace_id, created_by, name, description, price, category, quantity, reorder_level, sku, barcode, featured, image_url) FROM STDIN (FORMAT csv)'));
      stream.on('finish', resolve);
      stream.on('error', reject);
      stream.end(text);
    });
    await client.query('COMMIT');
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

/** One import request; resolves with its seconds and answer. */
async function importRun(baseUrl, token, file, { mode, dryRun }) {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), 'bench.csv');
  form.append('mode', mode);
  form.append('dryRun', String(dryRun));
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/products/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = await res.json();
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`import (${mode}${dryRun ? ', dry run' : ''}) answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return { seconds, created: body.created, updated: body.updated, unchanged: body.unchanged, failed: body.failed };
}

export default async function run(args = []) {
  const count = option(args, 'rows', 100_000);
  const rounds = option(args, 'rounds', 1);
  const seeded = option(args, 'seeded', 100_000);
  const startMachine = machine();
  const server = await startServer({ label: 'bench-import', env: { JWT_SECRET: randomBytes(48).toString('base64url'), AUTH_RATE_LIMIT: '100000000', API_RATE_LIMIT: '100000000', LOG_LEVEL: 'warn' } });
  try {
    const databaseUrl = `postgresql://postgres:${readFileSync(join(server.dataDir, 'pg-password'), 'utf8').trim()}@127.0.0.1:${server.pgPort}/stockroom`;
    let seedSeconds = 0;
    if (seeded > 0) {
      const neighbour = await signUp(server.baseUrl, 'neighbour');
      console.log(`seeding ${seeded.toLocaleString('en')} products for another user ...`);
      seedSeconds = await seed(server, neighbour.email, seeded, { quiet: true });
    }
    const rows = productRows(count);
    const file = csvOf(rows);
    const changed = csvOf(productRows(count, 1));
    console.log(`file: ${count.toLocaleString('en')} rows, ${(file.length / 1024 ** 2).toFixed(1)} MiB`);
    // A small import first, so the measured ones do not include loading the route's libraries.
    const warm = await signUp(server.baseUrl, 'warm');
    await importRun(server.baseUrl, warm.token, csvOf(productRows(100)), { mode: 'create', dryRun: false });

    const results = [];
    for (let round = 1; round <= rounds; round++) {
      const baselineUser = await signUp(server.baseUrl, 'copy');
      const copySeconds = await copyBaseline(databaseUrl, baselineUser, rows);
      const user = await signUp(server.baseUrl, 'import');
      const dry = await importRun(server.baseUrl, user.token, file, { mode: 'create', dryRun: true });
      const create = await importRun(server.baseUrl, user.token, file, { mode: 'create', dryRun: false });
      const upsert = await importRun(server.baseUrl, user.token, changed, { mode: 'upsert', dryRun: false });
      if (create.created !== count || upsert.updated !== count) throw new Error(`unexpected counts: ${JSON.stringify({ create, upsert })}`);
      results.push({ copySeconds, dry, create, upsert });
      console.log(
        `round ${round}: COPY ${copySeconds.toFixed(2)} s; dry run ${dry.seconds.toFixed(2)} s; create ${create.seconds.toFixed(2)} s (${(create.seconds / copySeconds).toFixed(1)}x COPY); upsert ${upsert.seconds.toFixed(2)} s (${(upsert.seconds / copySeconds).toFixed(1)}x COPY)`,
      );
    }

    const best = (pick) => Math.min(...results.map(pick));
    const copySeconds = best((r) => r.copySeconds);
    const runs = [
      { label: 'dry run (create mode: read, check, SKU lookup)', seconds: best((r) => r.dry.seconds) },
      { label: `import, create mode (${count.toLocaleString('en')} new products)`, seconds: best((r) => r.create.seconds) },
      { label: `import, upsert mode (${count.toLocaleString('en')} products updated by SKU, every quantity changed)`, seconds: best((r) => r.upsert.seconds) },
    ];
    const passed = runs.slice(1).every((r) => r.seconds <= TARGETS.applySeconds);
    const endMachine = machine();
    writeJson('import', { rows: count, rounds, seeded, seedSeconds, fileBytes: file.length, targets: TARGETS, passed, code: codeVersion(), results, machine: { start: startMachine, end: endMachine } });

    const n = count.toLocaleString('en');
    const table = [
      '| run | time | rows/s | of COPY (time) |',
      '|---|---:|---:|---:|',
      `| \`COPY products FROM STDIN\` of the same rows, one transaction (baseline) | ${copySeconds.toFixed(2)} s | ${Math.round(count / copySeconds).toLocaleString('en')} | 1.0x |`,
      ...runs.map((r) => `| ${r.label} | ${r.seconds.toFixed(2)} s | ${Math.round(count / r.seconds).toLocaleString('en')} | ${(r.seconds / copySeconds).toFixed(1)}x |`),
    ];
    writeDocsSection(
      `import-${count}`,
      `### Import of ${n} rows

Measured ${new Date().toISOString().slice(0, 10)} (code ${codeVersion()}) on ${startMachine.cpu}, ${startMachine.cores} cores (shared; load ${startMachine.loadAverage1m} at the start, ${endMachine.loadAverage1m} at the end), ${startMachine.node}; a CSV of ${(file.length / 1024 ** 2).toFixed(1)} MiB, the table already holding ${seeded.toLocaleString('en')} products of another user. ${rounds === 1 ? 'One round' : `Best of ${rounds} rounds`}. The baseline writes only the product rows; the import also reads and checks the file, looks the SKUs up, and writes a stock movement per product and the activity entry. Target: ${n} rows applied in at most ${TARGETS.applySeconds} s: **${passed ? 'met' : 'missed'}**.

${table.join('\n')}

Where the time goes (EXPLAIN ANALYZE of the import's statement, 100,000 rows, 2026-11-26): of the 24.8 s the create's statement took, 18.6 s is writing the product rows into their indexes (four of them trigram GIN indexes), as much as the baseline's COPY spends; 3.5 s is foreign-key checks PostgreSQL runs row by row (the product's owner, and each stock movement's product and user; the movement's owner had one more, 1.0 s, until it was dropped as the product's key already holds it); 1.3 s the movements' own rows. The upsert's UPDATE takes 19.3 s: no product row can be updated in place (its quantity is in five indexes and decides whether a sixth holds it), so every changed row gets a new entry in every index. Outside the statement: reading and checking the file 2.7-3 s, loading it into the temporary table 0.7-1.1 s (as COPY text) and 0.4 s of ANALYZE; after the commit, analysing products, stock levels and movements (autovacuum's rule, for the rows the import changed) about 0.4 s at 50,000 rows each, so that the next stock change is planned with statistics. The figures move with the machine's load: the baseline's COPY itself took from 17 s to 40 s in runs hours apart, and two runs of the same code (625b2a6) minutes apart on a quiet machine gave an upsert of 29.7 s (COPY 17.5 s) and 31.0 s (COPY 18.8 s). The trigram indexes are most of the UPDATE: on 100,000 seeded products (the seed's longer descriptions), the same UPDATE took 44-51 s with them and 8.8 s without them; letting their pending lists grow for the whole statement and merging them once at the end took 41-43 s in all, and without pending lists (fastupdate off) 234 s. Reading the products without a lock before the write (the movement's change now comes from the row the UPDATE replaces) saved nothing measurable. The update triggers are linear in the rows a statement writes (2026-11-29, 30,000 rows over 30,000 seeded): PL/pgSQL keeps a connection's first plan, and a plan made for a one-row edit joined an import's old and new rows in a nested loop (cancelled at 60 s by hand, over 300 s in the benchmark) until the two joining triggers were barred from nested loops (11.2 s); the field-versions trigger's comparison of each row through the catalogue and jsonb took 5.6 s of a 10.5 s UPDATE until it compared the columns one by one (the upsert 10.1-10.9 s before, 5.1-6.0 s after).

The cache (2026-11-26, code 4419610): PostgreSQL's default 128 MB of shared buffers is less than an upsert touches (the table and its fifteen indexes hold some 300 MB while the old row versions are still there), so the statement evicted and rewrote its own pages. The embedded server now runs with a quarter of the machine's memory (128 MB to 1 GB): on the same 100,000 rows minutes apart, the UPDATE alone took 20.7-21.4 s at 128 MB and 17.1-18.0 s at 512 MB, the whole upsert 26.6 s and 23.3 s; in this benchmark the upsert went from 29.7-31.0 s to the figure above, and the baseline's COPY from 17.5-18.8 s to the one above. Tried the same day and not kept, each within the noise of the UPDATE: one trigram index over name, description, category and SKU together instead of four (19.9 s: a GIN index costs per trigram entry, and the four columns share few), no checkpoint during the statement (max_wal_size 8 GB: 20.7 s, the ~500 MB of WAL are the index entries, not page images), and compressed page images (wal_compression pglz: 23.1 s). The statement triggers (totals and events) cost nothing measurable (21.5 s with them switched off).`,
    );
    console.log(`\n${table.join('\n')}\n\ntarget ${passed ? 'met' : 'MISSED'}; results in bench/results/import.json and docs/benchmarks.md`);
    if (!passed) process.exitCode = 1;
  } finally {
    await stopServer(server);
    removeDir(server.dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run(process.argv.slice(2));
