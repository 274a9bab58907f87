/**
 * `npm run bench -- export [--products=100000] [--rounds=2]`
 *
 * The product export (GET /api/products/export) of the built server against
 * the practical ceiling: PostgreSQL's own `COPY (SELECT ...) TO STDOUT` of
 * the same statement (the export's SELECT, owner inlined) read by a bare pg
 * client. One run: start the built server (production, its own DATA_DIR and
 * ports), sign up one user, seed `--products` products for them with the seed
 * script (seed 1), then in each round: COPY, the CSV export without
 * compression, the CSV export as a browser asks for it (Accept-Encoding
 * gzip, deflate, br), and the XLSX export. Each download is read as fast as
 * the client can; the server's RSS (/proc/<pid>/status) is sampled every
 * 20 ms from just before the request to its last byte, and its growth is the
 * peak over the figure before the request.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { removeDir, startServer, stopServer } from '../tests/e2e/support/server.mjs';
import { signUpForBench } from './_accounts.mjs';
import { option } from './_cli.mjs';
import { machine, repoRoot, writeDocsSection, writeJson } from './_report.mjs';
import { seed } from './_seed.mjs';

const require = createRequire(join(repoRoot, 'backend/package.json'));
const pg = require('pg');
const { to: copyTo } = require('pg-copy-streams');

const PASSWORD = 'Bench#Passw0rd!';
const TARGETS = {
  rssGrowthMiB: 100, // the server's RSS growth during any one export
  csvRowsPerSecond: 10_000, // the uncompressed CSV export
};
const RSS_SAMPLE_MS = 20;

const rssBytes = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;
const mib = (bytes) => Math.round((bytes / 1024 ** 2) * 10) / 10;

/** Samples a process's RSS until stopped: the figure at the start and the peak. */
function watchRss(pid) {
  const start = rssBytes(pid);
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, RSS_SAMPLE_MS);
  return () => {
    clearInterval(timer);
    peak = Math.max(peak, rssBytes(pid));
    return { startMiB: mib(start), peakMiB: mib(peak), growthMiB: mib(peak - start) };
  };
}

function signUp(baseUrl) {
  return signUpForBench(baseUrl, { tag: 'export', lastName: 'Export', password: PASSWORD });
}

/** The export's own statement for the workspace's whole catalogue, its one value written in (COPY takes no parameters). */
async function exportSelect(workspaceId) {
  const { productExportStatement } = await import(pathToFileURL(join(repoRoot, 'backend/dist/src/products/import-export/product-export.queries.js')).href);
  const { sql, values } = productExportStatement({ workspaceId, sortBy: 'date', sortOrder: 'desc' });
  if (values.length !== 1 || !/^[0-9a-f-]{36}$/.test(values[0])) throw new Error(`unexpected values ${JSON.stringify(values)}`);
  return sql.replace('?', `'${values[0]}'::uuid`);
}

