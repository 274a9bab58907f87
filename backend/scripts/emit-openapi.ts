import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApiDocument } from '../src/app/openapi';

/**
 * Writes the document /api/openapi.json serves to the file named on the
 * command line, without starting a server or a database, so CI can lint it
 * and generate types from it. The server named is the second argument, or
 * `/`: the origin the document is read from, as a served copy names its own
 * APP_URL.
 */
function main() {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node backend/dist/scripts/emit-openapi.js <file.json> [server-url]');
    process.exit(2);
  }
  const file = resolve(target);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(process.argv[3] ?? '/'), null, 2)}\n`);
  console.info(`Wrote ${file}`);
}

main();
