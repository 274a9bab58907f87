import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121131834 } from './Migration20261121131834';

/**
 * Migrations in the order they run. Listed explicitly (not globbed) so the
 * same list works from compiled JavaScript and from TypeScript under jest.
 * `npm run migration:create` writes a new file; add it here.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121131834', class: Migration20261121131834 }, // accounts: users, sessions, one-time tokens, sign-in attempts, throttling
];
