import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import { backendRoot } from '../common/paths';
import { entities } from './entities';
import { migrationsList } from '../db/migrations';

export function ormConfig(databaseUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    migrations: {
      migrationsList,
      // Where `migration:create` writes new files (always the TypeScript source).
      path: join(backendRoot, 'src/db/migrations'),
      emit: 'ts',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    forceUtcTimezone: true,
    // Every request forks its own EntityManager; the global one must never be used.
    allowGlobalContext: false,
    pool: { min: 0, max: 10 },
    discovery: { warnWhenNoEntities: false },
    ...overrides,
  });
}
