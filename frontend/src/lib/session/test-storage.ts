import type { KeyValueStorage } from './storage';

/** A Map-backed KeyValueStorage for node tests, with its contents exposed. */
export function createTestStorage(initial: Record<string, string> = {}): KeyValueStorage & { dump(): Record<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    dump: () => Object.fromEntries(values),
  };
}