/** COPY of the same rows to a bare client: the ceiling. */
async function copyRun(databaseUrl, select, expectedRows) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const stream = client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv, HEADER)`));
    let bytes = 0;
    let lines = 0;
    for await (const chunk of stream) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    if (lines !== expectedRows + 1) throw new Error(`COPY gave ${lines - 1} rows, expected ${expectedRows}`);
    return { seconds, bytes, rows: lines - 1 };
  } finally {
    await client.end();
  }
}

/** A GET on a connection of its own (an idle keep-alive socket may be closed by the server while the seed runs), decoding gzip or br. */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const encoding = res.headers['content-encoding'];
      const body = encoding === 'gzip' ? res.pipe(zlib.createGunzip()) : encoding === 'br' ? res.pipe(zlib.createBrotliDecompress()) : encoding === 'deflate' ? res.pipe(zlib.createInflate()) : res;
      res.on('error', reject);
      resolve({ status: res.statusCode, encoding: encoding ?? 'identity', body });
    });
    req.on('error', reject);
  });
}

/** One export download, read to its end as fast as the client can, with the server's RSS watched throughout. */
async function exportRun(server, token, format, encoding, expectedRows) {
  const stop = watchRss(server.pid);
  const started = performance.now();
  const res = await get(`${server.baseUrl}/api/products/export?format=${format}`, { authorization: `Bearer ${token}`, 'accept-encoding': encoding });
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  const firstByte = performance.now() - started;
  let bytes = 0;
  let lines = 0;
  // Decoded: count the CSV's lines in what the user gets.
  for await (const chunk of res.body) {
    bytes += chunk.length;
    if (format === 'csv') for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const rss = stop();
  if (format === 'csv' && lines !== expectedRows + 1) throw new Error(`the CSV export gave ${lines - 1} rows, expected ${expectedRows}`);
  return { seconds, firstByteMs: Math.round(firstByte), bytes, rows: expectedRows, rowsPerSecond: Math.round(expectedRows / seconds), rss, encoding: res.encoding };
}

const RUNS = [
  { id: 'csv', label: 'CSV, uncompressed', format: 'csv', encoding: 'identity' },
  { id: 'csv-browser', label: 'CSV, as a browser asks (Accept-Encoding: gzip, deflate, br)', format: 'csv', encoding: 'gzip, deflate, br' },
  { id: 'xlsx', label: 'XLSX', format: 'xlsx', encoding: 'identity' },
];

export default async function run(args = []) {
  const products = option(args, 'products', 100_000);
  const rounds = option(args, 'rounds', 2);
  const jwtSecret = randomBytes(48).toString('base64url');
  const startMachine = machine();
  const server = await startServer({ label: 'bench-export', env: { JWT_SECRET: jwtSecret, AUTH_RATE_LIMIT: '100000000', API_RATE_LIMIT: '100000000', LOG_LEVEL: 'warn' } });
  try {
    const databaseUrl = `postgresql://postgres:${readFileSync(join(server.dataDir, 'pg-password'), 'utf8').trim()}@127.0.0.1:${server.pgPort}/stockroom`;
    const user = await signUp(server.baseUrl);
    console.log(`seeding ${products.toLocaleString('en')} products for ${user.email} ...`);
    const seedSeconds = await seed(server, user.email, products);
    const select = await exportSelect(user.workspaceId);
    // One export first, so the measured ones do not include loading the route's libraries.
    await exportRun(server, user.token, 'csv', 'identity', products);

    const results = { copy: [], ...Object.fromEntries(RUNS.map((r) => [r.id, []])) };
    for (let round = 1; round <= rounds; round++) {
      const copy = await copyRun(databaseUrl, select, products);
      results.copy.push(copy);
      console.log(`round ${round}: COPY ${Math.round(products / copy.seconds).toLocaleString('en')} rows/s (${copy.seconds.toFixed(2)} s, ${mib(copy.bytes)} MiB)`);
      for (const r of RUNS) {
        const one = await exportRun(server, user.token, r.format, r.encoding, products);
        results[r.id].push(one);
        console.log(
          `round ${round}: ${r.label}: ${one.rowsPerSecond.toLocaleString('en')} rows/s (${one.seconds.toFixed(2)} s, ${mib(one.bytes)} MiB ${one.encoding}), RSS +${one.rss.growthMiB} MiB (${one.rss.startMiB} -> ${one.rss.peakMiB})`,
        );
      }
    }

    const best = (list) => list.reduce((a, b) => (a.seconds <= b.seconds ? a : b));
    const copyBest = best(results.copy);
    const copyRowsPerSecond = Math.round(products / copyBest.seconds);
    const rows = RUNS.map((r) => {
      const fastest = best(results[r.id]);
      const growth = Math.max(...results[r.id].map((x) => x.rss.growthMiB));
      return { ...r, rowsPerSecond: fastest.rowsPerSecond, seconds: fastest.seconds, bytes: fastest.bytes, ofCopy: Math.round((fastest.rowsPerSecond / copyRowsPerSecond) * 100) / 100, rssGrowthMiB: growth, firstByteMs: fastest.firstByteMs };
    });
    const csv = rows.find((r) => r.id === 'csv');
    const passed = rows.every((r) => r.rssGrowthMiB < TARGETS.rssGrowthMiB) && csv.rowsPerSecond >= TARGETS.csvRowsPerSecond;
    const endMachine = machine();
    writeJson('export', { products, rounds, seedSeconds, targets: TARGETS, passed, copy: { rowsPerSecond: copyRowsPerSecond, ...copyBest }, runs: results, summary: rows, machine: { start: startMachine, end: endMachine } });

    const n = products.toLocaleString('en');
    const table = [
      '| export | rows/s | time | size (decoded) | of COPY | server RSS growth (peak) |',
      '|---|---:|---:|---:|---:|---:|',
      `| \`COPY (SELECT ...) TO STDOUT\` (ceiling) | ${copyRowsPerSecond.toLocaleString('en')} | ${copyBest.seconds.toFixed(2)} s | ${mib(copyBest.bytes)} MiB | 1.00 | — |`,
      ...rows.map((r) => `| ${r.label} | ${r.rowsPerSecond.toLocaleString('en')} | ${r.seconds.toFixed(2)} s | ${mib(r.bytes)} MiB | ${r.ofCopy.toFixed(2)} | ${r.rssGrowthMiB} MiB |`),
    ];
    writeDocsSection(
      `export-${products}`,
      `### ${n} products

Measured ${new Date().toISOString().slice(0, 10)} on ${startMachine.cpu}, ${startMachine.cores} cores (shared; load ${startMachine.loadAverage1m} at the start, ${endMachine.loadAverage1m} at the end), ${startMachine.node}; seeded in ${seedSeconds.toFixed(0)} s. ${rounds === 1 ? 'One round' : `Best of ${rounds} rounds; the RSS growth is the largest of any round`}. Targets: the server's RSS grows less than ${TARGETS.rssGrowthMiB} MiB during any export, the uncompressed CSV at least ${TARGETS.csvRowsPerSecond.toLocaleString('en')} rows/s: **${passed ? 'met' : 'missed'}**.

${table.join('\n')}`,
    );
    console.log(`\n${table.join('\n')}\n\ntargets ${passed ? 'met' : 'MISSED'}; results in bench/results/export.json and docs/benchmarks.md`);
    if (!passed) process.exitCode = 1;
  } finally {
    await stopServer(server);
    removeDir(server.dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run(process.argv.slice(2));
