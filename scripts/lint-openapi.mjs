#!/usr/bin/env node
/**
 * Holds the REST document to two standards, from the built backend (run
 * `npm run lint:openapi`, which builds first; no server or database needed):
 *
 * 1. Redocly CLI's recommended rules (redocly.yaml): no error and no warning.
 * 2. openapi-typescript turns it into types a caller can use:
 *    scripts/openapi/consumer.ts type-checks against them with tsc --strict.
 *
 * Exits non-zero on any problem, printing it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const work = mkdtempSync(join(tmpdir(), 'stockroom-openapi-'));
const documentFile = join(work, 'openapi.json');

/**
 * Operations a browser is sent to, which answer only with a redirect: single sign-on's start (to the
 * provider) and callback (back into the app). Redocly's operation-2xx-response cannot tell them from an
 * operation that forgot its success answer, so its warning is taken back for these two alone.
 */
const BROWSER_REDIRECTS = ['/api/auth/oidc/start', '/api/auth/oidc/callback'].map((path) => `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/`);
const acceptedProblem = (problem) =>
  problem.ruleId === 'operation-2xx-response' && (problem.location ?? []).every((l) => BROWSER_REDIRECTS.some((prefix) => l.pointer?.startsWith(prefix)));

function run(label, command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
  }
  return result.stdout;
}

try {
  run('emit', process.execPath, [join(root, 'backend/dist/scripts/emit-openapi.js'), documentFile]);

  // --format=json: the totals say whether there were warnings, which do not change Redocly's exit code.
  const lint = spawnSync(bin('redocly'), ['lint', '--config', join(root, 'redocly.yaml'), '--format=json', documentFile], { cwd: root, encoding: 'utf8' });
  let report;
  try {
    report = JSON.parse(lint.stdout);
  } catch {
    process.stderr.write(lint.stdout + lint.stderr);
    throw new Error('redocly lint printed no report');
  }
  const problems = report.problems.filter((problem) => !acceptedProblem(problem));
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  if (errors > 0 || warnings > 0) {
    for (const problem of problems) {
      console.error(`${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location?.map((l) => l.pointer).join(', ')})`);
    }
    throw new Error(`redocly lint: ${errors} errors, ${warnings} warnings`);
  }
  console.log('lint:openapi: Redocly recommended rules: 0 errors, 0 warnings');

  run('openapi-typescript', bin('openapi-typescript'), [documentFile, '--output', join(work, 'openapi.d.ts')]);
  copyFileSync(join(root, 'scripts/openapi/consumer.ts'), join(work, 'consumer.ts'));
  run('tsc on the generated types', bin('tsc'), [
    '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler',
    join(work, 'openapi.d.ts'), join(work, 'consumer.ts'),
  ]);
  console.log('lint:openapi: openapi-typescript types check with scripts/openapi/consumer.ts');
} catch (error) {
  console.error(`lint:openapi: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
