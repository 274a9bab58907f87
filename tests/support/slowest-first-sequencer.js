/**
 * jest's order of test files: the slowest first, so that no worker is still
 * on a three-minute suite while the others sit idle at the end of the run.
 *
 * jest's own sequencer knows a file's time only from the previous run on the
 * same machine (its cache); a fresh clone has none, and jest then orders by
 * file size, which starts some of the slowest browser suites last. Here a file
 * without a cached time takes the one in the slow-suites table of
 * tests/README.md, and a file in neither comes after every timed one, largest
 * first. A file that failed last time still goes first, as with jest.
 */
const { readFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const testsDir = join(__dirname, '..');

/** The table's rows: | `e2e/accessibility.spec.ts` | e2e | 204 | gives tests/e2e/accessibility.spec.ts 204 s. */
function slowSuitesTable() {
  const seconds = new Map();
  let text = '';
  try {
    text = readFileSync(join(testsDir, 'README.md'), 'utf8');
  } catch {
    return seconds;
  }
  for (const match of text.matchAll(/^\|\s*`([^`]+)`\s*\|[^|]*\|\s*(\d+)\s*\|/gm)) seconds.set(match[1], Number(match[2]));
  return seconds;
}

class SlowestFirstSequencer extends Sequencer {
  table = slowSuitesTable();

  estimate(test) {
    const cached = this.time(test);
    if (cached != null) return cached;
    const listed = this.table.get(relative(testsDir, test.path).split('\\').join('/'));
    return listed == null ? undefined : listed * 1000;
  }

  sort(tests) {
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    const keyed = tests.map((test) => ({ test, failed: this.hasFailed(test), ms: this.estimate(test), size: size(test) }));
    keyed.sort((a, b) => {
      if (a.failed !== b.failed) return a.failed ? -1 : 1;
      if ((a.ms == null) !== (b.ms == null)) return a.ms == null ? 1 : -1;
      if (a.ms != null && a.ms !== b.ms) return b.ms - a.ms;
      return b.size - a.size;
    });
    return keyed.map(({ test, ms }) => Object.assign(test, { duration: ms }));
  }
}

module.exports = SlowestFirstSequencer;
