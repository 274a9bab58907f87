/** Shared output for benchmarks: machine facts, JSON results and the docs table. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The commit measured, marked when backend/ or schema/ has changes not committed yet (another engineer's, often). */
export function codeVersion() {
  try {
    const git = (...a) => execFileSync('git', a, { cwd: repoRoot, encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'backend', 'schema') ? ' + uncommitted backend/schema changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

export function machine() {
  const cpu = cpus()[0];
  return {
    cpu: cpu?.model?.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAverage1m: Math.round(loadavg()[0] * 100) / 100,
  };
}

/** A table's last line: the code measured, the machine and its load when the run began (`machine()`), and when it ran. */
export function runFooter(data) {
  return `Code: ${data.code}. Machine: ${data.machine.cpu}, ${data.machine.cores} cores, Node ${data.machine.node}, load average ${data.machine.loadAverage1m} (1 min) at the start; run ${data.date}.`;
}

export function writeJson(name, data) {
  const dir = join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** Replaces (or appends) the section between this benchmark's markers in docs/benchmarks.md. */
export function writeDocsSection(name, markdown) {
  const file = join(repoRoot, 'docs/benchmarks.md');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  let doc = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\nWritten by `npm run bench -- <name>` (after `npm run build`); each section is replaced by its latest run.\n';
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  doc = i >= 0 && j > i ? doc.slice(0, i) + block + doc.slice(j + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, doc);
  return file;
}
