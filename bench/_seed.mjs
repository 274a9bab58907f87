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
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: server.dataDir, EMBEDDED_PG_PORT: String(server.pgPort) };
  delete env.DATABASE_URL;
  // The benchmark's own Node options (a soak's inspector) are not the seed's.
  delete env.NODE_OPTIONS;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'backend/dist/scripts/seed.js'), '--products', String(products), '--user', email, '--seed', String(seedNumber)], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`seed exited with ${code}`))));
  });
}
