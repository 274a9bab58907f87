#!/usr/bin/env node
/**
 * `npm test` after the build: jest twice. First the unit, integration and
 * browser suites side by side; then the performance project (Lighthouse)
 * alone, in band, because a page's timed score follows whatever else the
 * machine does in that second and its floors only mean something on a quiet
 * machine. The second pass runs even when the first failed, so one run
 * reports every suite.
 *
 * Arguments are passed to both passes (a path that matches nothing in a pass
 * is not an error there). `--outputFile=F` with `--json` writes one report
 * at F, the two passes' reports merged, as jest would have written it.
 * Exits with the first non-zero exit code of the two passes.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const jestBin = fileURLToPath(new URL('../node_modules/jest/bin/jest.js', import.meta.url));
const args = process.argv.slice(2);
const outputAt = args.findIndex((arg) => arg.startsWith('--outputFile'));
const outputFile = outputAt === -1 ? undefined : args[outputAt].includes('=') ? args[outputAt].split('=')[1] : args[outputAt + 1];
const passArgs = outputAt === -1 ? args : args.filter((_, i) => i !== outputAt && !(i === outputAt + 1 && !args[outputAt].includes('=')));

const PASSES = [
  { name: 'suites', projects: ['unit', 'integration', 'e2e'], extra: [] },
  { name: 'performance', projects: ['performance'], extra: ['--runInBand'] },
];

const reports = [];
let exitCode = 0;
for (const pass of PASSES) {
  const report = outputFile && `${outputFile}.${pass.name}.json`;
  console.log(`\ntest: jest, ${pass.projects.join(', ')}${pass.extra.length ? ` (${pass.extra.join(' ')})` : ''}`);
  const result = spawnSync(
    process.execPath,
    [jestBin, ...passArgs, '--selectProjects', ...pass.projects, '--passWithNoTests', ...pass.extra, ...(report ? [`--outputFile=${report}`] : [])],
    { stdio: 'inherit' },
  );
  const code = result.status ?? 1;
  if (exitCode === 0 && code !== 0) exitCode = code;
  if (report) {
    try {
      reports.push(JSON.parse(readFileSync(report, 'utf8')));
      rmSync(report);
    } catch {
      // No report: the summary counts the missing pass through the exit code.
    }
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
