/** The two methods pg-boss's worker calls on its manager once a job's handler is done. */
type CompletionMethod = (this: unknown, ...args: unknown[]) => Promise<unknown>;
interface ManagerPrototype {
  complete: CompletionMethod;
  fail: CompletionMethod;
}

let reportedTo: ((error: unknown) => void) | undefined;

/**
 * pg-boss (10.4) marks a worked job completed or failed without awaiting it,
 * so a database lost at that moment rejects where nobody listens, which ends
 * a Node process. Every completion pg-boss starts gets a handler here that
 * passes the error to `report` instead; a caller that awaits the promise still
 * sees the rejection. The job stays active and is retried when it expires.
 * Call before creating a PgBoss: each instance keeps the methods it found.
 * Called again, only the report changes.
 */
export function reportUnawaitedCompletions(report: (error: unknown) => void): void {
  const alreadyWrapped = reportedTo !== undefined;
  reportedTo = report;
  if (alreadyWrapped) return;
  // pg-boss has no hook for this, and its manager is private to each instance: its class is where the calls go.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file of pg-boss's own, not in its exports' types
  const manager = (require('pg-boss/src/manager') as { prototype: ManagerPrototype }).prototype;
  for (const method of ['complete', 'fail'] as const) {
    const original = manager[method];
    const reported = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      result.catch((error: unknown) => reportedTo?.(error));
      return result;
    };
    // A PgBoss offers its manager's methods under their function names.
    manager[method] = Object.defineProperty(reported, 'name', { value: method });
  }
}
