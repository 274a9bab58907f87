#!/usr/bin/env node
/**
 * `npm run bench` runs every benchmark in bench/ one after the other;
 * `npm run bench -- <name> [args...]` runs bench/<name>.mjs alone.
 * Each benchmark starts the built server itself (run `npm run build` first).
 * The exit code is 1 when any benchmark missed its targets or failed.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'bench');
const available = readdirSync(benchDir)
  .filter((f) => f.endsWith('.mjs') && !f.startsWith('_'))
  .map((f) => f.slice(0, -4))
  .sort();
const [name, ...args] = process.argv.slice(2);

const runOne = async (bench, benchArgs) => {
  const mod = await import(pathToFileURL(join(benchDir, `${bench}.mjs`)).href);
  await mod.default(benchArgs);
};

if (name === undefined || name.startsWith('--')) {
  // Every benchmark, each with its defaults; one failing does not stop the rest.
  const failed = [];
  for (const bench of available) {
    console.log(`\n=== bench: ${bench} ===`);
    const before = process.exitCode;
    process.exitCode = 0;
    try {
      await runOne(bench, name === undefined ? [] : process.argv.slice(2));
    } catch (error) {
      console.error(error);
      process.exitCode = 1;
    }
    if (process.exitCode) failed.push(bench);
    process.exitCode = before;
  }
  console.log(`\n${available.length - failed.length} of ${available.length} benchmarks met their targets${failed.length ? `; missed or failed: ${failed.join(', ')}` : ''}`);
  process.exitCode = failed.length ? 1 : 0;
} else if (!available.includes(name)) {
  console.error(`usage: npm run bench [-- <name> [args...]]   (no name: all of them; available: ${available.join(', ')})`);
  process.exit(1);
} else {
  await runOne(name, args);
}
