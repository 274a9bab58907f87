import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/**
 * A statement written out by hand, for the hot paths where the ORM's query
 * building and hydration cost more than the query. Placeholders are `?`
 * (knex style); every value is a bound parameter, never spliced into the
 * text. The bench baseline runs the same statements with `pg`.
 */
export interface Statement {
  sql: string;
  values: unknown[];
}

/** Runs a statement and returns its rows: in the EntityManager's transaction if it has one, else on the pool. */
export async function runStatement<T>(em: EntityManager, { sql, values }: Statement): Promise<T[]> {
  const runner = em.getTransactionContext<Knex.Transaction>() ?? em.getKnex();
  const result = await runner.raw(sql, values as never[]);
  return result.rows as T[];
}

/**
 * A case-insensitive substring search term for `ILIKE ? ESCAPE '!'`: `!` is
 * the escape character, so it and the wildcards `%` and `_` match themselves.
 */
export const likePattern = (term: string) => `%${term.replace(/[!%_]/g, (c) => `!${c}`)}%`;
