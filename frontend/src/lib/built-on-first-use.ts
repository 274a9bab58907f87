/** A value built the first time it is asked for, then kept: for what is costly to build and not always needed (a locale's formatters). */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
