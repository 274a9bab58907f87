/**
 * How much the fuzz suites generate. The defaults keep `npm test` within a few
 * minutes on a small machine; `FUZZ_RUNS=500 npx jest tests/integration/fuzz-rest --selectProjects integration`
 * is a longer local run, and `FUZZ_SEED` replays one that failed.
 */
function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return value;
}

export const FUZZ_SEED = positiveInteger('FUZZ_SEED', 20261123);
/** Generated requests per operation, per caller, per kind (valid or invalid). */
export const FUZZ_RUNS = positiveInteger('FUZZ_RUNS', 8);

/** A seed per property, so each one replays alone and adding an operation does not reshuffle the others. */
export function seedFor(name: string): number {
  let hash = FUZZ_SEED;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** The time a property may take: about 40 ms a request plus start-up, scaled by the run count. */
export const fuzzTimeout = (properties: number) => 60_000 + properties * FUZZ_RUNS * 2 * 200;
