import type { MikroORM } from '@mikro-orm/postgresql';
import { migrationsList } from '../../backend/src/db/migrations';

/** The migration listed just before `name`: a test migrates down to it, writes data of the old shape, then migrates up. */
export function migrationBefore(name: string): string {
  const index = migrationsList.findIndex((migration) => migration.name === name);
  if (index < 1) throw new Error(`${name} is not a listed migration with one before it`);
  return migrationsList[index - 1].name;
}

/** Runs one statement on the ORM's connection and answers its rows. */
export const sqlOn =
  (orm: MikroORM) =>
  <T = Record<string, unknown>>(sql: string, values: unknown[] = []) =>
    orm.em.getConnection().execute<T[]>(sql, values);
