import { dirname } from 'node:path';

/**
 * Notes the text of every statement a pg client of this test file sends, for
 * tests that hold a request to the statements it costs. Both copies of `pg`
 * are hooked: the ORM's pool (and the app's plain-SQL pool, which borrows
 * its connections) runs on @mikro-orm/postgresql's, pg-boss on the top one.
 */

type Query = (this: unknown, ...args: unknown[]) => unknown;
interface ClientClass {
  prototype: { query: Query };
}

/** `pg` as the app's ORM loads it, and as everything else does. */
function pgClientClasses(): ClientClass[] {
  const ormPg = require.resolve('pg', { paths: [dirname(require.resolve('@mikro-orm/postgresql'))] });
  // jest's own require, so the modules hooked are the ones the app loaded (createRequire would load fresh copies).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const classes = [require(ormPg).Client, require('pg').Client] as ClientClass[];
  return [...new Set(classes)];
}

/** A query's text, whichever form pg was given it in (a string, a config object, a cursor). */
const textOf = (query: unknown) => (typeof query === 'string' ? query : ((query as { text?: string } | undefined)?.text ?? String(query)));

/** Whether pg was given the query as a named (prepared) statement. */
const isPrepared = (query: unknown) => typeof (query as { name?: unknown } | undefined)?.name === 'string';

/** A statement that writes, or that takes a row lock or a sequence value as a write would. */
export const WRITE_STATEMENT = /\binsert\s+into\b|\bupdate\s+[\w".]+(\s+as\s+\w+)?\s+set\b|\bdelete\s+from\b|\bmerge\s+into\b|\btruncate\b|\bfor\s+(no\s+key\s+)?update\b|\bfor\s+(key\s+)?share\b|\bnextval\s*\(/i;

export interface StatementLog {
  /** The statements sent while `work` ran, in the order they were sent, and those of them sent as prepared statements. */
  during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[]; prepared: string[] }>;
  /** Unhooks pg. */
  stop(): void;
}

/** Hooks every pg client's `query`; nothing is noted outside `during`. */
export function logStatements(): StatementLog {
  let noted: { statements: string[]; prepared: string[] } | undefined;
  const hooked = pgClientClasses().map((Client) => {
    const original = Client.prototype.query;
    Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      noted?.statements.push(textOf(args[0]));
      if (isPrepared(args[0])) noted?.prepared.push(textOf(args[0]));
      return original.apply(this, args);
    };
    return () => {
      Client.prototype.query = original;
    };
  });
  return {
    async during(work) {
      const statements: string[] = [];
      const prepared: string[] = [];
      noted = { statements, prepared };
      try {
        return { result: await work(), statements, prepared };
      } finally {
        noted = undefined;
      }
    },
    stop() {
      for (const unhook of hooked) unhook();
    },
  };
}
