#!/usr/bin/env node
/**
 * Fails when the committed contract is out of date: re-emits
 * schema/schema.graphql from TypeGraphQL and regenerates schema/generated
 * (`npm run codegen`: the GraphQL types and documents with graphql-codegen, the
 * REST types in schema/generated/rest.ts with openapi-typescript from the
 * document /api/openapi.json serves), then asks git whether anything under
 * those paths differs from the commit (modified, deleted or untracked).
 */
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const paths = ['schema/schema.graphql', 'schema/generated'];

function gitStatus() {
  const res = spawnSync('git', ['status', '--porcelain', '--untracked-files=all', '--', ...paths], {
    cwd: root,
    encoding: 'utf8',
  });
  if (res.status !== 0) {
    console.error(`check:generated: git status failed: ${res.stderr || res.error?.message}`);
    process.exit(2);
  }
  return res.stdout.split('\n').filter(Boolean);
}

const before = gitStatus();

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const codegen = spawnSync(npm, ['run', 'codegen'], { cwd: root, stdio: 'inherit' });
if (codegen.status !== 0) {
  console.error(`check:generated: \`npm run codegen\` failed (exit ${codegen.status ?? codegen.signal})`);
  process.exit(1);
}

const after = gitStatus();
if (after.length === 0) {
  console.log('check:generated: schema/schema.graphql and schema/generated (GraphQL and REST types) are up to date');
  process.exit(0);
}

console.error('check:generated: the committed contract is out of date. These files differ after `npm run codegen`:');
for (const line of after) console.error(`  ${line}`);
if (before.length > 0) {
  console.error('(note: some of them already had uncommitted changes before regenerating:');
  for (const line of before) console.error(`  ${line}`);
  console.error(')');
}
const diff = spawnSync('git', ['--no-pager', 'diff', '--stat', '--', ...paths], { cwd: root, encoding: 'utf8' });
if (diff.stdout) console.error(diff.stdout);
console.error('Run `npm run codegen` and commit schema/schema.graphql and schema/generated.');
process.exit(1);
