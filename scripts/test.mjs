#!/usr/bin/env node
/**
 * `npm test` after the build: jest in two steps.
 *
 * 1. The browser suites (`e2e`) beside the unit and integration suites and
 *    the built server's stop (`built-server`, no browser), as two jest runs at
 *    once with one worker each. A browser suite keeps a core busy
 *    with Chromium and the server; two of them at once on a 2-core machine
 *    slow every page past the tests' waits, while an integration suite beside
 *    one costs it little. So the run is as long as the browser suites' sum.
 * 2. The performance project (Lighthouse) alone, in band, because a page's
 *    timed score follows whatever else the machine does in that second and its
 *    floors only mean something on a quiet machine.
 *
 * Every run happens even when an earlier one failed, so one `npm test` reports
 * every suite. Arguments go to every run (a path that matches nothing in a run
 * is not an error there). `--outputFile=F` with `--json` writes one report at
 * F, the runs' reports merged, as jest would have written it. Exits with the
 * first non-zero exit code.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const jestBin = fileURLToPath(new URL('../node_modules/jest/bin/jest.js', import.meta.url));
const args = process.argv.slice(2);
const outputAt = args.findIndex((arg) => arg.startsWith('--outputFile'));
const outputFile = outputAt === -1 ? undefined : args[outputAt].includes('=') ? args[outputAt].split('=')[1] : args[outputAt + 1];
const passArgs = outputAt === -1 ? args : args.filter((_, i) => i !== outputAt && !(i === outputAt + 1 && !args[outputAt].includes('=')));

/** Steps run one after the other; the runs of a step run at once. */
const STEPS = [
  [
    { name: 'browser', projects: ['e2e'], extra: ['--maxWorkers=1'] },
    { name: 'server', projects: ['unit', 'integration', 'built-server'], extra: ['--maxWorkers=1'] },
  ],
  [{ name: 'performance', projects: ['performance'], extra: ['--runInBand'] }],
];

function runJest(run) {
  const report = outputFile && `${outputFile}.${run.name}.json`;
  console.log(`\ntest: jest, ${run.projects.join(', ')} (${run.extra.join(' ')})`);
  const child = spawn(
    process.execPath,
    [jestBin, ...passArgs, '--selectProjects', ...run.projects, '--passWithNoTests', ...run.extra, ...(report ? [`--outputFile=${report}`] : [])],
    { stdio: 'inherit' },
  );
  return new Promise((resolve) => {
    child.on('close', (code) => {
      let parsed;
      if (report) {
        try {
          parsed = JSON.parse(readFileSync(report, 'utf8'));
          rmSync(report);
        } catch {
          // No report: the summary counts the missing run through the exit code.
        }
      }
      resolve({ code: code ?? 1, report: parsed });
    });
  });
}

const reports = [];
let exitCode = 0;
for (const step of STEPS) {
  for (const result of await Promise.all(step.map(runJest))) {
    if (exitCode === 0 && result.code !== 0) exitCode = result.code;
    if (result.report) reports.push(result.report);
  }
}

if (outputFile && reports.length > 0) {
  const sum = (key) => reports.reduce((total, report) => total + (report[key] ?? 0), 0);
  const merged = {
    ...reports[0],
    success: reports.every((report) => report.success),
    testResults: reports.flatMap((report) => report.testResults ?? []),
  };
  for (const key of Object.keys(reports[0])) if (key.startsWith('num')) merged[key] = sum(key);
  writeFileSync(outputFile, JSON.stringify(merged));
}
process.exit(exitCode);
