import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from './orm-config';

/** Connects and applies pending migrations, so a new database is ready to serve. */
export async function openDatabase(databaseUrl: string, { poolMax }: { poolMax?: number } = {}): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(databaseUrl, poolMax === undefined ? {} : { pool: { min: 0, max: poolMax } }));
  await orm.getMigrator().up();
  return orm;
}
