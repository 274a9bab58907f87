#!/usr/bin/env node
/**
 * `npm run bench -- <name> [args...]` runs bench/<name>.mjs.
 * Each benchmark starts the built server itself (run `npm run build` first).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'bench');
const available = readdirSync(benchDir)
  .filter((f) => f.endsWith('.mjs') && !f.startsWith('_'))
  .map((f) => f.slice(0, -4));
const [name, ...args] = process.argv.slice(2);

if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <name>   (available: ${available.join(', ')})`);
  process.exit(name ? 1 : 2);
}
const file = join(benchDir, `${name}.mjs`);
if (!existsSync(file)) throw new Error(`missing ${file}`);
const mod = await import(pathToFileURL(file).href);
await mod.default(args);
