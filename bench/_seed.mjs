import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './_report.mjs';

/**
 * Runs `npm run seed`'s script against a benchmark server's own embedded
 * PostgreSQL (it finds the running cluster in DATA_DIR): `products` products
 * for `email`, from seed `seedNumber` so a run repeats. Resolves with the
 * seconds it took. `quiet` keeps its progress lines out of the benchmark's output.
 */
export function seed(server, email, products, { seedNumber = 1, quiet = false } = {}) {
  return runSeed(server, ['--products', String(products), '--user', email, '--seed', String(seedNumber)], quiet);
}

/**
 * `tenants` new accounts with `products` products each (`npm run seed -- --tenants`), from seed
 * `seedNumber`: the other shops of a database where the benchmark's catalogue is one among many.
 */
export function seedTenants(server, tenants, products, { seedNumber = 2, quiet = false } = {}) {
  return runSeed(server, ['--products', String(products), '--tenants', String(tenants), '--seed', String(seedNumber)], quiet);
}

/** The seed script with `args` on the server's database; resolves with the seconds it took. */
function runSeed(server, args, quiet) {
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: server.dataDir, EMBEDDED_PG_PORT: String(server.pgPort) };
  delete env.DATABASE_URL;
  // The benchmark's own Node options (a soak's inspector) are not the seed's.
  delete env.NODE_OPTIONS;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'backend/dist/scripts/seed.js'), ...args], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`seed exited with ${code}`))));
  });
}
