/** Load from autocannon over loopback, shared by the benchmarks that compare the GraphQL and REST transports. */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './_report.mjs';

const require = createRequire(join(repoRoot, 'backend/package.json'));
const autocannon = require('autocannon');

export const TRANSPORTS = ['graphql', 'rest'];

/** One autocannon run with `opts` (autocannon's own), as a promise; `onResponse` sees every answer. */
export function cannon(opts, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    if (onResponse) instance.on('response', onResponse);
  });
}

/** One run of a target ({ url, method, headers, body }) for `seconds`; requests made afresh by `next(n)` when given. */
export function runCannon({ url, headers, method, body, next }, { seconds, connections }) {
  let sent = 0;
  const requests = next ? [{ method, headers, setupRequest: (req) => ({ ...req, ...next(sent++) }) }] : undefined;
  return cannon({ url, method, headers, body, connections, duration: seconds, requests });
}

const round1 = (n) => Math.round(n * 10) / 10;

/**
 * Every scenario ({ id, label, graphql, rest }: a target per transport) on both transports: half a
 * second of each first, so the first measured one does not pay the server's warm-up, then
 * `seconds` of each in turn, one at a time. A row per scenario with each transport's req/s, p50,
 * p99 and failed requests, and, but for the reference scenario, its req/s over the reference's on
 * the same transport (`ratio`).
 */
export async function measureTransports(scenarios, { seconds, connections, referenceId }) {
  console.log('warming up ...');
  for (const s of scenarios) for (const t of TRANSPORTS) await runCannon(s[t], { seconds: 0.5, connections });
  const width = Math.max(...scenarios.map((s) => s.label.length)) + 1;
  const rows = [];
  for (const s of scenarios) {
    const row = { id: s.id, label: s.label };
    for (const t of TRANSPORTS) {
      const r = await runCannon(s[t], { seconds, connections });
      row[t] = { reqPerSec: round1(r.requests.total / r.duration), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors + r.timeouts };
      console.log(`${s.label.padEnd(width)} ${t.padEnd(8)} ${String(row[t].reqPerSec).padStart(7)} req/s  p50 ${row[t].p50} ms  p99 ${row[t].p99} ms  ${row[t].non2xx} non-2xx`);
    }
    rows.push(row);
  }
  const reference = rows.find((r) => r.id === referenceId);
  for (const r of rows.filter((x) => x !== reference)) for (const t of TRANSPORTS) r[t].ratio = Math.round((r[t].reqPerSec / reference[t].reqPerSec) * 100) / 100;
  return rows;
}

/** A scenario's p99 on its worse transport; one that completed no request, or answered an error, has none: Infinity (missed), not 0 ms. */
export const worseP99 = (row) => Math.max(...TRANSPORTS.map((t) => (row[t].reqPerSec > 0 && row[t].non2xx === 0 ? row[t].p99 : Infinity)));
