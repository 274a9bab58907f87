import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { ormConfig } from '../src/app/orm-config';

/**
 * Diffs the entities against a scratch database migrated to the newest
 * committed migration and writes the difference as a new migration file.
 */
async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'stockroom-migration-'));
  const db = await startEmbeddedPostgres(dir, 54000 + Math.floor(Math.random() * 1000));
  try {
    const orm = await MikroORM.init(ormConfig(db.url));
    const migrator = orm.getMigrator();
    await migrator.up();
    const result = await migrator.createMigration();
    console.info(result.fileName ? `Wrote ${result.fileName}: add it to backend/src/db/migrations/index.ts` : 'Entities and migrations already agree');
    await orm.close();
  } finally {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
