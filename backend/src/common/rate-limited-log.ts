/** At most one line per kind of failure in this window. */
export const LOG_WINDOW_MS = 5_000;

const windows = new Map<string, { at: number; heldBack: number }>();

/**
 * Calls `write` for `key` at most once every LOG_WINDOW_MS, telling it how many
 * lines were held back since its last one, and says whether it wrote. For
 * failures that, while they last, come with every request (the database or the
 * upload store away): one line per kind every few seconds, not one per request.
 * Keys name a kind of failure (a reason, a route pattern), never a request, so
 * there are few of them.
 */
export function logOncePerWindow(key: string, write: (heldBack: number) => void, now = Date.now()): boolean {
  const last = windows.get(key);
  if (last && now - last.at < LOG_WINDOW_MS) {
    last.heldBack += 1;
    return false;
  }
  write(last?.heldBack ?? 0);
  windows.set(key, { at: now, heldBack: 0 });
  return true;
}

/** What a line written by logOncePerWindow says of the ones held back before it. */
export const heldBackNote = (heldBack: number) => (heldBack ? ` (${heldBack} more since the last line)` : '');
