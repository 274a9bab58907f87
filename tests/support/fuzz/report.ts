import { FUZZ_RUNS, FUZZ_SEED } from './config';

/**
 * Failures are collected rather than thrown at the first one, so one run lists
 * every distinct way the server breaks its contract; each group shows the first
 * request that broke the rule and the answer it got.
 */
export interface Failure {
  /** Which property: operation, caller and kind of input. */
  property: string;
  seed: number;
  run: number;
  rule: string;
  detail: string;
  request: string;
  answer: string;
}

const clip = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

/** JSON for a report line: bounded, with binary shown by its size. */
export function show(value: unknown): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string') return clip(JSON.stringify(value));
  return clip(JSON.stringify(value, (_key, item) => (item instanceof Uint8Array ? `<${item.length} bytes>` : item && item.type === 'Buffer' && Array.isArray(item.data) ? `<${item.data.length} bytes>` : item)) ?? String(value));
}

export class FailureLog {
  private readonly failures: Failure[] = [];

  add(failure: Failure) {
    this.failures.push(failure);
  }

  get count() {
    return this.failures.length;
  }

  /** One paragraph per distinct (property, rule, detail), with how often it happened. */
  summary(): string {
    const groups = new Map<string, Failure[]>();
    for (const failure of this.failures) {
      // Numbers in a detail (lengths, positions) would split one defect into many groups.
      const key = `${failure.property}\n${failure.rule}\n${failure.detail.replace(/\d+/g, 'N')}`;
      groups.set(key, [...(groups.get(key) ?? []), failure]);
    }
    const lines = [`${this.failures.length} failing requests, ${groups.size} distinct (FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS}):`];
    for (const group of groups.values()) {
      const [first] = group;
      lines.push('', `✗ ${first.property} — rule "${first.rule}": ${first.detail} (${group.length}×, property seed ${first.seed})`);
      // A few examples: one rule broken by different inputs (a null role, a null status) may be different defects.
      for (const failure of group.slice(0, 3)) lines.push(`  run ${failure.run} request: ${failure.request}`, `         answer:  ${failure.answer}`);
    }
    return lines.join('\n');
  }
}

/** The share of valid requests that must succeed where success is possible, so the generator reaches the success paths. */
export const MIN_SUCCESS_SHARE = 0.3;

/** Counts, per operation, how many valid requests succeeded; names those below MIN_SUCCESS_SHARE. */
export class SuccessShare {
  private readonly rare: string[] = [];

  record(operation: string, tally: { successes: number; runs: number }) {
    if (tally.successes < tally.runs * MIN_SUCCESS_SHARE) this.rare.push(`${operation}: ${tally.successes}/${tally.runs} succeeded`);
  }

  get rarelySucceeding(): string[] {
    return this.rare;
  }

  /** A paragraph for a failure report, empty when every operation succeeded often enough. */
  summary(): string {
    return this.rare.length ? `\n\nValid requests that rarely succeeded (at least ${MIN_SUCCESS_SHARE * 100} % should):\n${this.rare.join('\n')}` : '';
  }
}
