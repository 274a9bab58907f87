#!/usr/bin/env node
/**
 * The REST half of `npm run codegen`: writes schema/generated/rest.ts, the
 * openapi-typescript types of the document /api/openapi.json serves, from the
 * built backend (no server or database), so the typed client's REST calls and
 * an outside project's code check against the same contract CI diffs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeIfChanged } from './write-if-changed.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'stockroom-rest-codegen-'));
const documentFile = join(work, 'openapi.json');
const typesFile = join(work, 'rest.ts');
const target = join(root, 'schema/generated/rest.ts');

function run(label, command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
  }
}

try {
  run('emit-openapi', process.execPath, [join(root, 'backend/dist/scripts/emit-openapi.js'), documentFile]);
  run('openapi-typescript', join(root, 'node_modules/.bin/openapi-typescript'), [documentFile, '--output', typesFile]);
  const changed = writeIfChanged(target, readFileSync(typesFile, 'utf8'));
  console.log(`codegen: schema/generated/rest.ts from /api/openapi.json ${changed ? 'written' : 'up to date'}`);
} catch (error) {
  console.error(`codegen: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
