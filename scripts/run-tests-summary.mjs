#!/usr/bin/env node
/**
 * Reads a jest --json report and prints exactly one closing line
 * "N passed, N failed" totalled over every project and suite.
 *
 * Usage: node scripts/run-tests-summary.mjs <report.json> [jestExitCode]
 *
 * A suite that failed to run (syntax error, failing beforeAll, broken global
 * setup) has no test results of its own; it counts as one failure so the line
 * never reads "0 failed" for a broken run. A missing or unreadable report
 * (e.g. the build step failed before jest ran) counts as one failure too.
 * Exits non-zero when anything failed, when jest exited non-zero, or when no
 * test ran at all.
 */
import { readFileSync } from 'node:fs';

const [reportPath, exitCodeArg] = process.argv.slice(2);
const jestExit = exitCodeArg === undefined ? 0 : Number(exitCodeArg);

let report;
try {
  report = JSON.parse(readFileSync(reportPath, 'utf8'));
} catch (err) {
  console.error(`summary: no jest report at ${reportPath} (${err.message}); the build or jest failed before reporting`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/**
 * A failed test's message in the few lines that say what went wrong and where: the end of a long CI log is
 * what a reader sees first, and the whole message sits far above it, among every other suite's output.
 */
function whyItFailed(failureMessages = []) {
  // eslint-disable-next-line no-control-regex -- jest colours its messages
  const lines = String(failureMessages[0] ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trimEnd());
  const message = lines.filter((l) => l.trim() && !/^\s+at /.test(l)).slice(0, 8);
  const where = lines.find((l) => /^\s+at .*tests\//.test(l) && !/tests\/e2e\/support\//.test(l));
  return where ? [...message, where.trim()] : message;
}

const passed = report.numPassedTests ?? 0;
let failed = report.numFailedTests ?? 0;
const brokenSuites = (report.testResults ?? []).filter(
  (suite) => suite.status === 'failed' && (suite.assertionResults ?? []).every((a) => a.status !== 'failed'),
);
failed += brokenSuites.length;

for (const suite of report.testResults ?? []) {
  for (const a of suite.assertionResults ?? []) {
    if (a.status !== 'failed') continue;
    console.error(`FAILED ${suite.name} › ${a.fullName}`);
    for (const line of whyItFailed(a.failureMessages)) console.error(`  ${line}`);
  }
}
for (const suite of brokenSuites) {
  const first = String(suite.message ?? '').split('\n').find((l) => l.trim()) ?? 'suite failed to run';
  console.error(`FAILED TO RUN ${suite.name}: ${first.trim()}`);
}
if (passed + failed === 0) console.error('summary: jest ran no test');
if (jestExit !== 0 && failed === 0) {
  console.error(`summary: jest exited with ${jestExit} although no test failed (global setup/teardown or open handles?)`);
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || jestExit !== 0 || passed === 0 ? 1 : 0);
