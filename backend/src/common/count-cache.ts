/**
 * Figures worked out from a workspace's catalogue (a searched list's count,
 * what each location holds), remembered per key together with the version of
 * the data they were read at: the catalogue's `changes`, which any write to
 * the workspace's products bumps (a trigger, so every app instance sees it).
 * A figure is only reused while its version is unchanged, so it is exactly
 * what reading it again would say (an estimate stays the same estimate).
 * Paging through a search, or opening a page again, then costs no recount.
 */
export class CountCache<T = number> {
  private readonly entries = new Map<string, { changes: string; total: T }>();

  constructor(private readonly maxEntries = 10_000) {}

  /**
   * The count remembered for `key` while the catalogue is still at `changes`;
   * `stillUsable` may accept one remembered at an earlier value (it gets the
   * count and that value). Anything else is dropped.
   */
  get(key: string, changes: string, stillUsable?: (total: T, countedAt: string) => boolean): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.changes !== changes && !stillUsable?.(entry.total, entry.changes)) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert so the Map's order is least recently used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.total;
  }

  set(key: string, changes: string, total: T): void {
    this.entries.delete(key);
    this.entries.set(key, { changes, total });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
