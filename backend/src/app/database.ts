import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from './orm-config';

/** Connects and applies pending migrations, so a new database is ready to serve. */
export async function openDatabase(databaseUrl: string): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(databaseUrl));
  await orm.getMigrator().up();
  return orm;
}
