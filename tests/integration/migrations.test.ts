import type { MikroORM } from '@mikro-orm/postgresql';
import { openDatabase } from '../../backend/src/app/database';
import { migrationsList } from '../../backend/src/db/migrations';
import { createDatabase } from '../support/test-app';

/*
 * The CI check that entities and migrations agree: a fresh database migrated
 * by the app must already have exactly the schema the entities describe.
 */
let orm: MikroORM;
beforeAll(async () => {
  orm = await openDatabase(await createDatabase());
});
afterAll(() => orm.close());

describe('migrations', () => {
  it('apply every listed migration to a fresh database', async () => {
    const executed = await orm.getMigrator().getExecutedMigrations();
    expect(executed.map((m) => m.name)).toEqual(migrationsList.map((m) => m.name));
    expect(await orm.getMigrator().getPendingMigrations()).toEqual([]);
  });

  it('leave no difference between the entities and the migrated schema', async () => {
    const diff = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
    expect(diff.trim()).toBe('');
  });

  it('would notice drift: a schema that differs from the entities yields a non-empty diff', async () => {
    const drifted = await openDatabase(await createDatabase());
    try {
      await drifted.em.getConnection().execute('ALTER TABLE users DROP COLUMN avatar');
      const diff = await drifted.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
      expect(diff).toMatch(/avatar/);
    } finally {
      await drifted.close();
    }
  });

  it('are idempotent: opening the database again applies nothing', async () => {
    const again = await openDatabase(orm.config.get('clientUrl')!);
    try {
      expect(await again.getMigrator().getPendingMigrations()).toEqual([]);
      expect((await again.getMigrator().getExecutedMigrations()).length).toBe(migrationsList.length);
    } finally {
      await again.close();
    }
  });

  it('enforce in the database what the code relies on: unique emails and one lockout row per email and client', async () => {
    const connection = orm.em.getConnection();
    const indexes = await connection.execute<{ indexdef: string }[]>(`SELECT indexdef FROM pg_indexes WHERE tablename IN ('users', 'sign_in_attempts', 'one_time_tokens')`);
    const defs = indexes.map((row) => row.indexdef).join('\n');
    expect(defs).toMatch(/UNIQUE INDEX .* ON public\.users .*\(email\)/);
    expect(defs).toMatch(/UNIQUE INDEX .* ON public\.sign_in_attempts .*\(email_key, client_key\)/);
    expect(defs).toMatch(/UNIQUE INDEX .* ON public\.one_time_tokens .*\(token_hash\)/);
  });
});
